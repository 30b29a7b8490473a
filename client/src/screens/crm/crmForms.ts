/**
 * The contact and company forms: text in, the API's request body out, through the shared
 * request schemas (their messages: 'Name and email are required', 'Company name is required').
 */
import { z } from 'zod';
import { CRM_STATUSES, CreateCompanyInput, CreateContactInput, UpdateCompanyInput, UpdateContactInput, type Company, type Contact } from '@shared/schemas/crm';
import { asRequest, optionalNumberText, optionalText, requiredEmail, requiredText } from '../../forms/fields';

/** What a contact and a company both carry besides their own details. */
const statusAndNotes = {
  status: z.enum(CRM_STATUSES),
  notes: optionalText('Notes', 4000),
  lead_source: optionalText('Lead source', 120),
};

const contactFields = {
  name: requiredText('Name', 120),
  email: requiredEmail('Email'),
  phone: optionalText('Phone', 40),
  title: optionalText('Title', 120),
  // '' is 'No Company' (the spec's empty company id).
  company_id: z.string(),
  ...statusAndNotes,
};
export const ContactForm = z.object(contactFields).transform(asRequest(CreateContactInput));
export const EditContactForm = z.object(contactFields).transform(asRequest(UpdateContactInput));
export type ContactFormValues = z.input<typeof ContactForm>;
export const CONTACT_REQUIRED_FIELDS = { name: 'Name', email: 'Email' };

const companyFields = {
  name: requiredText('Company name', 160),
  industry: optionalText('Industry', 120),
  website: optionalText('Website', 300),
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  employee_count: optionalNumberText('Employee count', { min: 0, max: 10_000_000, whole: true }),
  annual_revenue: optionalNumberText('Annual revenue', { min: 0, max: 1e12 }),
  // '' is 'No Main Contact'.
  main_contact_id: z.string(),
  ...statusAndNotes,
};
export const CompanyForm = z.object(companyFields).transform(asRequest(CreateCompanyInput));
export const EditCompanyForm = z.object(companyFields).transform(asRequest(UpdateCompanyInput));
export type CompanyFormValues = z.input<typeof CompanyForm>;
export const COMPANY_REQUIRED_FIELDS = { name: 'Company name' };

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const contactValues = (contact?: Contact, companyId = ''): ContactFormValues => ({
  name: contact?.name ?? '',
  email: contact?.email ?? '',
  phone: contact?.phone ?? '',
  title: contact?.title ?? '',
  company_id: contact?.company_id ?? companyId,
  status: contact?.status ?? 'Prospect',
  notes: contact?.notes ?? '',
  lead_source: contact?.lead_source ?? '',
});

export const companyValues = (company?: Company): CompanyFormValues => ({
  name: company?.name ?? '',
  industry: company?.industry ?? '',
  website: company?.website ?? '',
  phone: company?.phone ?? '',
  address: company?.address ?? '',
  employee_count: text(company?.employee_count),
  annual_revenue: text(company?.annual_revenue),
  main_contact_id: company?.main_contact_id ?? '',
  status: company?.status ?? 'Prospect',
  notes: company?.notes ?? '',
  lead_source: company?.lead_source ?? '',
});

export const CONTACT_FIELD_LABELS: Partial<Record<keyof Contact, string>> = { name: 'name', email: 'email', phone: 'phone', title: 'title', company_id: 'company', status: 'status', notes: 'notes' };
export const COMPANY_FIELD_LABELS: Partial<Record<keyof Company, string>> = { name: 'name', industry: 'industry', website: 'website', status: 'status', notes: 'notes', main_contact_id: 'main contact' };
