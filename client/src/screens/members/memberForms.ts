/**
 * The member dialogs' forms: text in, the API's request body out, with the API's field names
 * (primary_contact.email) so a field the server refuses shows at its input. Each schema ends in
 * the shared request schema the server uses (asRequest).
 */
import { z } from 'zod';
import { AddEmployeeInput, CreateMemberInput, MEMBERSHIP_TYPES, UpdateMemberInput, type Member } from '@shared/schemas/members';
import { asRequest, optionalText, requiredChoice, requiredEmail, requiredText } from '../../forms/fields';

export const AddCompanyForm = z
  .object({
    company_name: requiredText('Company name', 160),
    location_id: requiredChoice('Location'),
    primary_contact: z.object({
      name: requiredText('Contact name', 120),
      email: requiredEmail('Contact email'),
      phone: optionalText('Contact phone', 40),
    }),
    membership_type: z.enum(MEMBERSHIP_TYPES, { message: 'Choose a membership type' }),
  })
  .transform(asRequest(CreateMemberInput));
export type AddCompanyValues = z.input<typeof AddCompanyForm>;

/** Labels of the fields the spec's 'Company name, location, contact name, and contact email are required' covers. */
export const ADD_COMPANY_REQUIRED = {
  company_name: 'Company name',
  location_id: 'Location',
  'primary_contact.name': 'Contact name',
  'primary_contact.email': 'Contact email',
};

export const EmployeeForm = z
  .object({
    name: requiredText('Name', 120),
    email: requiredEmail('Email'),
    role: optionalText('Role', 80),
  })
  .transform(asRequest(AddEmployeeInput));
export type EmployeeValues = z.input<typeof EmployeeForm>;

export const EMPLOYEE_REQUIRED = { name: 'Name', email: 'Email' };

/** The member profile's edit form (office assignment has its own action). */
export const MemberProfileForm = z
  .object({
    company_name: requiredText('Company name', 160),
    membership_type: z.enum(MEMBERSHIP_TYPES, { message: 'Choose a membership type' }),
    primary_contact: z.object({
      name: requiredText('Contact name', 120),
      email: requiredEmail('Contact email'),
      phone: optionalText('Contact phone', 40),
    }),
  })
  .transform(asRequest(UpdateMemberInput));
export type MemberProfileValues = z.input<typeof MemberProfileForm>;

/** The profile form filled from a row (also after Reload, to take the latest values). */
export function memberValuesOf(member: Member): MemberProfileValues {
  return {
    company_name: member.company_name,
    membership_type: member.membership_type,
    primary_contact: {
      name: member.primary_contact?.name ?? member.contact_name ?? '',
      email: member.primary_contact?.email ?? member.contact_email ?? '',
      phone: member.primary_contact?.phone ?? member.contact_phone ?? '',
    },
  };
}

export type MemberTab = 'overview' | 'employees' | 'office' | 'activity';

/** Each editable field's tab, in the order the fields appear. */
export const MEMBER_PROFILE_FIELDS: [string, MemberTab][] = [
  ['company_name', 'overview'],
  ['membership_type', 'overview'],
  ['primary_contact.name', 'overview'],
  ['primary_contact.email', 'overview'],
  ['primary_contact.phone', 'overview'],
];

/** A member company's fields as a conflict notice names them. */
export const MEMBER_FIELD_LABELS: Partial<Record<keyof Member, string>> = {
  company_name: 'company name',
  membership_type: 'membership type',
  primary_contact: 'primary contact',
  location_name: 'location',
  office_id: 'office',
  employees: 'employees',
};
