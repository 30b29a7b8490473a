import type { Actor } from '@shared/domain/access';
import { may } from '@shared/policy';
import type { SearchResult } from '@shared/schemas/search';
import type { LocatedEntity } from '@shared/visibility';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { likeLiteral } from '../engine/projection';
import { scopeParams, scopeWhere } from '../scope';


/**
 * How well `field` matches: 0 the whole value, 1 its start, 2 the start of a word in it,
 * 3 anywhere; NULL (no match). $1 is the lowered text, $2 the same as a LIKE-safe literal.
 */
const rank = (field: string) => `CASE
    WHEN lower(${field}) = $1 THEN 0
    WHEN lower(${field}) LIKE $2 || '%' THEN 1
    WHEN lower(${field}) LIKE '%' || ' ' || $2 || '%' THEN 2
    WHEN lower(${field}) LIKE '%' || $2 || '%' THEN 3
  END`;
const best = (...fields: string[]) => `LEAST(${fields.map(rank).join(', ')})`;

/** Location-bound rows the actor may see: the scope's parameters are $3 and $4. */
const visible = (entity: LocatedEntity, alias: string) => scopeWhere(entity, alias, 3);

/**
 * Everything the actor may see whose name (or number, or e-mail) contains `q`: offices, members,
 * deals, contacts, companies, tasks, bookings, templates, documents, locations and (administrators) users,
 * each under the same rule as its list (`canSee`). Best matches
 * first: whole-value matches, then starts, then word starts, then anywhere; shorter titles first
 * among equals. One statement over the read models.
 */
export async function search(db: Db, actor: Actor, q: string, limit: number): Promise<SearchResult[]> {
  const text = q.toLowerCase();
  return db.unsafe<SearchResult[]>(
    `SELECT kind, id, title, subtitle, path FROM (
       SELECT 'office' AS kind, o.id::text AS id, 'Office ' || o.office_number AS title,
              concat_ws(' · ', l.name, o.status, o.desks || ' desks') AS subtitle, '/offices/' || o.id AS path,
              ${best('o.office_number')} AS score
         FROM offices o LEFT JOIN locations l ON l.id = o.location_id WHERE ${visible('offices', 'o')}
       UNION ALL
       SELECT 'member', m.id::text, m.company_name, concat_ws(' · ', l.name, m.primary_contact->>'name'), '/members/' || m.id,
              ${best('m.company_name', "m.primary_contact->>'name'", "m.primary_contact->>'email'")}
         FROM members m LEFT JOIN locations l ON l.id = m.location_id WHERE ${visible('members', 'm')}
       UNION ALL
       SELECT 'deal', d.id::text, d.deal_name, concat_ws(' · ', d.company_name, l.name), '/crm/deals/' || d.id,
              ${best('d.deal_name', 'd.company_name')}
         FROM deals d LEFT JOIN locations l ON l.id = d.location_id WHERE ${visible('deals', 'd')}
       UNION ALL
       SELECT 'contact', c.id::text, c.name, concat_ws(' · ', c.email, co.name), '/crm/contacts/' || c.id, ${best('c.name', 'c.email')}
         FROM crm_contacts c LEFT JOIN crm_companies co ON co.id = c.company_id
       UNION ALL
       SELECT 'company', co.id::text, co.name, concat_ws(' · ', co.industry, co.status), '/crm/companies/' || co.id, ${best('co.name')}
         FROM crm_companies co
       UNION ALL
       SELECT 'task', t.id::text, t.title, concat_ws(' · ', l.name, replace(t.status, '_', ' '), t.priority || ' priority'), '/tasks',
              ${best('t.title')}
         FROM tasks t LEFT JOIN locations l ON l.id = t.location_id WHERE ${visible('tasks', 't')}
       UNION ALL
       -- Confirmed bookings from a month back on, by title or room: the room, where and when on the location's clock.
       SELECT 'booking', b.id::text, b.title,
              concat_ws(' · ', 'Room ' || o.office_number, l.name, to_char(b.starts_at AT TIME ZONE l.time_zone, 'Dy DD Mon YYYY HH24:MI')),
              '/bookings?booking=' || b.id, ${best('b.title', "'room ' || o.office_number")}
         FROM bookings b JOIN offices o ON o.id = b.room_id JOIN locations l ON l.id = b.location_id
        WHERE ${visible('bookings', 'b')} AND b.status = 'confirmed' AND b.ends_at > now() - interval '31 days'
       UNION ALL
       SELECT 'template', tp.id::text, tp.name, tp.category, '/templates', ${best('tp.name')}
         FROM templates tp
       UNION ALL
       SELECT 'document', r.id::text, r.name, concat_ws(' · ', r.category, r.file_name), '/resources', ${best('r.name', 'r.file_name')}
         FROM resources r
       UNION ALL
       SELECT 'location', lo.id::text, lo.name, concat_ws(' · ', lo.address, lo.city), '/settings?tab=locations', ${best('lo.name', 'lo.city')}
         FROM locations lo WHERE ${visible('locations', 'lo')}
       UNION ALL
       -- Accounts: administrators only ($6).
       SELECT 'user', u.id::text, u.name, concat_ws(' · ', u.email, u.role), '/settings?tab=users', ${best('u.name', 'u.email')}
         FROM users u WHERE $6::boolean
     ) found
     WHERE score IS NOT NULL
     ORDER BY score, length(title), title COLLATE "C", id
     LIMIT $5`,
    [text, likeLiteral(text), ...scopeParams(actor), limit, may(actor, 'user.manage')],
    PREPARED,
  );
}
