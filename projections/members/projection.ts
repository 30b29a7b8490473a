import { readFileSync } from 'node:fs';
import type { LocationUpdated } from '../../events/location/events';
import type { MemberEvent } from '../../events/member/events';
import type { OfficeCompanyAssigned, OfficeCompanyUnassigned, OfficeDetailsEdited } from '../../events/office/events';
import {
  defineProjection,
  entityId,
  foldLocationRename,
  foldOwn,
  own,
  rowsAtRenamedLocation,
  rowsAtRenumberedOffice,
  touchOnLocationRename,
} from '../projection';
import { membersTouched } from './queries';

export const membersProjection = defineProjection<MemberEvent | OfficeCompanyAssigned | OfficeCompanyUnassigned | OfficeDetailsEdited | LocationUpdated>({
  name: 'members',
  version: 3,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['members'],
  on: {
    MemberCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO members (id, company_name, location_id, primary_contact, membership_type, version, created_at, updated_at)
          VALUES (${d.id}, ${d.company_name}, ${d.location_id}, ${db.json(d.primary_contact)}, ${d.membership_type},
            ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('members').insert({
          id: d.id, company_name: d.company_name, location_id: d.location_id, primary_contact: d.primary_contact,
          membership_type: d.membership_type, employees: [], office_ids: [], version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    MemberEdited: {
      apply(db, event) {
        const { primary_contact, ...rest } = event.data;
        const changes = primary_contact ? { ...rest, primary_contact: db.json(primary_contact) } : rest;
        return db`
          UPDATE members SET ${db(changes)}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'members', event, event.data),
      changed: own,
    },
    MemberEmployeeAdded: {
      apply(db, event) {
        return db`
          UPDATE members SET employees = employees || jsonb_build_array(${db.json(event.data.employee)}::jsonb),
            version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold(tables, event) {
        const row = tables.table('members').get(entityId(event.stream_id));
        if (row) foldOwn(tables, 'members', event, { employees: [...(row.employees as unknown[]), event.data.employee] });
      },
      changed: own,
    },
    MemberOfficeAssigned: {
      apply(db, event) {
        return db`
          UPDATE members SET office_id = ${event.data.office_id}, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'members', event, { office_id: event.data.office_id }),
      changed: own,
    },
    MemberOfficeUnassigned: {
      apply(db, event) {
        return db`
          UPDATE members SET office_id = NULL, version = ${event.version}, updated_at = ${event.metadata.at}
          WHERE id = ${entityId(event.stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'members', event, { office_id: null }),
      changed: own,
    },
    // A signed deal leases offices to the company through the offices' own streams: the
    // company's list of offices changes without an event of its own (its version stays).
    OfficeCompanyAssigned: {
      apply(db, { data, stream_id, metadata: { at } }) {
        const office = entityId(stream_id);
        return db`
          UPDATE members SET office_ids = array_append(array_remove(office_ids, ${office}::uuid), ${office}::uuid), updated_at = ${at}
          WHERE id = ${data.member_id}`;
      },
      fold(tables, { data, stream_id, metadata: { at } }) {
        const office = entityId(stream_id);
        const row = tables.table('members').get(data.member_id);
        if (row) tables.table('members').set(row, { office_ids: [...(row.office_ids as string[]).filter((id) => id !== office), office], updated_at: at });
      },
      changed: (event) => [{ column: 'id', value: event.data.member_id }],
    },
    OfficeCompanyUnassigned: {
      apply(db, { data, stream_id, metadata: { at } }) {
        return db`
          UPDATE members SET office_ids = array_remove(office_ids, ${entityId(stream_id)}::uuid), updated_at = ${at}
          WHERE id = ${data.member_id}`;
      },
      fold(tables, { data, stream_id, metadata: { at } }) {
        const office = entityId(stream_id);
        const row = tables.table('members').get(data.member_id);
        if (row) tables.table('members').set(row, { office_ids: (row.office_ids as string[]).filter((id) => id !== office), updated_at: at });
      },
      changed: (event) => [{ column: 'id', value: event.data.member_id }],
    },
    // The member row shows its offices' numbers (joined at read time): a renumbering moves its
    // updated_at so clients take the pushed row.
    OfficeDetailsEdited: {
      apply(db, event) {
        if (event.data.office_number === undefined) return null;
        const office = entityId(event.stream_id);
        return db`
          UPDATE members SET updated_at = ${event.metadata.at}
          WHERE office_id = ${office} OR ${office}::uuid = ANY(office_ids)`;
      },
      fold(tables, event) {
        if (event.data.office_number === undefined) return;
        const office = entityId(event.stream_id).toLowerCase();
        const members = tables.table('members');
        for (const row of [...members.rows]) {
          const holds = String(row.office_id ?? '').toLowerCase() === office || (row.office_ids as string[]).some((id) => id.toLowerCase() === office);
          if (holds) members.set(row, { updated_at: event.metadata.at });
        }
      },
      changed: rowsAtRenumberedOffice,
    },
    LocationUpdated: {
      apply: (db, event) => touchOnLocationRename(db, 'members', event),
      fold: (tables, event) => foldLocationRename(tables, 'members', event),
      changed: rowsAtRenamedLocation,
    },
  },
  live: { entity: 'members', load: membersTouched },
});
