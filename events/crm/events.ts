import { z } from 'zod';

/** CRM statuses of contacts and companies (API.md "CRM contacts and companies"). */
export { CRM_STATUSES } from '@shared/schemas/crm';
import { CRM_STATUSES } from '@shared/schemas/crm';

const optional = z.string().nullable();

const ContactFields = {
  name: z.string().min(1),
  email: z.string().min(1),
  phone: optional,
  title: optional,
  company_id: z.uuid().nullable(),
  status: z.enum(CRM_STATUSES),
  notes: optional,
  lead_source: optional,
};

export const ContactEventSchemas = {
  ContactCreated: z.object({ id: z.uuid(), ...ContactFields }).strict(),
  /** The fields that changed. */
  ContactEdited: z.object(ContactFields).partial().strict(),
  /** Gone; `company_id` is the company it belonged to (its count changes). */
  ContactDeleted: z.object({ company_id: z.uuid().nullable() }).strict(),
};

const CompanyFields = {
  name: z.string().min(1),
  industry: optional,
  website: optional,
  phone: optional,
  address: optional,
  employee_count: z.number().int().min(0).nullable(),
  annual_revenue: z.number().min(0).nullable(),
  main_contact_id: z.uuid().nullable(),
  status: z.enum(CRM_STATUSES),
  notes: optional,
  lead_source: optional,
};

export const CompanyEventSchemas = {
  CompanyEdited: z.object(CompanyFields).partial().strict(),
  CompanyDeleted: z.object({}).strict(),
  CompanyCreated: z.object({ id: z.uuid(), ...CompanyFields }).strict(),
};

export type ContactCreated = { type: 'ContactCreated'; data: z.infer<typeof ContactEventSchemas.ContactCreated> };
export type ContactEdited = { type: 'ContactEdited'; data: z.infer<typeof ContactEventSchemas.ContactEdited> };
export type ContactDeleted = { type: 'ContactDeleted'; data: z.infer<typeof ContactEventSchemas.ContactDeleted> };
export type ContactEvent = ContactCreated | ContactEdited | ContactDeleted;
export type ContactData = ContactCreated['data'];
export type CompanyCreated = { type: 'CompanyCreated'; data: z.infer<typeof CompanyEventSchemas.CompanyCreated> };
export type CompanyEdited = { type: 'CompanyEdited'; data: z.infer<typeof CompanyEventSchemas.CompanyEdited> };
export type CompanyDeleted = { type: 'CompanyDeleted'; data: z.infer<typeof CompanyEventSchemas.CompanyDeleted> };
export type CompanyEvent = CompanyCreated | CompanyEdited | CompanyDeleted;
export type CompanyData = CompanyCreated['data'];
