import { toast } from 'sonner';
import { leaseEndDate } from '@shared/domain/lease';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { ErrorBanner } from '../../components/ui/Banner';
import { Field } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { numberOrNull, OFFICE_FIELD_LABELS, type DialogProps } from './officeDialogParts';
import { RatesForm, ratesValuesOf } from './officeForms';
import { formatDate } from './officeUi';
import { logFailure } from '../../lib/logFailure';

export function EditRatesDialog({ office, onClose }: DialogProps) {
  const edited = useEditedRow('offices', office, { noun: 'office', labels: OFFICE_FIELD_LABELS, fetchRow: endpoints.office });
  const { form, onSubmit } = useSchemaForm(RatesForm, ratesValuesOf(office));
  const { register, watch, formState } = form;
  const { errors } = formState;
  const term = numberOrNull(watch('lease_info.term_months'));
  const start = watch('lease_info.start_date');
  // The days of a signed deal's term stay with the lease (the dialog edits months only).
  const end = term && start ? leaseEndDate(start, term, office.lease_info?.term_days) : null;

  const submit = onSubmit(async (body) => {
    try {
      // The version the form was filled from: a change by someone else since is refused, not overwritten.
      await sendCommand({ entity: 'offices', id: office.id, version: edited.base.version, send: (meta) => endpoints.updateOffice(office.id, body, meta) });
      toast.success(`Rates and lease of office ${office.office_number} saved`);
      onClose();
    } catch (e) {
      logFailure('Failed to update office rates', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });

  const reload = reloadKeepingTyped(edited, form, ratesValuesOf);

  return (
    <ActionDialog
      title="Edit Rates & Lease Info"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      primary={{ form: 'rates-form', label: 'Save Changes', busyLabel: 'Saving...', busy: formState.isSubmitting }}
      notice={
        (edited.notice || errors.root?.server) && (
          <>
            {edited.notice && (
              <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />
            )}
            {errors.root?.server?.message && <ErrorBanner title="Failed to update office rates" message={errors.root.server.message} />}
          </>
        )
      }
    >
      <form id="rates-form" onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly" error={errors.marketed_rates?.monthly?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...register('marketed_rates.monthly')} />}
            </Field>
            <Field label="6-month" error={errors.marketed_rates?.six_month?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...register('marketed_rates.six_month')} />}
            </Field>
            <Field label="12-month" error={errors.marketed_rates?.twelve_month?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...register('marketed_rates.twelve_month')} />}
            </Field>
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Lease</legend>
          <Field label="Signed rate" hint="(monthly)" error={errors.signed_rate?.message}>
            {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" placeholder="Not signed" {...register('signed_rate')} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Lease term" hint="(months)" error={errors.lease_info?.term_months?.message}>
              {(control) => <Input {...control} type="number" min={1} step={1} inputMode="numeric" {...register('lease_info.term_months')} />}
            </Field>
            <Field label="Start date" error={errors.lease_info?.start_date?.message}>
              {(control) => <Input {...control} type="date" {...register('lease_info.start_date')} />}
            </Field>
          </div>
          {end && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="lease-end-date">
              End date: <span className="font-semibold">{formatDate(end)}</span>
            </p>
          )}
        </fieldset>
      </form>
    </ActionDialog>
  );
}
