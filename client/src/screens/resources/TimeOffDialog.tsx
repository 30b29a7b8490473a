import { useId } from 'react';
import { toast } from 'sonner';
import type { CompanySettings } from '@shared/schemas/settings';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { formNotice } from '../../forms/formNotice';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { TimeOffFields } from './TimeOffFields';
import { TIME_OFF_LABELS, TimeOffForm, companyPart, timeOffValuesOf, versionOf } from './timeOffForm';
import { logFailure } from '../../lib/logFailure';

/** An administrator's shortcut from the resources page's tiles to the company's time off (System settings). */
export function TimeOffDialog({ settings, onClose }: ActionDialogProps & { settings: CompanySettings }) {
  const formId = useId();
  const edited = useEditedRow('company_settings', settings, { noun: 'settings', labels: TIME_OFF_LABELS, fetchRow: () => endpoints.companySettings() });
  const { form, onSubmit } = useSchemaForm(TimeOffForm, timeOffValuesOf(settings));
  const { errors, isSubmitting } = form.formState;

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({
        entity: 'company_settings',
        id: settings.id,
        version: versionOf(edited.base),
        optimistic: (row) => ({ ...row, company_holidays: body.company_holidays ?? row.company_holidays, vacation_days: body.vacation_days ?? row.vacation_days }),
        send: (meta) => endpoints.updateSystemSettings({ company_holidays: body.company_holidays, vacation_days: body.vacation_days }, meta).then(companyPart),
      });
      toast.success('Company time off saved');
      onClose();
    } catch (e) {
      logFailure('Failed to save company time off', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, timeOffValuesOf);

  return (
    <ActionDialog
      title="Company Time Off"
      description="Holidays and vacation days, as every employee sees them here. Also in Settings, System."
      onClose={onClose}
      notice={formNotice({
        change: edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />,
        failureTitle: 'Failed to save company time off',
        failure: errors.root?.server?.message,
        missing: null,
      })}
      primary={{ label: 'Save', busyLabel: 'Saving...', busy: isSubmitting, form: formId }}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TimeOffFields register={form.register} errors={errors} />
      </form>
    </ActionDialog>
  );
}
