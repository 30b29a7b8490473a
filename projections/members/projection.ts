import { readFileSync } from 'node:fs';
import type { MemberEvent } from '../../events/member/events';
import type { OfficeEvent } from '../../events/office/events';
import { PREPARED } from '../../events/store/connect';
import { entityId, renamedLocationRows, touchOnLocationRename, type Projection } from '../projection';
import { membersByIds } from './queries';

export const membersProjection: Projection = {
  name: 'members',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['members'],

  apply(db, stored) {
    if (stored.stream_type === 'location') return touchOnLocationRename(db, 'members', stored);
    if (stored.stream_type === 'office') {
      // The member row shows its office's number: a renumbering moves its updated_at.
      const edited = stored as unknown as OfficeEvent;
      if (edited.type !== 'OfficeDetailsEdited' || edited.data.office_number === undefined) return null;
      return db`UPDATE members SET updated_at = ${stored.metadata.at} WHERE office_id = ${entityId(stored.stream_id)}`;
    }
    const event = stored as unknown as MemberEvent;
    const at = stored.metadata.at;
    const id = entityId(stored.stream_id);
    const v = stored.version;
    switch (event.type) {
      case 'MemberCreated': {
        const d = event.data;
        return db`
          INSERT INTO members (id, company_name, location_id, primary_contact, membership_type, version, created_at, updated_at)
          VALUES (${d.id}, ${d.company_name}, ${d.location_id}, ${db.json(d.primary_contact)}, ${d.membership_type},
            ${v}, ${at}, ${at})`;
      }
      case 'MemberEdited': {
        const { primary_contact, ...rest } = event.data;
        const changes = primary_contact ? { ...rest, primary_contact: db.json(primary_contact) } : rest;
        return db`UPDATE members SET ${db(changes)}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      }
      case 'MemberEmployeeAdded':
        return db`
          UPDATE members SET employees = employees || jsonb_build_array(${db.json(event.data.employee)}::jsonb),
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'MemberOfficeAssigned':
        return db`UPDATE members SET office_id = ${event.data.office_id}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      case 'MemberOfficeUnassigned':
        return db`UPDATE members SET office_id = NULL, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      default:
        return null;
    }
  },

  live: {
    entity: 'members',
    streamTypes: ['member', 'office', 'location'],
    async ids(event, db) {
      if (event.stream_type === 'member') return [entityId(event.stream_id)];
      if (event.stream_type === 'location') return renamedLocationRows(db, 'members', event);
      // The member row shows its office's number (joined at read time).
      const edited = event as unknown as OfficeEvent;
      if (edited.type !== 'OfficeDetailsEdited' || edited.data.office_number === undefined) return [];
      const rows = await db.unsafe<{ id: string }[]>(
        'SELECT id FROM members WHERE office_id = $1',
        [entityId(event.stream_id)],
        PREPARED,
      );
      return rows.map((r) => r.id);
    },
    load: membersByIds,
  },
};
