import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { leaseEndDate } from '@shared/domain/lease';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { Field, FormError } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { sendCommand } from '../../live/command';
import { numberOrNull, type DialogProps } from './officeDialogParts';
import { formatDate } from './officeUi';

interface RatesForm {
  monthly: string;
  six_month: string;
  twelve_month: string;
  signed_rate: string;
  term_months: string;
  start_date: string;
}

export function EditRatesDialog({ office, onClose, onError, error, onDismissError }: DialogProps) {
  const rates = office.marketed_rates ?? { monthly: 0, six_month: 0, twelve_month: 0 };
  const { register, handleSubmit, watch, formState } = useForm<RatesForm>({
    defaultValues: {
      monthly: String(rates.monthly ?? 0),
      six_month: String(rates.six_month ?? 0),
      twelve_month: String(rates.twelve_month ?? 0),
      signed_rate: office.signed_rate === null || office.signed_rate === undefined ? '' : String(office.signed_rate),
      term_months: office.lease_info?.term_months ? String(office.lease_info.term_months) : '',
      start_date: office.lease_info?.start_date?.slice(0, 10) ?? '',
    },
  });
  const [message, setMessage] = useState<string | null>(null);
  // The version the user saw when opening: a change by someone else meanwhile is a conflict, not overwritten.
  const [openedVersion] = useState(office.version);
  const term = numberOrNull(watch('term_months'));
  const start = watch('start_date');
  const end = term && start ? leaseEndDate(start, term) : null;

  const submit = handleSubmit(async (values) => {
    const money = [values.monthly, values.six_month, values.twelve_month, values.signed_rate].map(numberOrNull);
    if (money.some((v) => v !== null && (Number.isNaN(v) || v < 0))) return setMessage('Rates must be numbers of 0 or more');
    const termMonths = numberOrNull(values.term_months);
    if (termMonths !== null && (!Number.isInteger(termMonths) || termMonths < 1)) return setMessage('Lease term must be a whole number of months');
    setMessage(null);
    const startDate = values.start_date || null;
    try {
      const body = {
        marketed_rates: { monthly: money[0] ?? 0, six_month: money[1] ?? 0, twelve_month: money[2] ?? 0 },
        signed_rate: money[3],
        lease_info: { term_months: termMonths, start_date: startDate, end_date: leaseEndDate(startDate, termMonths) },
      };
      await sendCommand({ entity: 'offices', id: office.id, version: openedVersion, send: (meta) => endpoints.updateOffice(office.id, body, meta) });
      toast.success(`Rates and lease of office ${office.office_number} saved`);
      onClose();
    } catch (e) {
      onError('Failed to update office rates', e);
    }
  });

  return (
    <ActionDialog
      title="Edit Rates & Lease Info"
      description={`Office ${office.office_number} · ${office.location_name}`}
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ form: 'rates-form', label: 'Save Changes', busyLabel: 'Saving...', busy: formState.isSubmitting }}
    >
      <form id="rates-form" onSubmit={submit} className="space-y-4" noValidate>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('monthly')} />}</Field>
            <Field label="6-month">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('six_month')} />}</Field>
            <Field label="12-month">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('twelve_month')} />}</Field>
          </div>
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-900">Lease</legend>
          <Field label="Signed rate" hint="(monthly)">
            {(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="Not signed" {...register('signed_rate')} />}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Lease term" hint="(months)">{(id) => <Input id={id} type="number" min={1} step={1} inputMode="numeric" {...register('term_months')} />}</Field>
            <Field label="Start date">{(id) => <Input id={id} type="date" {...register('start_date')} />}</Field>
          </div>
          {end && (
            <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900" data-testid="lease-end-date">
              End date: <span className="font-semibold">{formatDate(end)}</span>
            </p>
          )}
        </fieldset>
        <FormError message={message} />
      </form>
    </ActionDialog>
  );
}
