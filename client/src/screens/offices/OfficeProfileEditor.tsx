import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { leaseEndDate } from '@shared/domain/lease';
import type { Office } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ProfileEditForm } from '../../components/ProfileEditForm';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useTabbedFocus } from '../../forms/useTabbedFocus';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { numberOrNull, OFFICE_FIELD_LABELS } from './officeDialogParts';
import { OFFICE_PROFILE_FIELDS, OfficeProfileForm, profileValuesOf, type OfficeTab } from './officeForms';
import { formatDate } from './officeUi';
import { logFailure } from '../../lib/logFailure';

/**
 * The office profile in edit mode (admins): the Overview and Pricing fields as one form, kept
 * while switching tabs. Like the dialogs, it edits from the row as editing began: a change by
 * someone else meanwhile is named, and Reload takes it keeping what was typed.
 */
export function OfficeProfileEditor({
  office,
  tab,
  onTab,
  onDone,
  readOnly,
}: {
  office: Office;
  tab: OfficeTab;
  onTab: (tab: OfficeTab) => void;
  onDone: () => void;
  /** What a tab without editable fields shows (Assignment). */
  readOnly: ReactNode;
}) {
  const edited = useEditedRow('offices', office, { noun: 'office', labels: OFFICE_FIELD_LABELS, fetchRow: endpoints.office });
  // An invalid field may sit on the other tab: open it first (the hook needs the form's setFocus, hence the indirection).
  const { form, onSubmit } = useSchemaForm(OfficeProfileForm, profileValuesOf(office), { focus: (paths: string[]): void => focusOnTab(paths) });
  const focusOnTab: (paths: string[]) => void = useTabbedFocus(OFFICE_PROFILE_FIELDS, onTab, form.setFocus);
  const { register, watch, formState } = form;
  const { errors } = formState;
  const term = numberOrNull(watch('lease_info.term_months'));
  const start = watch('lease_info.start_date');

  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'offices', id: office.id, version: edited.base.version, send: (meta) => endpoints.updateOffice(office.id, body, meta) });
      toast.success('Office saved');
      onDone();
    } catch (e) {
      logFailure('Failed to update office', e);
      if (!edited.takeConflict(e)) showServerError(form, e, { focus: focusOnTab });
    }
  });
  const reload = reloadKeepingTyped(edited, form, profileValuesOf);

  const number = (name: Parameters<typeof register>[0], label: string, error: string | undefined, extra: object) => (
    <Field label={label} error={error}>
      {(control) => <Input {...control} type="number" inputMode="decimal" {...extra} {...register(name)} />}
    </Field>
  );

  return (
    <ProfileEditForm id="office-profile-form" onSubmit={submit} edited={edited} onReload={reload} formState={formState} failureTitle="Failed to update office" onCancel={onDone}>
      {tab === 'overview' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Office number" error={errors.office_number?.message}>
            {(control) => <Input {...control} {...register('office_number')} />}
          </Field>
          <Field label="Type" error={errors.type?.message}>
            {(control) => <Input {...control} {...register('type')} />}
          </Field>
          {number('desks', 'Desks', errors.desks?.message, { min: 0, step: 1 })}
          {number('floor', 'Floor', errors.floor?.message, { step: 1 })}
          <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('windowed')} />
            Windowed
          </label>
        </div>
      )}
      {tab === 'pricing' && (
        <div className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-3">
            {number('market_rates.monthly', 'Monthly rate', errors.market_rates?.monthly?.message, { min: 0, step: 'any' })}
            {number('market_rates.six_month', '6-month rate', errors.market_rates?.six_month?.message, { min: 0, step: 'any' })}
            {number('market_rates.twelve_month', '12-month rate', errors.market_rates?.twelve_month?.message, { min: 0, step: 'any' })}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {number('signed_rate', 'Signed rate', errors.signed_rate?.message, { min: 0, step: 'any', placeholder: 'Not signed' })}
            {number('lease_info.term_months', 'Lease term (months)', errors.lease_info?.term_months?.message, { min: 1, step: 1 })}
            <Field label="Lease start" error={errors.lease_info?.start_date?.message}>
              {(control) => <Input {...control} type="date" {...register('lease_info.start_date')} />}
            </Field>
          </div>
          {start && term ? <p className="text-sm text-slate-600">End date: {formatDate(leaseEndDate(start, term, office.lease_info?.term_days))}</p> : null}
        </div>
      )}
      {tab === 'assignment' && readOnly}
    </ProfileEditForm>
  );
}
