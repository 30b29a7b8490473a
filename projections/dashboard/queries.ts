import type { Actor } from '@shared/domain/access';
import type { LocatedEntity } from '@shared/visibility';
import type { Dashboard, DueLabel } from '@shared/schemas/dashboard';
import type { TaskPriority } from '@shared/domain/tasks';
import { PREPARED } from '../../events/store/connect';
import type { Db } from '../../events/store/types';
import { scopeParams, scopeWhere } from '../scope';

/** Days a lease may have left and still count as on notice. */
export const ON_NOTICE_DAYS = 90;

/** Rows at the locations the actor may see ($1, $2), at one of them when chosen ($3). */
const AT = (entity: LocatedEntity, alias: string) => `${scopeWhere(entity, alias)} AND ($3::uuid IS NULL OR ${alias}.location_id = $3)`;

/** How soon a task is due, in the words of the Upcoming Tasks list. Pure. */
export function dueLabel(due: string | null, today: string): DueLabel {
  if (!due) return 'No due date';
  const days = Math.round((Date.parse(due) - Date.parse(today)) / 86_400_000);
  if (days < 0) return 'Overdue';
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return days < 7 ? 'This week' : 'Later';
}

type Figures = Omit<Dashboard, 'recentActivity' | 'upcomingTasks' | 'leasesEnding' | 'locations'>;

/** The dashboard's counts: the rows of location_counts (counts.ts) at the caller's locations, added up. */
export async function keptFigures(db: Db, actor: Actor, locationId: string | null, today: string): Promise<Figures> {
  const params = [...scopeParams(actor), locationId, today, ON_NOTICE_DAYS];
  // Three index reads of location_counts: the totals, the days of leases ending soon, the days
  // before today of open tasks; each a few rows per location.
  const [figures] = await db.unsafe<Figures[]>(
    `SELECT t.*, l.*, d.*, (SELECT count(*) FROM templates)::int AS templates
     FROM (SELECT coalesce(sum(c.offices), 0)::int AS "totalOffices",
                  coalesce(sum(c.leased_offices), 0)::int AS "leasedOffices",
                  coalesce(sum(c.vacant_offices), 0)::int AS "vacantOffices",
                  coalesce(sum(c.member_companies), 0)::int AS "memberCompanies",
                  coalesce(sum(c.employees), 0)::int AS "totalEmployees",
                  coalesce(sum(c.open_tasks), 0)::int AS "openTasks",
                  coalesce(sum(c.in_progress_tasks), 0)::int AS "inProgressTasks"
           FROM location_counts c WHERE ${AT('offices', 'c')} AND c.day IS NULL) t,
          (SELECT coalesce(sum(c.leases_ending), 0)::int AS "onNoticeOffices"
           FROM location_counts c WHERE ${AT('offices', 'c')} AND c.leases_ending <> 0 AND c.day BETWEEN $4::date AND $4::date + $5::int) l,
          (SELECT coalesce(sum(c.open_tasks_due), 0)::int AS "overdueTasks"
           FROM location_counts c WHERE ${AT('offices', 'c')} AND c.open_tasks_due <> 0 AND c.day < $4::date) d`,
    params as never[],
    PREPARED,
  );
  return figures!;
}

/**
 * The dashboard's figures and lists from the read models (never the log). The figures add up the
 * rows of location_counts (counts.ts) at the caller's locations: their totals, and the days of
 * leases ending within ON_NOTICE_DAYS and of open tasks due before today; the lists read in index
 * order, names in byte order and the id last, as memory.ts keeps them (the route answers from
 * there; this is what it must equal). `today` is the server's date (YYYY-MM-DD). The statements
 * go out together.
 */
export async function dashboardFromReadModels(db: Db, actor: Actor, locationId: string | null, today: string): Promise<Omit<Dashboard, 'recentActivity'>> {
  const params = [...scopeParams(actor), locationId, today, ON_NOTICE_DAYS];
  const figuresRead = keptFigures(db, actor, locationId, today);
  const locationsRead = db.unsafe<{ name: string; city: string }[]>(
    `SELECT l.name, l.city FROM locations l WHERE ${scopeWhere('locations', 'l')} AND ($3::uuid IS NULL OR l.id = $3) ORDER BY l.name COLLATE "C"`,
    params.slice(0, 3) as never[],
    PREPARED,
  );
  const tasksRead = db.unsafe<{ id: string; title: string; priority: TaskPriority; due_date: string | null; location_name: string }[]>(
    `SELECT t.id, t.title, t.priority, t.due_date::text AS due_date, l.name AS location_name
     FROM tasks t JOIN locations l ON l.id = t.location_id
     WHERE ${AT('tasks', 't')} AND t.status IN ('pending', 'in_progress')
     ORDER BY t.due_date NULLS LAST, CASE t.priority WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, t.created_at, t.id
     LIMIT 5`,
    params.slice(0, 3) as never[],
    PREPARED,
  );
  const leasesRead = db.unsafe<{ id: string; office_number: string; location_name: string; tenant: string | null; end_date: string; days: number }[]>(
    `SELECT o.id, o.office_number, l.name AS location_name, o.tenant, o.end_date::text AS end_date, (o.end_date - $4::date)::int AS days
     FROM offices o JOIN locations l ON l.id = o.location_id
     WHERE ${AT('offices', 'o')} AND o.status = 'LEASED' AND o.end_date BETWEEN $4::date AND $4::date + $5::int
     ORDER BY o.end_date, o.office_number COLLATE "C", o.id LIMIT 20`,
    params as never[],
    PREPARED,
  );
  const [figures, locations, tasks, leases] = await Promise.all([figuresRead, locationsRead, tasksRead, leasesRead]);
  return {
    ...figures,
    locations,
    upcomingTasks: tasks.map((t) => ({ id: t.id, task: t.title, priority: t.priority, dueDate: t.due_date, due_label: dueLabel(t.due_date, today), location_name: t.location_name })),
    leasesEnding: leases,
  };
}
