import { readFileSync } from 'node:fs';
import type { CompanyEvent, ContactEvent } from '../../events/crm/events';
import { defineProjection, entityId, foldOwn, own } from '../projection';
import { contactsTouched } from './queries';

/**
 * CRM contacts, as the contact screens and the deals that name them write them. A row shows its
 * company's name (joined when read), so a renamed company's contacts are pushed again.
 */
export const contactsProjection = defineProjection<ContactEvent | CompanyEvent>({
  name: 'contacts',
  version: 1,
  ddl: readFileSync(new URL('./contacts.sql', import.meta.url), 'utf8'),
  tables: ['crm_contacts'],
  on: {
    ContactCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO crm_contacts (id, name, email, phone, title, company_id, status, notes, lead_source, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.email}, ${d.phone}, ${d.title}, ${d.company_id}, ${d.status}, ${d.notes}, ${d.lead_source},
            ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('crm_contacts').insert({
          id: d.id, name: d.name, email: d.email, phone: d.phone, title: d.title, company_id: d.company_id, status: d.status,
          notes: d.notes, lead_source: d.lead_source, version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    ContactEdited: {
      apply(db, { data, version, stream_id, metadata: { at } }) {
        const { previous_company_id: _previous, ...changes } = data;
        const columns = Object.keys(changes) as (keyof typeof changes)[];
        return columns.length === 0
          ? db`UPDATE crm_contacts SET version = ${version}, updated_at = ${at} WHERE id = ${entityId(stream_id)}`
          : db`UPDATE crm_contacts SET ${db(changes, columns)}, version = ${version}, updated_at = ${at} WHERE id = ${entityId(stream_id)}`;
      },
      fold(tables, event) {
        const { previous_company_id: _previous, ...changes } = event.data;
        foldOwn(tables, 'crm_contacts', event, changes);
      },
      changed: own,
    },
    ContactDeleted: {
      apply: (db, { stream_id }) => db`DELETE FROM crm_contacts WHERE id = ${entityId(stream_id)}`,
      fold: (tables, { stream_id }) => tables.table('crm_contacts').delete(entityId(stream_id)),
      changed: own,
    },
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
