import { z } from 'zod';
import { Id } from './common';

/** A contact's or company's relation to the operator. */
export const CRM_STATUSES = ['Prospect', 'Member', 'Former Member'] as const;
export type CrmStatus = (typeof CRM_STATUSES)[number];

const status = z.enum(CRM_STATUSES, { message: `Status must be one of ${CRM_STATUSES.join(', ')}` });
const q = z.string().trim().max(200, { message: 'Search for at most 200 characters' });

/** GET /api/contacts?status=&company_id=&q= */
export const ContactListQuery = z.object({ status: status.optional(), company_id: Id.optional(), q: q.optional() }).strict();
export type ContactListQuery = z.infer<typeof ContactListQuery>;

/** GET /api/companies?status=&q= */
export const CompanyListQuery = z.object({ status: status.optional(), q: q.optional() }).strict();
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

export interface Contact {
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
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Company {
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
  version: number;
  created_at: string;
  updated_at: string;
}
