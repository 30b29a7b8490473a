import { readFileSync } from 'node:fs';
import type { OfficeDetailsEdited, OfficeEvent, OfficeLeaseSet } from '../../events/office/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables } from '../memoryTables';
import { defineProjection, entityId, type Brief, type Logged, type Statement } from '../projection';

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

const leaseFigures = ({ data: { signed_rate, term_months, start_date } }: Brief<OfficeLeaseSet>) => ({ signed_rate, term_months, start_date });

/** A move or a new desk count changes the figures; nothing else an edit names does. */
function detailFigures({ data: { location_id, desks } }: Brief<OfficeDetailsEdited>): Partial<Figures> | null {
  if (location_id === undefined && desks === undefined) return null;
  return { ...(location_id !== undefined && { location_id }), ...(desks !== undefined && { desks }) };
}

const FIGURES = Object.keys(CAST) as (keyof Figures)[];

/** IS DISTINCT FROM of one figure as the table holds it (a uuid compares case-insensitively). */
const same = (a: unknown, b: unknown) =>
  (a ?? null) === (b ?? null) || (typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase());

/** change() on the rows a rebuild holds in memory. */
function foldChange(tables: MemoryTables, event: Brief<OfficeEvent>, changes: Partial<Figures>) {
  const history = tables.table('office_history');
  const open = history.where('office_id', entityId(event.stream_id)).find((row) => row.valid_to === null);
  if (!open) return;
  const next = Object.fromEntries(FIGURES.map((column) => [column, column in changes ? changes[column] : open[column]]));
  if (FIGURES.every((column) => same(open[column], next[column]))) return;
  const at = event.metadata.at;
  const validTo = Date.parse(at) > Date.parse(open.valid_from as string) ? at : open.valid_from;
  history.set(open, { valid_to: validTo });
  history.insert({ office_id: open.office_id, ...next, valid_from: validTo, valid_to: null });
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
      fold(tables, { data: d, metadata: { at } }) {
        tables.table('office_history').insert({
          office_id: d.id, location_id: d.location_id, status: 'VACANT', desks: d.desks, signed_rate: null,
          marketed_rate: d.marketed_rates.monthly, term_months: null, start_date: null, valid_from: at, valid_to: null,
        });
      },
      changed: () => [],
    },
    OfficeStatusChanged: {
      apply: (db, event) => change(db, event, { status: event.data.status }),
      fold: (tables, event) => foldChange(tables, event, { status: event.data.status }),
      changed: () => [],
    },
    OfficeRatesChanged: {
      apply: (db, event) => change(db, event, { marketed_rate: event.data.marketed_rates.monthly }),
      fold: (tables, event) => foldChange(tables, event, { marketed_rate: event.data.marketed_rates.monthly }),
      changed: () => [],
    },
    OfficeLeaseSet: {
      apply: (db, event) => change(db, event, leaseFigures(event)),
      fold: (tables, event) => foldChange(tables, event, leaseFigures(event)),
      changed: () => [],
    },
    OfficeDetailsEdited: {
      apply(db, event) {
        const figures = detailFigures(event);
        return figures ? change(db, event, figures) : null;
      },
      fold(tables, event) {
        const figures = detailFigures(event);
        if (figures) foldChange(tables, event, figures);
      },
      changed: () => [],
    },
    OfficeCompanyAssigned: {
      apply: (db, event) => change(db, event, { status: 'LEASED' }),
      fold: (tables, event) => foldChange(tables, event, { status: 'LEASED' }),
      changed: () => [],
    },
    OfficeCompanyUnassigned: {
      apply: (db, event) => change(db, event, { status: 'VACANT' }),
      fold: (tables, event) => foldChange(tables, event, { status: 'VACANT' }),
      changed: () => [],
    },
  },
});
