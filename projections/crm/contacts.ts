import { readFileSync } from 'node:fs';
import type { ContactEvent } from '../../events/crm/events';
import { withoutPreviousCompany } from '../../events/previousCompany';
import { defineReadModel } from '../engine/defineReadModel';
import { contactsTouched } from './queries';

/**
 * CRM contacts, as the contact screens and the deals that name them write them. A row shows its
 * company's name (joined when read), so a renamed company's contacts are pushed again.
 */
export const contactsProjection = defineReadModel<ContactEvent>({
  name: 'contacts',
  version: 2,
  ddl: readFileSync(new URL('./contacts.sql', import.meta.url), 'utf8'),
  table: 'crm_contacts',
  joins: [{ column: 'company_id', model: 'companies', shows: ['name'] }],
  evolve: {
    ContactCreated: {
      create: ({ data: d }) => ({
        id: d.id, name: d.name, email: d.email, phone: d.phone, title: d.title, company_id: d.company_id, status: d.status,
        notes: d.notes, lead_source: d.lead_source,
      }),
    },
    ContactEdited: (row, { data }) => ({ ...row, ...withoutPreviousCompany(data) }),
    ContactDeleted: () => null,
  },
  live: { entity: 'contacts', load: contactsTouched },
});
