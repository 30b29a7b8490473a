import { readFileSync } from 'node:fs';
import { isClosedStage, type DealStage } from '@shared/domain/deals';
import type { CompanyEvent, ContactEvent } from '../../events/crm/events';
import type { DealEvent } from '../../events/deal/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables } from '../memoryTables';
import { defineProjection, entityId, foldOwn, own, type Touched } from '../projection';
import { companiesTouched } from './queries';

/** A company row also carries its contact and deal counts and deal total, read when loaded: events
 * that change them move its updated_at, so clients take the pushed row. */
const figuresChanged = (db: Db, ids: (string | null | undefined)[], at: string) => {
  const present = ids.filter((id): id is string => !!id);
  return present.length === 0 ? null : db`UPDATE crm_companies SET updated_at = ${at} WHERE id = ANY(${present}::uuid[])`;
};
const foldFiguresChanged = (tables: MemoryTables, ids: (string | null | undefined)[], at: string) => {
  for (const id of ids) if (id) tables.table('crm_companies').update(id, { updated_at: at });
};
/** A move into or out of a closed stage: the deal's open / signed counts change (an undo never does: it is refused once a deal is closed). */
const settles = (move: { from_stage: DealStage; stage: DealStage }) => isClosedStage(move.from_stage) !== isClosedStage(move.stage);
const companies = (...ids: (string | null | undefined)[]): Touched[] => ids.filter((id): id is string => !!id).map((value) => ({ column: 'id', value }));

/** CRM companies, with their figures kept live as their contacts and deals change. */
export const companiesProjection = defineProjection<CompanyEvent | ContactEvent | DealEvent>({
  name: 'companies',
  version: 2,
  ddl: readFileSync(new URL('./companies.sql', import.meta.url), 'utf8'),
  tables: ['crm_companies'],
  on: {
    CompanyCreated: {
      apply(db, { data: d, version, metadata: { at } }) {
        return db`
          INSERT INTO crm_companies (id, name, industry, website, phone, address, employee_count, annual_revenue, main_contact_id,
            status, notes, lead_source, version, created_at, updated_at)
          VALUES (${d.id}, ${d.name}, ${d.industry}, ${d.website}, ${d.phone}, ${d.address}, ${d.employee_count}, ${d.annual_revenue},
            ${d.main_contact_id}, ${d.status}, ${d.notes}, ${d.lead_source}, ${version}, ${at}, ${at})`;
      },
      fold(tables, { data: d, version, metadata: { at } }) {
        tables.table('crm_companies').insert({
          id: d.id, name: d.name, industry: d.industry, website: d.website, phone: d.phone, address: d.address,
          employee_count: d.employee_count, annual_revenue: d.annual_revenue, main_contact_id: d.main_contact_id, status: d.status,
          notes: d.notes, lead_source: d.lead_source, version, created_at: at, updated_at: at,
        });
      },
      changed: own,
    },
    CompanyEdited: {
      apply(db, { data, version, stream_id, metadata: { at } }) {
        const columns = Object.keys(data) as (keyof typeof data)[];
        return columns.length === 0
          ? db`UPDATE crm_companies SET version = ${version}, updated_at = ${at} WHERE id = ${entityId(stream_id)}`
          : db`UPDATE crm_companies SET ${db(data, columns)}, version = ${version}, updated_at = ${at} WHERE id = ${entityId(stream_id)}`;
      },
      fold: (tables, event) => foldOwn(tables, 'crm_companies', event, event.data),
      changed: own,
    },
    CompanyDeleted: {
      apply: (db, { stream_id }) => db`DELETE FROM crm_companies WHERE id = ${entityId(stream_id)}`,
      fold: (tables, { stream_id }) => tables.table('crm_companies').delete(entityId(stream_id)),
      changed: own,
    },
    ContactCreated: {
      apply: (db, { data, metadata: { at } }) => figuresChanged(db, [data.company_id], at),
      fold: (tables, { data, metadata: { at } }) => foldFiguresChanged(tables, [data.company_id], at),
      changed: ({ data }) => companies(data.company_id),
    },
    ContactEdited: {
      apply: (db, { data, metadata: { at } }) => (data.company_id === undefined ? null : figuresChanged(db, [data.company_id, data.previous_company_id], at)),
      fold: (tables, { data, metadata: { at } }) =>
        data.company_id === undefined ? undefined : foldFiguresChanged(tables, [data.company_id, data.previous_company_id], at),
      changed: ({ data }) => (data.company_id === undefined ? [] : companies(data.company_id, data.previous_company_id)),
    },
    ContactDeleted: {
      apply: (db, { data, metadata: { at } }) => figuresChanged(db, [data.company_id], at),
      fold: (tables, { data, metadata: { at } }) => foldFiguresChanged(tables, [data.company_id], at),
      changed: ({ data }) => companies(data.company_id),
    },
    DealCreated: {
      apply: (db, { data, metadata: { at } }) => figuresChanged(db, [data.company_id], at),
      fold: (tables, { data, metadata: { at } }) => foldFiguresChanged(tables, [data.company_id], at),
      changed: ({ data }) => companies(data.company_id),
    },
    // A deal signed or lost changes its company's active and won counts. The event names only the
    // deal: the push loads its company through the deals read model, and the row's updated_at
    // already follows the deal's settling (read in queries.ts), so nothing is written here.
    DealMoved: {
      apply: () => null,
      fold: () => undefined,
      changed: ({ data, stream_id }) => (settles(data) ? [{ column: 'deal_id', value: entityId(stream_id) }] : []),
    },
    // An edit that changes a deal's value names its company, and one that moves the deal to
    // another company names the one it left too (events/deal/decider.ts).
    DealEdited: {
      apply: (db, { data, metadata: { at } }) => (data.company_id === undefined ? null : figuresChanged(db, [data.company_id, data.previous_company_id], at)),
      fold: (tables, { data, metadata: { at } }) =>
        data.company_id === undefined ? undefined : foldFiguresChanged(tables, [data.company_id, data.previous_company_id], at),
      changed: ({ data }) => (data.company_id === undefined ? [] : companies(data.company_id, data.previous_company_id)),
    },
  },
  live: { entity: 'companies', load: companiesTouched },
});
