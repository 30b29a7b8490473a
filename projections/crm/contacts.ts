import { readFileSync } from 'node:fs';
import type { CompanyEdited, ContactEvent } from '../../events/crm/events';
import { defineReadModel } from '../defineReadModel';
import { entityId } from '../projection';
import { contactsTouched } from './queries';

/**
 * CRM contacts, as the contact screens and the deals that name them write them. A row shows its
 * company's name (joined when read), so a renamed company's contacts are pushed again.
 */
export const contactsProjection = defineReadModel<ContactEvent | CompanyEdited>({
  name: 'contacts',
  version: 1,
  ddl: readFileSync(new URL('./contacts.sql', import.meta.url), 'utf8'),
  table: 'crm_contacts',
  evolve: {
    ContactCreated: {
      create: ({ data: d }) => ({
        id: d.id, name: d.name, email: d.email, phone: d.phone, title: d.title, company_id: d.company_id, status: d.status,
        notes: d.notes, lead_source: d.lead_source,
      }),
    },
    // The company it left is named for the companies read model, not kept here.
    ContactEdited: (row, { data: { previous_company_id: _previous, ...changes } }) => ({ ...row, ...changes }),
    ContactDeleted: () => null,
  },
  statements: {
    // Until the companies read model is declared, a rename moves its contacts' updated_at here.
    CompanyEdited: {
      apply(db, { data, stream_id, metadata: { at } }) {
        return data.name === undefined ? null : db`UPDATE crm_contacts SET updated_at = ${at} WHERE company_id = ${entityId(stream_id)}`;
      },
      fold(tables, { data, stream_id, metadata: { at } }) {
        if (data.name !== undefined) tables.table('crm_contacts').updateWhere('company_id', entityId(stream_id), { updated_at: at });
      },
      changed: ({ data, stream_id }) => (data.name === undefined ? [] : [{ column: 'company_id', value: entityId(stream_id) }]),
    },
  },
  live: { entity: 'contacts', load: contactsTouched },
});
