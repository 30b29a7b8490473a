import { readFileSync } from 'node:fs';
import type { LocationUpdated } from '../../events/location/events';
import type { MemberEdited } from '../../events/member/events';
import type { OfficeEvent } from '../../events/office/events';
import { defineProjection, entityId, foldLocationRename, foldOwn, own, rowsAtRenamedLocation, touchOnLocationRename, type Logged } from '../projection';
import { officesTouched } from './queries';

/** The office's own row: its version moves with its stream. */
const stamp = (event: Logged<OfficeEvent>) => ({ v: event.version, at: event.metadata.at, id: entityId(event.stream_id) });

export const officesProjection = defineProjection<OfficeEvent | MemberEdited | LocationUpdated>({
  name: 'offices',
  version: 4,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['offices'],
  conflicts: {
    offices_number_unique: { message: 'An office with this number already exists at this location', field: 'office_number' },
  },
  on: {
    OfficeCreated: {
      apply(db, event) {
        const { data: d, version: v } = event;
        const at = event.metadata.at;
        return db`
          INSERT INTO offices (id, office_number, location_id, type, desks, floor, windowed, status,
            marketed_rates, version, created_at, updated_at)
          VALUES (${d.id}, ${d.office_number}, ${d.location_id}, ${d.type}, ${d.desks}, ${d.floor}, ${d.windowed},
            'VACANT', ${db.json(d.marketed_rates)}, ${v}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('offices').insert({
          id: d.id, office_number: d.office_number, location_id: d.location_id, type: d.type, desks: d.desks, floor: d.floor,
          windowed: d.windowed, status: 'VACANT', marketed_rates: d.marketed_rates, contacts: [], version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    OfficeStatusChanged: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`UPDATE offices SET status = ${event.data.status}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      },
      fold: (tables, event) => foldOwn(tables, 'offices', event, { status: event.data.status }),
      changed: own,
    },
    OfficeRatesChanged: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`
          UPDATE offices SET marketed_rates = ${db.json(event.data.marketed_rates)}, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold: (tables, event) => foldOwn(tables, 'offices', event, { marketed_rates: event.data.marketed_rates }),
      changed: own,
    },
    OfficeLeaseSet: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        const d = event.data;
        return db`
          UPDATE offices SET signed_rate = ${d.signed_rate}, term_months = ${d.term_months}, term_days = ${d.term_days ?? null},
            start_date = ${d.start_date}::date, end_date = ${d.end_date}::date, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold(tables, event) {
        const { signed_rate, term_months, term_days, start_date, end_date } = event.data;
        foldOwn(tables, 'offices', event, { signed_rate, term_months, term_days: term_days ?? null, start_date, end_date });
      },
      changed: own,
    },
    OfficeDetailsEdited: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`UPDATE offices SET ${db(event.data)}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      },
      fold: (tables, event) => foldOwn(tables, 'offices', event, event.data),
      changed: own,
    },
    OfficeContactAdded: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        const { contact } = event.data;
        // A new primary contact demotes the previous one.
        return db`
          UPDATE offices SET
            contacts = (CASE WHEN ${contact.is_primary}::boolean
                          THEN (SELECT coalesce(jsonb_agg(c || '{"is_primary": false}'::jsonb ORDER BY n), '[]'::jsonb)
                                FROM jsonb_array_elements(contacts) WITH ORDINALITY AS e(c, n))
                          ELSE contacts END) || jsonb_build_array(${db.json(contact)}::jsonb),
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold(tables, event) {
        const { contact } = event.data;
        const row = tables.table('offices').get(entityId(event.stream_id));
        if (!row) return;
        const current = row.contacts as Record<string, unknown>[];
        const kept = contact.is_primary ? current.map((c) => ({ ...c, is_primary: false })) : current;
        foldOwn(tables, 'offices', event, { contacts: [...kept, contact] });
      },
      changed: own,
    },
    OfficeContactRemoved: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`
          UPDATE offices SET
            contacts = (SELECT coalesce(jsonb_agg(c ORDER BY n), '[]'::jsonb)
                        FROM jsonb_array_elements(contacts) WITH ORDINALITY AS e(c, n)
                        WHERE c->>'id' <> ${event.data.contact_id}),
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold(tables, event) {
        const row = tables.table('offices').get(entityId(event.stream_id));
        if (!row) return;
        // As `c->>'id' <> $1`: a contact without an id is not kept either (NULL is not true).
        const contacts = (row.contacts as { id?: unknown }[]).filter((c) => c.id != null && String(c.id) !== event.data.contact_id);
        foldOwn(tables, 'offices', event, { contacts });
      },
      changed: own,
    },
    OfficeCompanyAssigned: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`
          UPDATE offices SET status = 'LEASED', member_id = ${event.data.member_id}, tenant = ${event.data.tenant},
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold: (tables, event) =>
        foldOwn(tables, 'offices', event, { status: 'LEASED', member_id: event.data.member_id, tenant: event.data.tenant }),
      changed: own,
    },
    OfficeCompanyUnassigned: {
      apply(db, event) {
        const { v, at, id } = stamp(event);
        return db`
          UPDATE offices SET status = 'VACANT', member_id = NULL, tenant = NULL, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      },
      fold: (tables, event) => foldOwn(tables, 'offices', event, { status: 'VACANT', member_id: null, tenant: null }),
      changed: own,
    },
    // The tenant is the company's name: a rename shows on its office. The office's version is
    // its own stream's, so it stays; updated_at tells the row changed.
    MemberEdited: {
      apply(db, event) {
        if (event.data.company_name === undefined) return null;
        return db`
          UPDATE offices SET tenant = ${event.data.company_name}, updated_at = ${event.metadata.at}
          WHERE member_id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        if (event.data.company_name === undefined) return;
        tables.table('offices').updateWhere('member_id', entityId(event.stream_id), { tenant: event.data.company_name, updated_at: event.metadata.at });
      },
      changed: (event) =>
        event.data.company_name === undefined ? [] : [{ column: 'member_id', value: entityId(event.stream_id) }],
    },
    LocationUpdated: {
      apply: (db, event) => touchOnLocationRename(db, 'offices', event),
      fold: (tables, event) => foldLocationRename(tables, 'offices', event),
      changed: rowsAtRenamedLocation,
    },
  },
  live: { entity: 'offices', load: officesTouched },
});
