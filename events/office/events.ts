import { z } from 'zod';
import { OFFICE_STATUSES } from '@shared/schemas/offices';

const Rates = z.object({ monthly: z.number().min(0), six_month: z.number().min(0), twelve_month: z.number().min(0) }).strict();
const IsoDate = z.iso.date();

const OfficeProfile = {
  office_number: z.string().min(1),
  location_id: z.uuid(),
  type: z.string().min(1),
  desks: z.number().int().min(0),
  floor: z.number().int(),
  windowed: z.boolean(),
};

const Contact = z
  .object({
    id: z.uuid(),
    name: z.string().min(1),
    email: z.string().min(1),
    phone: z.string().nullable(),
    role: z.string().nullable(),
    is_primary: z.boolean(),
  })
  .strict();

export const OfficeEventSchemas = {
  OfficeCreated: z.object({ id: z.uuid(), ...OfficeProfile, marketed_rates: Rates }).strict(),
  /** Any of the four statuses to any other (spec part 1, section 4). */
  OfficeStatusChanged: z.object({ status: z.enum(OFFICE_STATUSES) }).strict(),
  OfficeRatesChanged: z.object({ marketed_rates: Rates }).strict(),
  /**
   * The whole lease as it stands after the change; end_date = start_date + term_months +
   * term_days (shared/domain/lease.ts). term_days only when the lease has some (a signed deal's).
   */
  OfficeLeaseSet: z
    .object({
      signed_rate: z.number().min(0).nullable(),
      term_months: z.number().int().min(1).nullable(),
      term_days: z.number().int().min(1).optional(),
      start_date: IsoDate.nullable(),
      end_date: IsoDate.nullable(),
    })
    .strict(),
  /** Only the profile fields that change. */
  OfficeDetailsEdited: z.object(OfficeProfile).partial().strict(),
  /** A primary contact demotes the office's previous primary contact. */
  OfficeContactAdded: z.object({ contact: Contact }).strict(),
  OfficeContactRemoved: z.object({ contact_id: z.uuid() }).strict(),
  /** The office is leased to a member company: status LEASED, tenant = the company's name. */
  OfficeCompanyAssigned: z.object({ member_id: z.uuid(), tenant: z.string().min(1) }).strict(),
  /** The member company left the office: status VACANT, no tenant. */
  OfficeCompanyUnassigned: z.object({ member_id: z.uuid() }).strict(),
};

type Data<K extends keyof typeof OfficeEventSchemas> = z.infer<(typeof OfficeEventSchemas)[K]>;
type Ev<K extends keyof typeof OfficeEventSchemas> = { type: K; data: Data<K> };

export type OfficeCreated = Ev<'OfficeCreated'>;
export type OfficeStatusChanged = Ev<'OfficeStatusChanged'>;
export type OfficeRatesChanged = Ev<'OfficeRatesChanged'>;
export type OfficeLeaseSet = Ev<'OfficeLeaseSet'>;
export type OfficeDetailsEdited = Ev<'OfficeDetailsEdited'>;
export type OfficeContactAdded = Ev<'OfficeContactAdded'>;
export type OfficeContactRemoved = Ev<'OfficeContactRemoved'>;
export type OfficeCompanyAssigned = Ev<'OfficeCompanyAssigned'>;
export type OfficeCompanyUnassigned = Ev<'OfficeCompanyUnassigned'>;
export type OfficeEvent =
  | OfficeCreated
  | OfficeStatusChanged
  | OfficeRatesChanged
  | OfficeLeaseSet
  | OfficeDetailsEdited
  | OfficeContactAdded
  | OfficeContactRemoved
  | OfficeCompanyAssigned
  | OfficeCompanyUnassigned;

export type OfficeContactData = z.infer<typeof Contact>;
export type OfficeRates = z.infer<typeof Rates>;
