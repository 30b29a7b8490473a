import { readFileSync } from 'node:fs';
import type { OfficeEvent } from '../../events/office/events';
import type { Db } from '../../events/store/types';
import { defineProjection, entityId, type Logged, type Statement } from '../projection';

/** The office fields the reports read, as office_history keeps them. */
interface Figures {
  location_id: string;
  status: string;
  desks: number;
  signed_rate: number | null;
  marketed_rate: number;
  term_months: number | null;
  start_date: string | null;
}

const CAST: { [K in keyof Figures]: (db: Db, value: Figures[K]) => Statement } = {
  location_id: (db, v) => db`${v}::uuid`,
  status: (db, v) => db`${v}::text`,
  desks: (db, v) => db`${v}::integer`,
  signed_rate: (db, v) => db`${v}::numeric`,
  marketed_rate: (db, v) => db`${v}::numeric`,
  term_months: (db, v) => db`${v}::integer`,
  start_date: (db, v) => db`${v}::date`,
};

/**
 * Closes the office's open row at the event's time and opens one with `changes` applied, in one
 * statement; nothing when the figures stay the same. A time earlier than the open row's start
 * (a back-dated command) counts as that start: an office's stretches never overlap or run
 * backwards, so every instant sees each office once.
 */
function change(db: Db, event: Logged<OfficeEvent>, changes: Partial<Figures>) {
  const next = (Object.keys(CAST) as (keyof Figures)[]).map((column) => {
    const cast = CAST[column] as (db: Db, value: unknown) => Statement;
    return column in changes ? cast(db, changes[column]) : db`${db(column)}`;
  });
  const list = (parts: Statement[]) => parts.reduce((all, part, i) => (i === 0 ? db`${part}` : db`${all}, ${part}`));
  return db`
    WITH closed AS (
      UPDATE office_history SET valid_to = greatest(valid_from, ${event.metadata.at}::timestamptz)
      WHERE office_id = ${entityId(event.stream_id)} AND valid_to IS NULL
        AND (location_id, status, desks, signed_rate, marketed_rate, term_months, start_date) IS DISTINCT FROM (${list(next)})
      RETURNING *)
    INSERT INTO office_history (office_id, location_id, status, desks, signed_rate, marketed_rate, term_months, start_date, valid_from)
    SELECT office_id, ${list(next)}, valid_to FROM closed`;
}

/**
 * The reports' history of every office (RESOLUTIONS.md: a period's figures are the state at that
 * instant, rebuilt from the events). Written inline with the office's own events, so it touches
 * only that office's rows: no report figure is a row that concurrent writers share.
 */
export const officeHistoryProjection = defineProjection<OfficeEvent>({
  name: 'office_history',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['office_history'],
  on: {
    OfficeCreated: {
      apply(db, { data: d, metadata: { at } }) {
        return db`
          INSERT INTO office_history (office_id, location_id, status, desks, signed_rate, marketed_rate, term_months, start_date, valid_from)
          VALUES (${d.id}, ${d.location_id}, 'VACANT', ${d.desks}, NULL, ${d.marketed_rates.monthly}::numeric, NULL, NULL, ${at})`;
      },
      changed: () => [],
    },
    OfficeStatusChanged: { apply: (db, event) => change(db, event, { status: event.data.status }), changed: () => [] },
    OfficeRatesChanged: { apply: (db, event) => change(db, event, { marketed_rate: event.data.marketed_rates.monthly }), changed: () => [] },
    OfficeLeaseSet: {
      apply: (db, event) => {
        const { signed_rate, term_months, start_date } = event.data;
        return change(db, event, { signed_rate, term_months, start_date });
      },
      changed: () => [],
    },
    OfficeDetailsEdited: {
      apply(db, event) {
        const { location_id, desks } = event.data;
        if (location_id === undefined && desks === undefined) return null;
        return change(db, event, { ...(location_id !== undefined && { location_id }), ...(desks !== undefined && { desks }) });
      },
      changed: () => [],
    },
    OfficeCompanyAssigned: { apply: (db, event) => change(db, event, { status: 'LEASED' }), changed: () => [] },
    OfficeCompanyUnassigned: { apply: (db, event) => change(db, event, { status: 'VACANT' }), changed: () => [] },
  },
});
