import { z } from 'zod';
import { Id, ExpectedVersion, formMessage, text } from './common';
import { optionalDetail, personFields } from './person';
import { answerText, str } from './strings';

import { OFFICE_STATUSES, type OfficeStatus } from '../domain/officeStatuses';
import { ignored, stamps, type Stamped } from './rows';

// Kept apart from zod for the offices screen's first render; still named here.
export { OFFICE_STATUSES, type OfficeStatus };
export const DEFAULT_OFFICE_TYPE = 'Private Office';

const money = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, { message: `${label} cannot be negative` })
    .max(10_000_000, { message: `${label} must be at most $10,000,000` });

/** A whole number between `min` and `max`, with messages a person can act on. */
const whole = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: min === 0 ? `${label} cannot be negative` : `${label} must be at least ${min}` })
    .max(max, { message: `${label} must be at most ${max}` });

const desks = whole('Desks', 0, 500);
const floor = whole('Floor', -5, 200);

/** Monthly, 6-month and 12-month marketed rates; the longer terms are optional (0). */
export const MarketedRates = z
  .object({
    monthly: money('Monthly rate').default(0),
    six_month: money('6-month rate').nullish().transform((v) => v ?? 0),
    twelve_month: money('12-month rate').nullish().transform((v) => v ?? 0),
  })
  .strict();
export type MarketedRates = z.infer<typeof MarketedRates>;

/** A calendar date, YYYY-MM-DD. */
export const IsoDate = z.iso.date({ message: 'Must be a date (YYYY-MM-DD)' });

/** The years a lease may start in; outside them a date is a typo (0025 for 2025), not a lease. */
export const LEASE_START_MIN = '1900-01-01';
export const LEASE_START_MAX = '2100-12-31';

/** A lease start: a date within LEASE_START_MIN..LEASE_START_MAX (YYYY-MM-DD compares as text). */
export const LeaseStartDate = IsoDate.pipe(
  str('Lease start').refine((date) => date >= LEASE_START_MIN && date <= LEASE_START_MAX, {
    message: `Lease start must be between ${LEASE_START_MIN} and ${LEASE_START_MAX}`,
  }),
);

/** The spec's message for a new office without its number or location. */
export const REQUIRED_OFFICE = formMessage('Office number and location are required');

export const CreateOfficeInput = z
  .object({
    office_number: str('Office number', REQUIRED_OFFICE)
      .trim()
      .min(1, { message: REQUIRED_OFFICE })
      .max(40, { message: 'Office number must be at most 40 characters' }),
    location_id: z.uuid({ message: REQUIRED_OFFICE }).transform((id) => id.toLowerCase()),
    type: text('Type', 60).default(DEFAULT_OFFICE_TYPE),
    desks: desks.default(1),
    floor: floor.default(1),
    windowed: z.boolean({ message: 'Windowed must be true or false' }).default(false),
    marketed_rates: MarketedRates.default({ monthly: 0, six_month: 0, twelve_month: 0 }),
  })
  .strict();
export type CreateOfficeInput = z.infer<typeof CreateOfficeInput>;

/** Lease terms as the rates dialog and the profile send them; an empty term or start is null. */
export const LeaseInfoInput = z
  .object({
    term_months: whole('Lease term (months)', 1, 600).nullable().optional(),
    // Days beyond the months (a signed deal's term); the end date counts them too.
    term_days: whole('Lease term (days)', 0, 3650).nullable().optional(),
    start_date: LeaseStartDate.nullable().optional(),
    // Derived by the server (start + term); accepted so a client may send back what it shows.
    end_date: IsoDate.nullable().optional(),
    signed_rate: money('Signed rate').nullable().optional(),
  })
  .strict();

/** Fields of an office response that a client may send back unchanged; they are ignored. */
const READ_ONLY_OFFICE_FIELDS = ignored('id', 'location_name', 'status', 'tenant', 'member_id', 'contacts', 'created_at', 'updated_at');

/** PUT /api/offices/{id}: rates and lease, and the profile's editable fields. */
export const UpdateOfficeInput = z
  .object({
    office_number: text('Office number', 40).optional(),
    location_id: Id.optional(),
    type: text('Type', 60).optional(),
    desks: desks.optional(),
    floor: floor.optional(),
    windowed: z.boolean({ message: 'Windowed must be true or false' }).optional(),
    marketed_rates: MarketedRates.optional(),
    /** The profile's name for marketed_rates. */
    market_rates: MarketedRates.optional(),
    signed_rate: money('Signed rate').nullable().optional(),
    lease_info: LeaseInfoInput.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_OFFICE_FIELDS,
  })
  .strict();
export type UpdateOfficeInput = z.infer<typeof UpdateOfficeInput>;

export const ChangeOfficeStatusInput = z
  .object({
    status: z.enum(OFFICE_STATUSES, { message: `Status must be one of ${OFFICE_STATUSES.join(', ')}` }),
    version: ExpectedVersion,
  })
  .strict();

/** The spec's message for a contact without its name or e-mail. */
export const REQUIRED_CONTACT = 'Name and email are required';

export const AddOfficeContactInput = z
  .object({
    ...personFields(REQUIRED_CONTACT),
    phone: optionalDetail('Phone', 40),
    role: optionalDetail('Role', 80),
    is_primary: z.boolean({ message: 'Primary must be true or false' }).default(false),
    version: ExpectedVersion,
  })
  .strict();

export interface OfficeContact {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  is_primary: boolean;
}

export interface LeaseInfo {
  term_months: number | null;
  /** Days beyond the months; absent in rows written before the lease counted them. */
  term_days?: number | null;
  start_date: string | null;
  end_date: string | null;
  signed_rate: number | null;
}

/** An office as the API returns it and the gateway pushes it. */
export interface Office extends Stamped {
  id: string;
  office_number: string;
  location_id: string;
  location_name: string;
  type: string;
  desks: number;
  floor: number;
  windowed: boolean;
  status: OfficeStatus;
  /** The assigned member company's name, or null. */
  tenant: string | null;
  /** The assigned member company's id, or null. */
  member_id: string | null;
  signed_rate: number | null;
  marketed_rates: MarketedRates;
  /** The same rates under the name the profile reads. */
  market_rates: MarketedRates;
  lease_info: LeaseInfo;
  contacts: OfficeContact[];
}

/** An office as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Office = z.object({
  id: z.uuid(),
  office_number: answerText(),
  location_id: z.uuid(),
  location_name: answerText(),
  type: answerText(),
  desks: z.number().int(),
  floor: z.number().int(),
  windowed: z.boolean(),
  status: z.enum(OFFICE_STATUSES),
  tenant: answerText().nullable(),
  member_id: z.uuid().nullable(),
  signed_rate: z.number().nullable(),
  marketed_rates: MarketedRates,
  market_rates: MarketedRates,
  lease_info: z.object({
    term_months: z.number().int().nullable(),
    term_days: z.number().int().nullable(),
    start_date: answerText().nullable(),
    end_date: answerText().nullable(),
    signed_rate: z.number().nullable(),
  }),
  contacts: z.array(
    z.object({ id: z.uuid(), name: answerText(), email: answerText(), phone: answerText().nullable(), role: answerText().nullable(), is_primary: z.boolean() }),
  ),
  ...stamps,
}) satisfies z.ZodType<Office>;
