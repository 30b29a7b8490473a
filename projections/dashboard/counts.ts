import { readFileSync } from 'node:fs';
import { defineReadModel } from '../engine/defineReadModel';
import type { Row } from '../engine/memoryTables';

const OPEN_TASK = new Set(['pending', 'in_progress']);

const one = (yes: boolean) => (yes ? 1 : 0);

/** A location's row of totals. */
function totalsOf(row: Row): Row {
  const location = String(row.location_id).toLowerCase();
  return { id: location, location_id: location, day: null };
}

/** A location's row for one day (YYYY-MM-DD, whatever time a value carries). */
function dayOf(row: Row, date: unknown): Row | null {
  if (typeof date !== 'string') return null;
  const location = String(row.location_id).toLowerCase();
  const day = date.slice(0, 10);
  return { id: `${location}/${day}`, location_id: location, day };
}

/**
 * The dashboard's counts per location, kept as offices, members and tasks change (the sums of
 * their rows: readModel.ts `tallies`), so the dashboard adds up a few rows per location instead
 * of counting every office and task. All Locations is the sum of the caller's locations' rows.
 *
 * Two figures depend on the day they are read: leases ending within 90 days and overdue tasks.
 * Events alone cannot move a lease into "ending soon" as the calendar turns, so what is kept is
 * what no day changes: per location and per day, the leased offices whose lease ends that day and
 * the open tasks due that day. The dashboard then sums a range of days (index range on `day`):
 * a few rows per location and day, never a row per office or task. A day's row goes when its
 * counts come to zero, so the past keeps only the days still holding an open task.
 */
export const locationCountsProjection = defineReadModel({
  name: 'location_counts',
  version: 1,
  ddl: readFileSync(new URL('./counts.sql', import.meta.url), 'utf8'),
  table: 'location_counts',
  keyType: 'text',
  stamps: false,
  evolve: {},
  tallies: [
    {
      model: 'offices',
      into: totalsOf,
      count: (o) => ({ offices: 1, leased_offices: one(o.status === 'LEASED'), vacant_offices: one(o.status === 'VACANT') }),
    },
    { model: 'offices', into: (o) => (o.status === 'LEASED' ? dayOf(o, o.end_date) : null), count: () => ({ leases_ending: 1 }) },
    {
      model: 'members',
      into: totalsOf,
      count: (m) => ({ member_companies: 1, employees: Array.isArray(m.employees) ? m.employees.length : 0 }),
    },
    {
      model: 'tasks',
      into: totalsOf,
      count: (t) => ({ open_tasks: one(OPEN_TASK.has(t.status as string)), in_progress_tasks: one(t.status === 'in_progress') }),
    },
    { model: 'tasks', into: (t) => (OPEN_TASK.has(t.status as string) ? dayOf(t, t.due_date) : null), count: () => ({ open_tasks_due: 1 }) },
  ],
});
