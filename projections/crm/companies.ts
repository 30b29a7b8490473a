import { readFileSync } from 'node:fs';
import type { CompanyEvent } from '../../events/crm/events';
import { defineReadModel } from '../engine/defineReadModel';
import { companiesTouched } from './queries';

/**
 * CRM companies. A row also shows figures read when it is loaded (queries.ts): the count of its
 * contacts, and its deals' count, value (offered price × term), open and signed counts, per
 * location (each reader counts only the locations they may see). A change of what those read
 * pushes the companies the row named before and after it (a contact or deal moved to another
 * company changes both).
 */
export const companiesProjection = defineReadModel<CompanyEvent>({
  name: 'companies',
  version: 3,
  ddl: readFileSync(new URL('./companies.sql', import.meta.url), 'utf8'),
  table: 'crm_companies',
  figures: [
    { model: 'contacts', by: 'company_id', when: ['company_id'] },
    { model: 'deals', by: 'company_id', when: ['company_id', 'location_id', 'stage', 'offered_price', 'term_months', 'term_days'] },
  ],
  evolve: {
    CompanyCreated: {
      create: ({ data: d }) => ({
        id: d.id, name: d.name, industry: d.industry, website: d.website, phone: d.phone, address: d.address,
        employee_count: d.employee_count, annual_revenue: d.annual_revenue, main_contact_id: d.main_contact_id, status: d.status,
        notes: d.notes, lead_source: d.lead_source,
      }),
    },
    CompanyEdited: (row, { data }) => ({ ...row, ...data }),
    CompanyDeleted: () => null,
  },
  live: { entity: 'companies', load: companiesTouched },
});
