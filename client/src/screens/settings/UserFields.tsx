import type { FieldsForm } from '../../forms/fieldsForm';
import { ALL_LOCATIONS, ROLES } from '@shared/constants';
import type { Location } from '@shared/schemas/locations';
import { PASSWORD_MIN } from '@shared/schemas/users';
import { Field, Select } from '../../components/ui/Field';
import { Input } from '../../components/ui/Input';
import { ROLE_LABELS } from './userLabels';
import { primaryAfter, type UserFormValues } from './userForms';
import { RowOptions, KeyOptions } from '../../components/ui/Options';

/**
 * The fields of Add User and Edit User. Locations are ticked from the full list (none ticked:
 * every location); the primary location is chosen among them, and falls back to All Locations
 * when it is unticked.
 */
export function UserFields({
  form,
  locations,
  editing = false,
  ownAccount = false,
}: {
  form: FieldsForm<UserFormValues>;
  locations: Location[];
  editing?: boolean;
  /** One's own role cannot be changed (the server refuses it too). */
  ownAccount?: boolean;
}) {
  const { register, formState, watch, setValue } = form;
  const { errors } = formState;
  const chosen = watch('locations') ?? [];
  const primary = watch('primary_location');
  const role = watch('role');
  const primaryChoices = chosen.length === 0 ? locations : locations.filter((l) => chosen.includes(l.id));

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((x) => x !== id);
    setValue('locations', next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    setValue('primary_location', primaryAfter(next, primary), { shouldDirty: true });
  };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(control) => <Input {...control} autoComplete="off" placeholder="e.g. Jordan Lee" {...register('name')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(control) => <Input {...control} type="email" autoComplete="off" placeholder="name@company.com" {...register('email')} />}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Password" hint={editing ? '(leave blank to keep the current one)' : `(at least ${PASSWORD_MIN} characters)`} error={errors.password?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...register('password')} />}
        </Field>
        <Field label="Role" hint={ownAccount ? '(not your own)' : undefined} error={errors.role?.message}>
          {(control) => (
            <Select {...control} disabled={ownAccount} {...register('role')}>
              <KeyOptions keys={ROLES} labels={ROLE_LABELS} />
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700">
          Locations <span className="font-normal text-slate-500">(none ticked: every location)</span>
        </legend>
        {role === 'admin' && <p className="text-xs text-slate-500">Administrators work in every location, whatever is ticked here.</p>}
        <div className="grid gap-1.5 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
          {locations.map((location) => (
            <label key={location.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                checked={chosen.includes(location.id)}
                onChange={(e) => toggle(location.id, e.target.checked)}
              />
              {location.name}
              <span className="text-xs text-slate-500">{location.city}</span>
            </label>
          ))}
        </div>
        {errors.locations && <p className="text-xs font-medium text-red-700">{errors.locations.message ?? 'Choose existing locations'}</p>}
      </fieldset>
      <Field label="Primary location" hint="(where the screens open)" error={errors.primary_location?.message}>
        {(control) => (
          <Select {...control} {...register('primary_location')}>
            <option value={ALL_LOCATIONS}>{ALL_LOCATIONS}</option>
            <RowOptions rows={primaryChoices} />
          </Select>
        )}
      </Field>
    </div>
  );
}
