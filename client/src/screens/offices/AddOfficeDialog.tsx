import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { Location } from '@shared/schemas/locations';
import { CreateOfficeInput, DEFAULT_OFFICE_TYPE } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ActionDialog } from '../../components/ActionDialog';
import { LocationField } from '../../components/LocationField';
import { Field, FormError } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { sendCommand } from '../../live/command';
import { numberOrNull, type DialogProps } from './officeDialogParts';

interface AddOfficeForm {
  office_number: string;
  location_id: string;
  type: string;
  desks: string;
  floor: string;
  windowed: boolean;
  monthly: string;
  six_month: string;
  twelve_month: string;
}

export function AddOfficeDialog({
  locations,
  defaultLocationId,
  onClose,
  onError,
  error,
  onDismissError,
}: Omit<DialogProps, 'office'> & { locations: Location[]; defaultLocationId: string }) {
  const { register, handleSubmit, formState } = useForm<AddOfficeForm>({
    defaultValues: { office_number: '', location_id: defaultLocationId, type: DEFAULT_OFFICE_TYPE, desks: '1', floor: '1', windowed: false, monthly: '0', six_month: '', twelve_month: '' },
  });
  const [message, setMessage] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    const parsed = CreateOfficeInput.safeParse({
      office_number: values.office_number,
      location_id: values.location_id,
      type: values.type.trim() || DEFAULT_OFFICE_TYPE,
      desks: numberOrNull(values.desks) ?? 1,
      floor: numberOrNull(values.floor) ?? 1,
      windowed: values.windowed,
      marketed_rates: { monthly: numberOrNull(values.monthly) ?? 0, six_month: numberOrNull(values.six_month) ?? 0, twelve_month: numberOrNull(values.twelve_month) ?? 0 },
    });
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? 'Office number and location are required');
    setMessage(null);
    try {
      await sendCommand({ entity: 'offices', send: (meta) => endpoints.createOffice(parsed.data, meta) });
      toast.success(`Office ${parsed.data.office_number} created`);
      onClose();
    } catch (e) {
      onError('Failed to create office', e);
    }
  });
  return (
    <ActionDialog
      title="Add Office"
      onClose={onClose}
      error={error}
      onDismissError={onDismissError}
      primary={{ form: 'add-office-form', label: 'Create Office', busyLabel: 'Creating...', busy: formState.isSubmitting }}
    >
      <form id="add-office-form" onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Office number">{(id) => <Input id={id} autoFocus placeholder="e.g. 301" {...register('office_number')} />}</Field>
          <LocationField locations={locations} registration={register('location_id')} />
          <Field label="Type">{(id) => <Input id={id} {...register('type')} />}</Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Desks">{(id) => <Input id={id} type="number" min={0} step={1} inputMode="numeric" {...register('desks')} />}</Field>
            <Field label="Floor">{(id) => <Input id={id} type="number" step={1} inputMode="numeric" {...register('floor')} />}</Field>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('windowed')} />
          Windowed
        </label>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" {...register('monthly')} />}</Field>
            <Field label="6-month" hint="(optional)">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('six_month')} />}</Field>
            <Field label="12-month" hint="(optional)">{(id) => <Input id={id} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('twelve_month')} />}</Field>
          </div>
        </fieldset>
        <FormError message={message} />
      </form>
    </ActionDialog>
  );
}
