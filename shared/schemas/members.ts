import { z } from 'zod';
import { ExpectedVersion, Id, formMessage, text } from './common';
import { optionalDetail, personFields } from './person';
import { answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

export const MEMBERSHIP_TYPES = ['Premium', 'Standard', 'Basic'] as const;
export type MembershipType = (typeof MEMBERSHIP_TYPES)[number];
export const DEFAULT_MEMBERSHIP_TYPE: MembershipType = 'Standard';

/** The spec's message for a new member company missing a required field. */
export const REQUIRED_MEMBER = formMessage('Company name, location, contact name, and contact email are required');
const required = (label: string, max: number) =>
  str(label, REQUIRED_MEMBER)
    .trim()
    .min(1, { message: REQUIRED_MEMBER })
    .max(max, { message: `${label} must be at most ${max} characters` });
const phone = optionalDetail('Phone', 40);
const membershipType = z.enum(MEMBERSHIP_TYPES, { message: `Membership type must be one of ${MEMBERSHIP_TYPES.join(', ')}` });

export const CreateMemberInput = z
  .object({
    company_name: required('Company name', 160),
    location_id: z.uuid({ message: REQUIRED_MEMBER }).transform((id) => id.toLowerCase()),
    primary_contact: z
      .object({
        name: required('Contact name', 120),
        email: required('Contact email', 254).pipe(z.email({ message: 'Enter a valid e-mail address' })),
        phone,
      }, { message: REQUIRED_MEMBER })
      .strict(),
    membership_type: membershipType.default(DEFAULT_MEMBERSHIP_TYPE),
  })
  .strict();
export type CreateMemberInput = z.infer<typeof CreateMemberInput>;

/** Fields of a member response that a client may send back unchanged; they are ignored. */
const READ_ONLY_MEMBER_FIELDS = ignored('id', 'location_name', 'office_id', 'office_number', 'offices', 'employees', 'contact_name', 'contact_email', 'contact_phone', 'created_at', 'updated_at');

/** PUT /api/members/{id}: the member object; office assignment has its own call. */
export const UpdateMemberInput = z
  .object({
    company_name: text('Company name', 160).optional(),
    location_id: Id.optional(),
    primary_contact: z
      .object({
        name: text('Contact name', 120),
        email: z.email({ message: 'Enter a valid e-mail address' }).max(254, { message: 'Contact email must be at most 254 characters' }),
        phone,
      })
      .strict()
      .optional(),
    membership_type: membershipType.optional(),
    version: ExpectedVersion,
    ...READ_ONLY_MEMBER_FIELDS,
  })
  .strict();
export type UpdateMemberInput = z.infer<typeof UpdateMemberInput>;

/** The spec's message for an employee without a name or e-mail. */
export const REQUIRED_EMPLOYEE = 'Name and email are required';

export const AddEmployeeInput = z
  .object({
    ...personFields(REQUIRED_EMPLOYEE),
    role: optionalDetail('Role', 80),
    version: ExpectedVersion,
  })
  .strict();

/** PATCH /api/members/{id}/office: an office id assigns; empty or null unassigns. */
export const AssignOfficeInput = z
  .object({
    office_id: z.union([Id, z.literal(''), z.null()]),
    /**
     * With no office_id: the office the company leaves. Its own office when absent; another one
     * when a signed deal leased it several (only that office becomes VACANT).
     */
    release_office_id: Id.nullish(),
    /**
     * With an office_id: the company keeps the office it already has and also leases this one
     * (as a signed deal leases several); a company with no office takes it as its own.
     */
    keep_current: z.boolean().optional(),
    version: ExpectedVersion,
  })
  .strict();

export interface Employee {
  id: string;
  name: string;
  role: string | null;
  email: string;
}

export interface PrimaryContact {
  name: string;
  email: string;
  phone: string | null;
}

/** An office leased to a member company. */
export interface MemberOffice {
  id: string;
  office_number: string;
}

/** A member company as the API returns it and the gateway pushes it. */
export interface Member extends Stamped {
  id: string;
  company_name: string;
  location_id: string;
  location_name: string;
  office_id: string | null;
  office_number: string | null;
  /**
   * Every office leased to the company, its own (office_id) first: a signed deal may lease it
   * several. Empty when it has none.
   */
  offices: MemberOffice[];
  primary_contact: PrimaryContact;
  contact_name: string;
  contact_email: string;
  contact_phone: string | null;
  membership_type: MembershipType;
  employees: Employee[];
}

/** A member company as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Member = z.object({
  id: z.uuid(),
  company_name: answerText(),
  location_id: z.uuid(),
  location_name: answerText(),
  office_id: z.uuid().nullable(),
  office_number: answerText().nullable(),
  offices: z.array(z.object({ id: z.uuid(), office_number: answerText() })),
  primary_contact: z.object({ name: answerText(), email: answerText(), phone: answerText().nullable() }),
  contact_name: answerText(),
  contact_email: answerText(),
  contact_phone: answerText().nullable(),
  membership_type: z.enum(MEMBERSHIP_TYPES),
  employees: z.array(z.object({ id: z.uuid(), name: answerText(), role: answerText().nullable(), email: answerText() })),
  ...stamps,
}) satisfies z.ZodType<Member>;
