import type { DashboardBenchOptions, DashboardBenchResult } from './dashboard';
import { figure, status } from './figures';
import type { Percentiles } from './live';
import { count, percentileCells, ratio, table } from './report';

const PART = 'dashboard';
const sized = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The dashboard on a log of a million events, against the public config route. The sizes can be
 * made smaller while developing (BENCH_DASHBOARD_EVENTS, _OFFICES, _TASKS, _SAMPLES); the figures
 * worth comparing are the full ones.
 */
export const DASHBOARD: DashboardBenchOptions = {
  offices: sized('BENCH_DASHBOARD_OFFICES', 10_000),
  tasks: sized('BENCH_DASHBOARD_TASKS', 20_000),
  events: sized('BENCH_DASHBOARD_EVENTS', 1_000_000),
  samples: sized('BENCH_DASHBOARD_SAMPLES', 200),
};
/** Each dashboard's p50 within this many config p50s. */
const DASHBOARD_TARGET = 3;

/** Prints the table and the verdicts, and records every figure of them (part 'dashboard'). */
export function printDashboard(result: DashboardBenchResult) {
  const rows: [string, Percentiles, string][] = [
    [`GET /api/dashboard, the admin, All Locations (${count(result.bytes)} bytes)`, result.all, 'all'],
    ['GET /api/dashboard?location=…, the admin, one location', result.one, 'one'],
    ['GET /api/dashboard, a location manager (their locations)', result.manager, 'manager'],
    ["GET /api/dashboard, the admin, All Locations, each right after another user's write", result.afterWrite, 'afterWrite'],
    ['GET /api/config (public, from memory)', result.config, 'config'],
  ];
  console.log('');
  console.log(
    table(
      [`${count(result.offices)} offices, ${count(result.tasks)} tasks, ${count(result.events)} events; one request at a time`, 'p50', 'p95', 'p99'],
      rows.map(([name, p]) => [name, ...percentileCells(p)]),
    ),
  );
  const config = (q: keyof Percentiles) => ({ name: `GET /api/config ${q}`, value: result.config[q] });
  const scale = `${count(result.offices)} offices, ${count(result.tasks)} tasks, ${count(result.events)} events`;
  const recorded = new Map<string, ReturnType<typeof figure>>();
  for (const [name, p, key] of rows) {
    for (const q of ['p50', 'p95', 'p99'] as const) {
      const isConfig = key === 'config';
      const f = figure({
        part: PART,
        name: `${name} ${q} (${scale})`,
        value: p[q],
        unit: 'ms',
        ...(!isConfig && { reference: config(q) }),
        // The p50s have the target; after a write is the figure the read model is for.
        ...(!isConfig && q === 'p50' && { target: ['<=', DASHBOARD_TARGET] as ['<=', number] }),
      });
      recorded.set(`${key}.${q}`, f);
    }
  }
  figure({ part: PART, name: `GET /api/dashboard, the admin, All Locations, answer size (${scale})`, value: result.bytes, unit: 'bytes' });
  // The figures alone, the kept counts against the count over every row, alternating in one process.
  const counted = `the same figures counted over every row (the former query), ${scale}`;
  for (const q of ['p50', 'p95', 'p99'] as const) {
    figure({
      part: PART,
      name: `the dashboard's figures from the counts kept per location, admin, All Locations, ${q} (${scale})`,
      value: result.figuresKept[q],
      unit: 'ms',
      reference: { name: `${counted} ${q}`, value: result.figuresCounted[q] },
    });
  }
  console.log('');
  console.log(
    table(
      ["The admin's All Locations figures alone, straight from the database, alternating", 'p50', 'p95', 'p99'],
      [
        ['added up from the counts kept per location (location_counts)', ...percentileCells(result.figuresKept)],
        ['counted over every office, member and task row (the former query)', ...percentileCells(result.figuresCounted)],
      ],
    ),
  );
  const all = recorded.get('all.p50')!;
  const one = recorded.get('one.p50')!;
  const manager = recorded.get('manager.p50')!;
  const afterWrite = recorded.get('afterWrite.p50')!;
  const met = all.met && one.met && manager.met;
  console.log(`Dashboard p50 / config p50: ${ratio(all.ratio!)} (All), ${ratio(one.ratio!)} (one location), ${ratio(manager.ratio!)} (manager)`);
  console.log(`Target: within ${DASHBOARD_TARGET}x: ${met ? 'met' : 'BELOW'}; p99 ratio (All) ${ratio(recorded.get('all.p99')!.ratio!)}`);
  console.log(`Right after a write (answer computed afresh): p50 ${ratio(afterWrite.ratio!)} x config (target <= ${DASHBOARD_TARGET}: ${status(afterWrite)})`);
}
