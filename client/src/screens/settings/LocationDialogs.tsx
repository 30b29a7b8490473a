import { toast } from 'sonner';
import type { FieldsForm } from '../../forms/fieldsForm';
import type { Location } from '@shared/schemas/locations';
import { endpoints } from '../../api/endpoints';
import type { ActionDialogProps } from '../../components/ActionDialog';
import { FormDialog, type FormDialogProps } from '../../components/FormDialog';
import { ChangeNotice } from '../../components/ChangeNotice';
import { Field, Select } from '../../components/ui/Field';
import { KeyOptions } from '../../components/ui/Options';
import { Input } from '../../components/ui/Input';
import { formNotice } from '../../forms/formNotice';
import { reloadKeepingTyped } from '../../forms/reloadKeepingTyped';
import { showServerError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { sendCommand } from '../../live/command';
import { useEditedRow } from '../../live/useEditedRow';
import { EditLocationForm, LOCATION_FIELD_LABELS, NewLocationForm, QUARTER_HOURS, emptyLocationValues, locationValuesOf, timeZones, type LocationFormValues } from './locationForms';

const QUARTER_LABELS = Object.fromEntries(QUARTER_HOURS.map((t) => [t, t])) as Record<string, string>;
import { logFailure } from '../../lib/logFailure';


export function AddLocationDialog({ onClose }: ActionDialogProps) {
  const { form, onSubmit } = useSchemaForm(NewLocationForm, emptyLocationValues());
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({ entity: 'locations', send: (meta) => endpoints.createLocation(body, meta) });
      toast.success(`Location ${body.name} added`);
      onClose();
    } catch (e) {
      logFailure('Failed to add location', e);
      showServerError(form, e);
    }
  });
  return (
    <LocationFormDialog
      id="add-location-form"
      title="Add Location"
      primary={{ label: 'Add Location', busyLabel: 'Adding...', busy: isSubmitting }}
      notice={formNotice({ failureTitle: 'Failed to add location', failure: errors.root?.server?.message, missing: null })}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** Edit Location: its name follows at once everywhere it is shown (the location selector, every row). */
export function EditLocationDialog({ location, onClose }: ActionDialogProps & { location: Location }) {
  const edited = useEditedRow('locations', location, { noun: 'location', labels: LOCATION_FIELD_LABELS, fetchRow: endpoints.location });
  const { form, onSubmit } = useSchemaForm(EditLocationForm, locationValuesOf(location));
  const { errors, isSubmitting } = form.formState;
  const submit = onSubmit(async (body) => {
    try {
      await sendCommand({
        entity: 'locations',
        id: location.id,
        version: edited.base.version,
        optimistic: (row) => ({ ...row, ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) }),
        send: (meta) => endpoints.updateLocation(location.id, body, meta),
      });
      toast.success(`Location ${body.name ?? location.name} saved`);
      onClose();
    } catch (e) {
      logFailure('Failed to update location', e);
      if (!edited.takeConflict(e)) showServerError(form, e);
    }
  });
  const reload = reloadKeepingTyped(edited, form, locationValuesOf);
  return (
    <LocationFormDialog
      id="edit-location-form"
      title="Edit Location"
      description={location.name}
      primary={{ label: 'Save Changes', busyLabel: 'Saving...', busy: isSubmitting }}
      notice={formNotice({
        change: edited.notice && <ChangeNotice {...edited.notice} reloading={edited.reloading} onReload={edited.canReload ? reload : undefined} />,
        failureTitle: 'Failed to update location',
        failure: errors.root?.server?.message,
        missing: null,
      })}
      form={form}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

function LocationFormDialog({
  form,
  ...dialog
}: FormDialogProps & {
  form: FieldsForm<LocationFormValues>;
}) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <FormDialog {...dialog} className="max-w-xl">
      <div className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message}>
            {(control) => <Input {...control} {...register('name')} />}
          </Field>
          <Field label="City" error={errors.city?.message}>
            {(control) => <Input {...control} {...register('city')} />}
          </Field>
        </div>
        <Field label="Address" error={errors.address?.message}>
          {(control) => <Input {...control} {...register('address')} />}
        </Field>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label="Manager" error={errors.manager?.message}>
            {(control) => <Input {...control} {...register('manager')} />}
          </Field>
          <Field label="Floors" hint="(e.g. 3, 4, 5)" error={errors.floors?.message}>
            {(control) => <Input {...control} inputMode="numeric" {...register('floors')} />}
          </Field>
        </div>
        <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Meeting rooms</legend>
          <Field label="Time zone" hint="(bookings keep to its clock)" error={errors.time_zone?.message}>
            {(control) => (
              <Select {...control} {...register('time_zone')}>
                {timeZones(form.getValues('time_zone') ?? '').map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Opens at" error={errors.opens_at?.message}>
              {(control) => (
                <Select {...control} {...register('opens_at')}>
                  <KeyOptions keys={QUARTER_HOURS} labels={QUARTER_LABELS} />
                </Select>
              )}
            </Field>
            <Field label="Closes at" error={errors.closes_at?.message}>
              {(control) => (
                <Select {...control} {...register('closes_at')}>
                  <KeyOptions keys={QUARTER_HOURS} labels={QUARTER_LABELS} />
                </Select>
              )}
            </Field>
          </div>
          <p className="text-xs text-slate-600">Open every day; rooms can be booked only within these hours.</p>
        </fieldset>
      </div>
    </FormDialog>
  );
}
