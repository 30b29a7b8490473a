import { readFileSync } from 'node:fs';
import type { CompanyEvent, ContactEvent } from '../../events/crm/events';
import { defineProjection } from '../projection';

/** CRM contacts and companies, as deals create them (their screens and live push come later). */
export const crmProjection = defineProjection<ContactEvent | CompanyEvent>({
  name: 'crm',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['crm_contacts', 'crm_companies'],
  on: {
    ContactCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO crm_contacts (id, name, email, phone, title, company_id, status, notes, lead_source, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.email}, ${d.phone}, ${d.title}, ${d.company_id}, ${d.status}, ${d.notes}, ${d.lead_source},
            ${version}, ${at}, ${at})`;
      },
      changed: () => [],
    },
    CompanyCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO crm_companies (id, name, industry, website, phone, address, employee_count, annual_revenue, main_contact_id,
            status, notes, lead_source, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.industry}, ${d.website}, ${d.phone}, ${d.address}, ${d.employee_count}, ${d.annual_revenue},
            ${d.main_contact_id}, ${d.status}, ${d.notes}, ${d.lead_source}, ${version}, ${at}, ${at})`;
      },
      changed: () => [],
    },
  },
});
