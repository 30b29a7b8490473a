import { z } from 'zod';
import { ExpectedVersion, Id, formMessage } from './common';
import { httpUrlMessage, isHttpUrl, answerText, str } from './strings';
import { ignored, stamps, type Stamped } from './rows';

/** A contact's or company's relation to the operator. */
export const CRM_STATUSES = ['Prospect', 'Member', 'Former Member'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];

const status = z.enum(CRM_STATUSES, { message: `Status must be one of ${CRM_STATUSES.join(', ')}` });
const q = str('Search').trim().max(200, { message: 'Search for at most 200 characters' });

/** GET /api/contacts?status=&company_id=&q= */
export const ContactListQuery = z.object({ status: status.optional(), company_id: Id.optional(), q: q.optional() }).strict();
export type ContactListQuery = z.infer<typeof ContactListQuery>;

/** GET /api/companies?status=&q= */
export const CompanyListQuery = z.object({ status: status.optional(), q: q.optional() }).strict();
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

export interface Contact extends Stamped {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  title: string | null;
  company_id: string | null;
  company_name: string | null;
  status: CrmStatus;
  notes: string | null;
  lead_source: string | null;
}

export interface Company extends Stamped {
  id: string;
  name: string;
  industry: string | null;
  website: string | null;
  phone: string | null;
  address: string | null;
  employee_count: number | null;
  annual_revenue: number | null;
  main_contact_id: string | null;
  status: CrmStatus;
  notes: string | null;
  lead_source: string | null;
  contact_count: number;
  deal_count: number;
  total_deal_value: number;
  /** Open deals: neither signed nor lost. */
  active_deal_count: number;
  /** Signed deals. */
  won_deal_count: number;
  /** Average deal size: total_deal_value / deal_count, to the cent (0 with no deal). */
  average_deal_value: number;
}

export const CONTACT_REQUIRED = formMessage('Name and email are required');
export const COMPANY_REQUIRED = formMessage('Company name is required');

/** A required field whose absence answers the spec's one message for the form. */
const needed = (message: string, max: number, label: string) =>
  str(label, message)
    .trim()
    .min(1, { message })
    .max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) =>
  str(label)
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((v) => v || null);
/** A company's website: http(s) only (it is shown as a link); empty or null for none. */
const website = str('Website')
  .trim()
  .max(300, { message: 'Website must be at most 300 characters' })
  .refine((value) => value === '' || isHttpUrl(value), { message: httpUrlMessage('Website') })
  .nullish()
  .transform((v) => v || null);
/** '' or null: none (the API's way to leave a contact without a company). */
const optionalId = z
  .union([z.literal(''), Id])
  .nullish()
  .transform((v) => v || null);
const email = (message: string) => needed(message, 254, 'Email').pipe(z.email({ message: 'Enter a valid e-mail address' }));
const whole = (label: string) => z.number({ message: `${label} must be a number` }).int({ message: `${label} must be a whole number` }).min(0, { message: `${label} cannot be negative` }).max(10_000_000, { message: `${label} is too large` }).nullish().transform((v) => v ?? null);

const contactFields = {
  phone: optionalText('Phone', 40),
  title: optionalText('Title', 120),
  company_id: optionalId,
  notes: optionalText('Notes', 4000),
  lead_source: optionalText('Lead source', 120),
};

/** POST /api/contacts */
export const CreateContactInput = z
  .object({ name: needed(CONTACT_REQUIRED, 120, 'Name'), email: email(CONTACT_REQUIRED), ...contactFields, status: status.default('Prospect') })
  .strict();
export type CreateContactInput = z.infer<typeof CreateContactInput>;

const READ_ONLY = ignored('id', 'created_at', 'updated_at');

/** PUT /api/contacts/{id}: the contact as GET returned it; read-only fields are ignored. */
export const UpdateContactInput = z
  .object({
    name: needed(CONTACT_REQUIRED, 120, 'Name').optional(),
    email: email(CONTACT_REQUIRED).optional(),
    ...Object.fromEntries(Object.entries(contactFields).map(([k, v]) => [k, v.optional()])),
    status: status.optional(),
    version: ExpectedVersion,
    ...READ_ONLY,
    company_name: z.unknown().optional(),
  })
  .strict();
export type UpdateContactInput = z.infer<typeof UpdateContactInput>;
export const CONTACT_READ_ONLY_KEYS = ['id', 'created_at', 'updated_at', 'company_name'];

const companyFields = {
  industry: optionalText('Industry', 120),
  website,
  phone: optionalText('Phone', 40),
  address: optionalText('Address', 300),
  employee_count: whole('Employee count'),
  annual_revenue: z.number({ message: 'Annual revenue must be a number' }).min(0, { message: 'Annual revenue cannot be negative' }).max(1e12, { message: 'Annual revenue is too large' }).nullish().transform((v) => v ?? null),
  main_contact_id: optionalId,
  notes: optionalText('Notes', 4000),
  lead_source: optionalText('Lead source', 120),
};

/** POST /api/companies */
export const CreateCompanyInput = z.object({ name: needed(COMPANY_REQUIRED, 160, 'Company name'), ...companyFields, status: status.default('Prospect') }).strict();
export type CreateCompanyInput = z.infer<typeof CreateCompanyInput>;

/** PUT /api/companies/{id}: the company as GET returned it; counts and totals are ignored. */
export const UpdateCompanyInput = z
  .object({
    name: needed(COMPANY_REQUIRED, 160, 'Company name').optional(),
    ...Object.fromEntries(Object.entries(companyFields).map(([k, v]) => [k, v.optional()])),
    status: status.optional(),
    version: ExpectedVersion,
    ...READ_ONLY,
    ...ignored('contact_count', 'deal_count', 'total_deal_value', 'active_deal_count', 'won_deal_count', 'average_deal_value'),
  })
  .strict();
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;
export const COMPANY_READ_ONLY_KEYS = ['id', 'created_at', 'updated_at', 'contact_count', 'deal_count', 'total_deal_value', 'active_deal_count', 'won_deal_count', 'average_deal_value'];

/** PATCH /api/contacts/{id}/status and /api/companies/{id}/status */
export const StatusInput = z.object({ status, version: ExpectedVersion }).strict();

/** A contact as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Contact = z.object({
  id: z.uuid(),
  name: answerText(),
  email: answerText(),
  phone: answerText().nullable(),
  title: answerText().nullable(),
  company_id: z.uuid().nullable(),
  company_name: answerText().nullable(),
  status: z.enum(CRM_STATUSES),
  notes: answerText().nullable(),
  lead_source: answerText().nullable(),
  ...stamps,
}) satisfies z.ZodType<Contact>;

/** A company as the API answers it (the OpenAPI document's schema; checked against the type above). */
export const Company = z.object({
  id: z.uuid(),
  name: answerText(),
  industry: answerText().nullable(),
  website: answerText().nullable(),
  phone: answerText().nullable(),
  address: answerText().nullable(),
  employee_count: z.number().int().nullable(),
  annual_revenue: z.number().nullable(),
  main_contact_id: z.uuid().nullable(),
  status: z.enum(CRM_STATUSES),
  notes: answerText().nullable(),
  lead_source: answerText().nullable(),
  contact_count: z.number().int(),
  deal_count: z.number().int(),
  total_deal_value: z.number(),
  active_deal_count: z.number().int(),
  won_deal_count: z.number().int(),
  average_deal_value: z.number(),
  ...stamps,
}) satisfies z.ZodType<Company>;
