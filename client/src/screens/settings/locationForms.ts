/**
 * The Add Location and Edit Location form: text in, the API's request body out, ending in the
 * shared request schema the server validates with.
 */
import { z } from 'zod';
import { CreateLocationInput, UpdateLocationInput, type Location } from '@shared/schemas/locations';
import { DEFAULT_CLOSES_AT, DEFAULT_OPENS_AT, DEFAULT_TIME_ZONE } from '@shared/domain/bookings';
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
  // Chosen from lists (TIME_ZONES, quarter hours): the request schema names a bad one.
  time_zone: z.string().optional(),
  opens_at: z.string().optional(),
  closes_at: z.string().optional(),
};

export const NewLocationForm = z.object(fields).transform(asRequest(CreateLocationInput));
export const EditLocationForm = z.object(fields).transform(asRequest(UpdateLocationInput));
export type LocationFormValues = z.input<typeof NewLocationForm>;

export const emptyLocationValues = (): LocationFormValues => ({
  name: '',
  city: '',
  address: '',
  manager: '',
  floors: '',
  time_zone: DEFAULT_TIME_ZONE,
  opens_at: DEFAULT_OPENS_AT,
  closes_at: DEFAULT_CLOSES_AT,
});

export const locationValuesOf = (location: Location): LocationFormValues => ({
  name: location.name,
  city: location.city,
  address: location.address,
  manager: location.manager,
  floors: location.floors.join(', '),
  time_zone: location.time_zone,
  opens_at: location.opens_at,
  closes_at: location.closes_at,
});

/** The zones offered: the operator's own, then every zone the browser knows. */
export function timeZones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const first = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
  return [...new Set([current, ...first, ...known])].filter(Boolean);
}

/** Every quarter hour of a day, 'HH:MM'. */
export const QUARTER_HOURS = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);

/** A location's fields as a conflict notice names them. */
export const LOCATION_FIELD_LABELS: Partial<Record<keyof Location, string>> = {
  name: 'name',
  city: 'city',
  address: 'address',
  manager: 'manager',
  floors: 'floors',
  time_zone: 'time zone',
  opens_at: 'opening time',
  closes_at: 'closing time',
};
