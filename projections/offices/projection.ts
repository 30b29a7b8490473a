import { readFileSync } from 'node:fs';
import type { MemberEvent } from '../../events/member/events';
import type { OfficeEvent } from '../../events/office/events';
import { PREPARED } from '../../events/store/connect';
import { entityId, renamedLocationRows, touchOnLocationRename, type Projection } from '../projection';
import { officesByIds } from './queries';

export const officesProjection: Projection = {
  name: 'offices',
  version: 2,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['offices'],
  conflicts: { offices_number_unique: 'An office with this number already exists at this location' },

  apply(db, stored) {
    if (stored.stream_type === 'location') return touchOnLocationRename(db, 'offices', stored);
    const event = stored as unknown as OfficeEvent | MemberEvent;
    const at = stored.metadata.at;
    const id = entityId(stored.stream_id);
    const v = stored.version;
    switch (event.type) {
      case 'OfficeCreated': {
        const d = event.data;
        return db`
          INSERT INTO offices (id, office_number, location_id, type, desks, floor, windowed, status,
            marketed_rates, version, created_at, updated_at)
          VALUES (${d.id}, ${d.office_number}, ${d.location_id}, ${d.type}, ${d.desks}, ${d.floor}, ${d.windowed},
            'VACANT', ${db.json(d.marketed_rates)}, ${v}, ${at}, ${at})`;
      }
      case 'OfficeStatusChanged':
        return db`UPDATE offices SET status = ${event.data.status}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      case 'OfficeRatesChanged':
        return db`
          UPDATE offices SET marketed_rates = ${db.json(event.data.marketed_rates)}, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'OfficeLeaseSet': {
        const d = event.data;
        return db`
          UPDATE offices SET signed_rate = ${d.signed_rate}, term_months = ${d.term_months},
            start_date = ${d.start_date}::date, end_date = ${d.end_date}::date, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      }
      case 'OfficeDetailsEdited':
        return db`UPDATE offices SET ${db(event.data)}, version = ${v}, updated_at = ${at} WHERE id = ${id}`;
      case 'OfficeContactAdded': {
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
      }
      case 'OfficeContactRemoved':
        return db`
          UPDATE offices SET
            contacts = (SELECT coalesce(jsonb_agg(c ORDER BY n), '[]'::jsonb)
                        FROM jsonb_array_elements(contacts) WITH ORDINALITY AS e(c, n)
                        WHERE c->>'id' <> ${event.data.contact_id}),
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'OfficeCompanyAssigned':
        return db`
          UPDATE offices SET status = 'LEASED', member_id = ${event.data.member_id}, tenant = ${event.data.tenant},
            version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'OfficeCompanyUnassigned':
        return db`
          UPDATE offices SET status = 'VACANT', member_id = NULL, tenant = NULL, version = ${v}, updated_at = ${at}
          WHERE id = ${id}`;
      case 'MemberEdited':
        // The tenant is the company's name: a rename shows on its office. The office's version is
        // its own stream's, so it stays; updated_at tells the row changed.
        if (event.data.company_name === undefined) return null;
        return db`
          UPDATE offices SET tenant = ${event.data.company_name}, updated_at = ${at}
          WHERE member_id = ${id}`;
      default:
        return null;
    }
  },

  live: {
    entity: 'offices',
    streamTypes: ['office', 'member', 'location'],
    async ids(event, db) {
      if (event.stream_type === 'office') return [entityId(event.stream_id)];
      if (event.stream_type === 'location') return renamedLocationRows(db, 'offices', event);
      if (event.type !== 'MemberEdited' || (event.data as { company_name?: string }).company_name === undefined) return [];
      const rows = await db.unsafe<{ id: string }[]>(
        'SELECT id FROM offices WHERE member_id = $1',
        [entityId(event.stream_id)],
        PREPARED,
      );
      return rows.map((r) => r.id);
    },
    load: officesByIds,
  },
};
