/**
 * The member dialogs' forms: text in, the API's request body out, with the API's field names
 * (primary_contact.email) so a field the server refuses shows at its input. Each schema ends in
 * the shared request schema the server uses (asRequest).
 */
import { z } from 'zod';
import { AddEmployeeInput, CreateMemberInput, MEMBERSHIP_TYPES } from '@shared/schemas/members';
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
