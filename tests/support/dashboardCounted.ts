import type { Dashboard } from '@shared/schemas/dashboard';
import { ON_NOTICE_DAYS } from '../../projections/dashboard/queries';
import { scopeWhere } from '../../projections/scope';
import type { Db } from '../../events/store/types';

export type DashboardFigures = Omit<Dashboard, 'recentActivity' | 'upcomingTasks' | 'leasesEnding' | 'locations'>;

const AT = (alias: string) => `${scopeWhere('offices', alias)} AND ($3::uuid IS NULL OR ${alias}.location_id = $3)`;

/**
 * The dashboard's figures counted over every office, member and task row, as the dashboard
 * counted them before it kept counts per location: what the kept counts must equal (the tests),
 * and what they save (the bench). `all` and `locations` are the caller's scope (projections/scope.ts).
 */
export async function countedFromRows(db: Db, all: boolean, locations: string[], locationId: string | null, today: string): Promise<DashboardFigures> {
  const [figures] = await db.unsafe<DashboardFigures[]>(
    `SELECT o.*, m.*, t.*, (SELECT count(*) FROM templates)::int AS templates
     FROM (SELECT count(*)::int AS "totalOffices",
                  (count(*) FILTER (WHERE status = 'LEASED'))::int AS "leasedOffices",
                  (count(*) FILTER (WHERE status = 'VACANT'))::int AS "vacantOffices",
                  (count(*) FILTER (WHERE status = 'LEASED' AND end_date BETWEEN $4::date AND $4::date + $5::int))::int AS "onNoticeOffices"
           FROM offices o WHERE ${AT('o')}) o,
          (SELECT count(*)::int AS "memberCompanies", coalesce(sum(jsonb_array_length(employees)), 0)::int AS "totalEmployees"
           FROM members m WHERE ${AT('m')}) m,
          (SELECT (count(*) FILTER (WHERE status IN ('pending', 'in_progress')))::int AS "openTasks",
                  (count(*) FILTER (WHERE status = 'in_progress'))::int AS "inProgressTasks",
                  (count(*) FILTER (WHERE status IN ('pending', 'in_progress') AND due_date < $4::date))::int AS "overdueTasks"
           FROM tasks t WHERE ${AT('t')}) t`,
    [all, locations, locationId, today, ON_NOTICE_DAYS] as never[],
  );
  return figures!;
}
