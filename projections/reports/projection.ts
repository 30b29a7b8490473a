import { readFileSync } from 'node:fs';
import type { OfficeCreated, OfficeEvent } from '../../events/office/events';
import type { Db } from '../../events/store/types';
import type { MemoryTables } from '../engine/memoryTables';
import { defineProjection, entityId, type Brief, type Handler, type Statement } from '../engine/projection';

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
function change(db: Db, event: Brief<OfficeEvent>, changes: Partial<Figures>) {
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
 * An event's change of the office's figures (null: none), as both change() and foldChange()
 * take it: each event type says once what it changes.
 */
function changing<E extends OfficeEvent>(changes: (event: Brief<E>) => Partial<Figures> | null): Handler<E> {
  return {
    apply(db, event) {
      const next = changes(event);
      return next && change(db, event, next);
    },
    fold(tables, event) {
      const next = changes(event);
      if (next) foldChange(tables, event, next);
    },
    changed: () => [],
  };
}

/** An office's first stretch: vacant, at its marketed rate, from its creation on. */
const opened = ({ data: d, metadata: { at } }: Brief<OfficeCreated>) => ({
  office_id: d.id, location_id: d.location_id, status: 'VACANT', desks: d.desks, signed_rate: null,
  marketed_rate: d.marketed_rates.monthly, term_months: null, start_date: null, valid_from: at, valid_to: null,
});

/**
 * The reports' history of every office (RESOLUTIONS.md: a period's figures are the state at that
 * instant, rebuilt from the events). Written inline with the office's own events, so it touches
 * only that office's rows: no report figure is a row that concurrent writers share. Its rows are
 * stretches of time, not one row per office, so it is not a declared read model.
 */
export const officeHistoryProjection = defineProjection<OfficeEvent>({
  name: 'office_history',
  version: 1,
  ddl: readFileSync(new URL('./table.sql', import.meta.url), 'utf8'),
  tables: ['office_history'],
  on: {
    OfficeCreated: {
      apply: (db, event) => db`INSERT INTO office_history ${db(opened(event))}`,
      fold: (tables, event) => tables.table('office_history').insert(opened(event)),
      changed: () => [],
    },
    OfficeStatusChanged: changing(({ data }) => ({ status: data.status })),
    OfficeRatesChanged: changing(({ data }) => ({ marketed_rate: data.marketed_rates.monthly })),
    OfficeLeaseSet: changing(({ data: { signed_rate, term_months, start_date } }) => ({ signed_rate, term_months, start_date })),
    // A move or a new desk count changes the figures; nothing else an edit names does.
    OfficeDetailsEdited: changing(({ data: { location_id, desks } }) =>
      location_id === undefined && desks === undefined
        ? null
        : { ...(location_id !== undefined && { location_id }), ...(desks !== undefined && { desks }) },
    ),
    OfficeCompanyAssigned: changing(() => ({ status: 'LEASED' })),
    OfficeCompanyUnassigned: changing(() => ({ status: 'VACANT' })),
  },
});
