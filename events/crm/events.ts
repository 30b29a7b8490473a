import { z } from 'zod';

/** CRM statuses of contacts and companies (API.md "CRM contacts and companies"). */
export { CRM_STATUSES } from '@shared/schemas/crm';
import { CRM_STATUSES } from '@shared/schemas/crm';

const optional = z.string().nullable();

export const ContactEventSchemas = {
  ContactCreated: z
    .object({
      id: z.uuid(),
      name: z.string().min(1),
      email: z.string().min(1),
      phone: optional,
      title: optional,
      company_id: z.uuid().nullable(),
      status: z.enum(CRM_STATUSES),
      notes: optional,
      lead_source: optional,
    })
    .strict(),
};

export const CompanyEventSchemas = {
  CompanyCreated: z
    .object({
      id: z.uuid(),
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
    })
    .strict(),
};

export type ContactCreated = { type: 'ContactCreated'; data: z.infer<typeof ContactEventSchemas.ContactCreated> };
export type ContactEvent = ContactCreated;
export type CompanyCreated = { type: 'CompanyCreated'; data: z.infer<typeof CompanyEventSchemas.CompanyCreated> };
export type CompanyEvent = CompanyCreated;
