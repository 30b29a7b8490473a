/**
 * The Add Location and Edit Location form: text in, the API's request body out, ending in the
 * shared request schema the server validates with.
 */
import { z } from 'zod';
import { CreateLocationInput, UpdateLocationInput, type Location } from '@shared/schemas/locations';
import { asRequest, requiredText } from '../../forms/fields';

/** Floors as typed: numbers separated by commas or spaces ('3, 4, 5'); empty is none. */
const floorsText = z
  .string()
  .trim()
  .transform((text, ctx): number[] => {
    if (text === '') return [];
    const parts = text.split(/[\s,]+/).filter(Boolean);
    if (parts.every((part) => /^-?\d+$/.test(part))) return parts.map(Number);
    ctx.addIssue({ code: 'custom', message: 'Floors must be whole numbers separated by commas, like 3, 4, 5' });
    return z.NEVER;
  });

const fields = {
  name: requiredText('Name', 80),
  city: requiredText('City', 80),
  address: requiredText('Address', 300),
  manager: requiredText('Manager', 120),
  floors: floorsText,
};

export const NewLocationForm = z.object(fields).transform(asRequest(CreateLocationInput));
export const EditLocationForm = z.object(fields).transform(asRequest(UpdateLocationInput));
export type LocationFormValues = z.input<typeof NewLocationForm>;

export const emptyLocationValues = (): LocationFormValues => ({ name: '', city: '', address: '', manager: '', floors: '' });

export const locationValuesOf = (location: Location): LocationFormValues => ({
  name: location.name,
  city: location.city,
  address: location.address,
  manager: location.manager,
  floors: location.floors.join(', '),
});

/** A location's fields as a conflict notice names them. */
export const LOCATION_FIELD_LABELS: Partial<Record<keyof Location, string>> = {
  name: 'name',
  city: 'city',
  address: 'address',
  manager: 'manager',
  floors: 'floors',
};
