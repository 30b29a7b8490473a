import { toast } from 'sonner';
import type { Location } from '@shared/schemas/locations';
import { DEFAULT_OFFICE_TYPE, REQUIRED_OFFICE } from '@shared/schemas/offices';
import { endpoints } from '../../api/endpoints';
import { ActionDialog, type ActionDialogProps } from '../../components/ActionDialog';
import { LocationField } from '../../components/LocationField';
import { ErrorBanner } from '../../components/ui/Banner';
import { Field, FormError } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { requiredSummary } from '../../forms/requiredSummary';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { ADD_OFFICE_REQUIRED, AddOfficeForm } from './officeForms';
import { logFailure } from '../../lib/logFailure';

export function AddOfficeDialog({ locations, defaultLocationId, onClose }: ActionDialogProps & { locations: Location[]; defaultLocationId: string }) {
  const { form, onSubmit } = useSchemaForm(AddOfficeForm, {
    office_number: '',
    location_id: defaultLocationId,
    type: DEFAULT_OFFICE_TYPE,
    desks: '1',
    floor: '1',
    windowed: false,
    marketed_rates: { monthly: '0', six_month: '', twelve_month: '' },
  });
  const { register, formState } = form;
  const { errors } = formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'offices', send: (meta) => endpoints.createOffice(body, meta) });
      toast.success(`Office ${body.office_number} created`);
      onClose();
    } catch (e) {
      logFailure('Failed to create office', e);
      // A number already taken at that location comes back as a 409 naming office_number.
      showServerError(form, e);
    }
  });
  const missing = requiredSummary(errors, ADD_OFFICE_REQUIRED, REQUIRED_OFFICE);
  return (
    <ActionDialog
      title="Add Office"
      onClose={onClose}
      primary={{ form: 'add-office-form', label: 'Create Office', busyLabel: 'Creating...', busy: formState.isSubmitting }}
      notice={
        (errors.root?.server || missing) && (
          <>
            {errors.root?.server?.message && <ErrorBanner title="Failed to create office" message={errors.root.server.message} />}
            <FormError message={missing} />
          </>
        )
      }
    >
      <form id="add-office-form" onSubmit={submit} className="space-y-4" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Office number" error={errors.office_number?.message}>
            {(control) => <Input {...control} placeholder="e.g. 301" {...register('office_number')} />}
          </Field>
          <LocationField locations={locations} registration={register('location_id')} error={errors.location_id?.message} />
          <Field label="Type" error={errors.type?.message}>
            {(control) => <Input {...control} {...register('type')} />}
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Desks" error={errors.desks?.message}>
              {(control) => <Input {...control} type="number" min={0} step={1} inputMode="numeric" {...register('desks')} />}
            </Field>
            <Field label="Floor" error={errors.floor?.message}>
              {(control) => <Input {...control} type="number" step={1} inputMode="numeric" {...register('floor')} />}
            </Field>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" {...register('windowed')} />
          Windowed
        </label>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-slate-900">Marketed rates (per month)</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Monthly" error={errors.marketed_rates?.monthly?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" {...register('marketed_rates.monthly')} />}
            </Field>
            <Field label="6-month" hint="(optional)" error={errors.marketed_rates?.six_month?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('marketed_rates.six_month')} />}
            </Field>
            <Field label="12-month" hint="(optional)" error={errors.marketed_rates?.twelve_month?.message}>
              {(control) => <Input {...control} type="number" min={0} step="any" inputMode="decimal" placeholder="0" {...register('marketed_rates.twelve_month')} />}
            </Field>
          </div>
        </fieldset>
      </form>
    </ActionDialog>
  );
}
