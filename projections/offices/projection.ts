import { readFileSync } from 'node:fs';
import type { MemberEdited } from '../../events/member/events';
import type { OfficeEvent } from '../../events/office/events';
import { defineReadModel } from '../engine/defineReadModel';
import { entityId } from '../engine/projection';
import { officesTouched } from './queries';

export const officesProjection = defineReadModel<OfficeEvent | MemberEdited>({
  name: 'offices',
  version: 4,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  table: 'offices',
  conflicts: {
    offices_number_unique: { message: 'An office with this number already exists at this location', field: 'office_number' },
  },
  // An office shows its location's name.
  joins: [{ column: 'location_id', model: 'locations', shows: ['name'] }],
  evolve: {
    OfficeCreated: {
      create: ({ data: d }) => ({
        id: d.id, office_number: d.office_number, location_id: d.location_id, type: d.type, desks: d.desks, floor: d.floor,
        windowed: d.windowed, status: 'VACANT', member_id: null, tenant: null, marketed_rates: d.marketed_rates, signed_rate: null,
        term_months: null, term_days: null, start_date: null, end_date: null, contacts: [],
      }),
    },
    OfficeStatusChanged: (row, { data }) => ({ ...row, status: data.status }),
    OfficeRatesChanged: (row, { data }) => ({ ...row, marketed_rates: data.marketed_rates }),
    OfficeLeaseSet: (row, { data: { signed_rate, term_months, term_days, start_date, end_date } }) => ({
      ...row, signed_rate, term_months, term_days: term_days ?? null, start_date, end_date,
    }),
    OfficeDetailsEdited: (row, { data }) => ({ ...row, ...data }),
    // A new primary contact demotes the previous one.
    OfficeContactAdded(row, { data: { contact } }) {
      const current = row.contacts as Record<string, unknown>[];
      const kept = contact.is_primary ? current.map((c) => ({ ...c, is_primary: false })) : current;
      return { ...row, contacts: [...kept, contact] };
    },
    // A contact without an id goes too, as in the rows the table already holds.
    OfficeContactRemoved: (row, { data }) => ({
      ...row,
      contacts: (row.contacts as { id?: unknown }[]).filter((c) => c.id != null && String(c.id) !== data.contact_id),
    }),
    OfficeCompanyAssigned: (row, { data }) => ({ ...row, status: 'LEASED', member_id: data.member_id, tenant: data.tenant }),
    OfficeCompanyUnassigned: (row) => ({ ...row, status: 'VACANT', member_id: null, tenant: null }),
    // The tenant is the company's name: a rename shows on its offices (their version is their own stream's).
    MemberEdited: {
      rows: ({ data, stream_id }) => (data.company_name === undefined ? null : { column: 'member_id', value: entityId(stream_id) }),
      evolve: (row, { data }) => ({ ...row, tenant: data.company_name }),
    },
  },
  live: { entity: 'offices', load: officesTouched },
});
