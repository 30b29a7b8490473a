import { z } from 'zod';
import { MEMBERSHIP_TYPES } from '@shared/schemas/members';

const PrimaryContact = z.object({ name: z.string().min(1), email: z.string().min(1), phone: z.string().nullable() }).strict();
const Employee = z
  .object({ id: z.uuid(), name: z.string().min(1), email: z.string().min(1), role: z.string().nullable() })
  .strict();

const MemberProfile = {
  company_name: z.string().min(1),
  location_id: z.uuid(),
  primary_contact: PrimaryContact,
  membership_type: z.enum(MEMBERSHIP_TYPES),
};

export const MemberEventSchemas = {
  MemberCreated: z.object({ id: z.uuid(), ...MemberProfile }).strict(),
  /** Only the fields that change. */
  MemberEdited: z.object(MemberProfile).partial().strict(),
  MemberEmployeeAdded: z.object({ employee: Employee }).strict(),
  /** The company takes an office; `previous_office_id` is the one it left for it, if any. */
  MemberOfficeAssigned: z.object({ office_id: z.uuid(), previous_office_id: z.uuid().nullable() }).strict(),
  /** The company left `office_id` and now holds none. */
  MemberOfficeUnassigned: z.object({ office_id: z.uuid() }).strict(),
};

type Ev<K extends keyof typeof MemberEventSchemas> = { type: K; data: z.infer<(typeof MemberEventSchemas)[K]> };

export type MemberCreated = Ev<'MemberCreated'>;
export type MemberEdited = Ev<'MemberEdited'>;
export type MemberEmployeeAdded = Ev<'MemberEmployeeAdded'>;
export type MemberOfficeAssigned = Ev<'MemberOfficeAssigned'>;
export type MemberOfficeUnassigned = Ev<'MemberOfficeUnassigned'>;
export type MemberEvent = MemberCreated | MemberEdited | MemberEmployeeAdded | MemberOfficeAssigned | MemberOfficeUnassigned;

export type EmployeeData = z.infer<typeof Employee>;
