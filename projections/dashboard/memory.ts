import type { Actor } from '@shared/domain/access';
import type { Dashboard } from '@shared/schemas/dashboard';
import type { LiveRows } from '@shared/realtime';
import { canSee } from '@shared/visibility';
import type { Db } from '../../events/store/types';
import type { ChangeFeed } from '../engine/changeFeed';
import type { Row } from '../engine/memoryTables';
import { addCounts, tallied, type Pair } from '../engine/readModel';
import { newer } from '../engine/rowCache';
import { createSortedRows } from '../engine/sortedRows';
import { listLocations } from '../locations/queries';
import { allMembers } from '../members/queries';
import { allOffices } from '../offices/queries';
import { taskReads } from '../tasks/queries';
import { listTemplates } from '../templates/queries';
import { locationCountsProjection } from './counts';
import { dueLabel, ON_NOTICE_DAYS } from './queries';

export type DashboardFigures = Omit<Dashboard, 'recentActivity'>;

export interface DashboardMemory {
  /** What dashboardFromReadModels reads from the database, from memory (the feed's rows so far). */
  answer(actor: Actor, locationId: string | null, today: string): DashboardFigures;
}

/** What the dashboard reads of each entity's rows, under the table's column names (the tallies read them). */
type Stamped = { version: number; updated_at: string };
type Kept = Stamped & { id: string; location_id: string };
type OfficeFacts = Kept & { status: string; end_date: string | null; office_number: string; tenant: string | null };
type TaskFacts = Kept & Pick<LiveRows['tasks'], 'status' | 'due_date' | 'title' | 'priority' | 'created_at'>;
type MemberFacts = Kept & { employees: unknown[] };

const officeFacts = (o: LiveRows['offices']): OfficeFacts => ({
  id: o.id,
  version: o.version,
  updated_at: o.updated_at,
  location_id: o.location_id,
  status: o.status,
  end_date: o.lease_info.end_date,
  office_number: o.office_number,
  tenant: o.tenant,
});
const taskFacts = (t: LiveRows['tasks']): TaskFacts => ({
  id: t.id,
  version: t.version,
  updated_at: t.updated_at,
  location_id: t.location_id,
  status: t.status,
  due_date: t.due_date,
  title: t.title,
  priority: t.priority,
  created_at: t.created_at,
});
const memberFacts = (m: LiveRows['members']): MemberFacts => ({
  id: m.id,
  version: m.version,
  updated_at: m.updated_at,
  location_id: m.location_id,
  employees: m.employees,
});

/** Byte order, as `COLLATE "C"` sorts in dashboardFromReadModels. */
const byte = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const RANK: Record<string, number> = { high: 0, medium: 1 };
const rank = (priority: string) => RANK[priority] ?? 2;
/** Upcoming Tasks' order: due date (none last), priority, creation. */
const taskOrder = (a: TaskFacts, b: TaskFacts) =>
  (a.due_date === b.due_date ? 0 : a.due_date === null ? 1 : b.due_date === null ? -1 : byte(a.due_date, b.due_date)) ||
  rank(a.priority) - rank(b.priority) ||
  byte(a.created_at, b.created_at) ||
  byte(a.id, b.id);
/** Leases Ending's order: end date, office number. */
const leaseOrder = (a: OfficeFacts, b: OfficeFacts) => byte(a.end_date!, b.end_date!) || byte(a.office_number, b.office_number) || byte(a.id, b.id);
const OPEN = new Set(['pending', 'in_progress']);
/** The sums location_counts keeps, as its declaration says (counts.ts). */
const TALLIES = locationCountsProjection.model!.tallies;

const plusDays = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);


/**
 * The dashboard's figures and lists in memory, kept by the change feed's pushed rows: the
 * offices, members and tasks (what the dashboard reads of them), the locations and the number of
 * templates. The counts per location are the declaration of `location_counts` (counts.ts) run
 * on these rows, as the inline SQL runs it on the table's; open tasks and leased offices are
 * kept in the lists' order, so a list reads its first rows in the caller's scope. An answer then
 * needs no query: the route waits only for the feed to have applied what was committed.
 */
export async function createDashboardMemory(sql: Db, feed: ChangeFeed): Promise<DashboardMemory> {
  const offices = new Map<string, OfficeFacts>();
  const members = new Map<string, MemberFacts>();
  const tasks = new Map<string, TaskFacts>();
  const locations = new Map<string, LiveRows['locations']>();
  const templates = new Set<string>();
  const counts = new Map<string, Row>();
  const openTasks = createSortedRows(taskOrder);
  const leases = createSortedRows(leaseOrder);
  /** Rows removed while the first load ran: its older copy must not bring them back. */
  let removedWhileLoading: Set<string> | null = new Set();

  const tally = (model: string, before: Row | null, after: Row | null) => {
    const pairs = new Map<string, Pair[]>([[model, [{ before, after }]]]);
    for (const [id, { key, counts: added }] of tallied(TALLIES, pairs)) {
      const next = addCounts(counts.get(id) ?? null, key, added);
      if (next) counts.set(id, next);
      else counts.delete(id);
    }
  };
  /** Puts `row` (null: removes the row `id`) in `rows`, its counts in the tallies, and in `also`. */
  function keep<F extends Kept>(model: string, rows: Map<string, F>, id: string, row: F | null, also?: (row: F | null) => void) {
    const held = rows.get(id) ?? null;
    if (row ? !newer(row, held ?? undefined) : !held) return;
    if (row) rows.set(id, row);
    else rows.delete(id);
    tally(model, held, row);
    also?.(row);
  }
  const office = (id: string, row: OfficeFacts | null) =>
    keep('offices', offices, id, row, (o) => leases.set(id, o && o.status === 'LEASED' && o.end_date !== null ? o : null));
  const task = (id: string, row: TaskFacts | null) => keep('tasks', tasks, id, row, (t) => openTasks.set(id, t && OPEN.has(t.status) ? t : null));
  const member = (id: string, row: MemberFacts | null) => keep('members', members, id, row);
  const location = (id: string, row: LiveRows['locations'] | null) => {
    const held = locations.get(id);
    if (row && !newer(row, held)) return;
    if (row) locations.set(id, row);
    else locations.delete(id);
  };

  // Listening before the rows load, so no change falls between the two; the newer row wins.
  feed.listen(async (_events, messages) => {
    for (const { changes } of messages) {
      for (const change of changes) {
        if (!change.row) removedWhileLoading?.add(change.id);
        switch (change.entity) {
          case 'offices':
            office(change.id, change.row && officeFacts(change.row));
            break;
          case 'tasks':
            task(change.id, change.row && taskFacts(change.row));
            break;
          case 'members':
            member(change.id, change.row && memberFacts(change.row));
            break;
          case 'locations':
            location(change.id, change.row);
            break;
          case 'templates':
            if (change.row) templates.add(change.id);
            else templates.delete(change.id);
            break;
        }
      }
    }
  });
  const everything: Actor = { id: 'dashboard', role: 'admin', locations: [] };
  const [o, m, t, l, tp] = await Promise.all([
    allOffices(sql),
    allMembers(sql),
    taskReads.where(sql, 'TRUE', []),
    listLocations(sql, everything),
    listTemplates(sql, { category: undefined }),
  ]);
  const fresh = (id: string) => !removedWhileLoading!.has(id);
  for (const row of o) if (fresh(row.id)) office(row.id, officeFacts(row));
  for (const row of m) if (fresh(row.id)) member(row.id, memberFacts(row));
  for (const row of t) if (fresh(row.id)) task(row.id, taskFacts(row));
  for (const row of l) if (fresh(row.id)) location(row.id, row);
  for (const row of tp) if (fresh(row.id)) templates.add(row.id);
  removedWhileLoading = null;

  return {
    answer(actor, locationId, today) {
      // The rows of location_counts, offices and tasks are seen as offices are (AT in queries.ts).
      const here = (at: string) => canSee(actor, 'offices', { location_id: at } as LiveRows['offices']) && (locationId === null || at === locationId);
      const last = plusDays(today, ON_NOTICE_DAYS);
      const figures = {
        totalOffices: 0,
        leasedOffices: 0,
        vacantOffices: 0,
        onNoticeOffices: 0,
        memberCompanies: 0,
        totalEmployees: 0,
        openTasks: 0,
        inProgressTasks: 0,
        overdueTasks: 0,
        templates: templates.size,
      };
      const n = (row: Row, column: string) => (row[column] as number | undefined) ?? 0;
      for (const row of counts.values()) {
        if (!here(row.location_id as string)) continue;
        const day = row.day as string | null;
        if (day === null) {
          figures.totalOffices += n(row, 'offices');
          figures.leasedOffices += n(row, 'leased_offices');
          figures.vacantOffices += n(row, 'vacant_offices');
          figures.memberCompanies += n(row, 'member_companies');
          figures.totalEmployees += n(row, 'employees');
          figures.openTasks += n(row, 'open_tasks');
          figures.inProgressTasks += n(row, 'in_progress_tasks');
        } else {
          if (day >= today && day <= last) figures.onNoticeOffices += n(row, 'leases_ending');
          if (day < today) figures.overdueTasks += n(row, 'open_tasks_due');
        }
      }
      const upcomingTasks: DashboardFigures['upcomingTasks'] = [];
      for (const t of openTasks.all()) {
        const at = locations.get(t.location_id);
        if (!at || !here(t.location_id)) continue;
        upcomingTasks.push({ id: t.id, task: t.title, priority: t.priority, dueDate: t.due_date, due_label: dueLabel(t.due_date, today), location_name: at.name });
        if (upcomingTasks.length === 5) break;
      }
      const leasesEnding: DashboardFigures['leasesEnding'] = [];
      for (const o of leases.from((row) => row.end_date! < today)) {
        if (o.end_date! > last) break;
        const at = locations.get(o.location_id);
        if (!at || !here(o.location_id)) continue;
        const days = Math.round((Date.parse(o.end_date!) - Date.parse(today)) / 86_400_000);
        leasesEnding.push({ id: o.id, office_number: o.office_number, location_name: at.name, tenant: o.tenant, end_date: o.end_date!, days });
        if (leasesEnding.length === 20) break;
      }
      const seen = [...locations.values()]
        .filter((row) => canSee(actor, 'locations', row) && (locationId === null || row.id === locationId))
        .sort((a, b) => byte(a.name, b.name))
        .map((row) => ({ name: row.name, city: row.city }));
      return { ...figures, locations: seen, upcomingTasks, leasesEnding };
    },
  };
}
