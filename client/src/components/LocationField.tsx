import type { UseFormRegisterReturn } from 'react-hook-form';
import type { Location } from '@shared/schemas/locations';
import { Field, Select } from './ui/Field';
import { RowOptions } from './ui/Options';

/** The Add dialogs' Location field: every location, after an empty choice that fails validation. */
export function LocationField({ locations, registration, error }: { locations: Location[]; registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label="Location" error={error}>
      {(control) => (
        <Select {...control} {...registration}>
          <option value="">Select a location</option>
          <RowOptions rows={locations} />
        </Select>
      )}
    </Field>
  );
}
