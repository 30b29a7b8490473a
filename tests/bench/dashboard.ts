import { keptFigures } from '../../projections/dashboard/queries';
import { rebuild } from '../../projections/registry';
import { countedFromRows } from '../support/dashboardCounted';
import type { BenchDatabase } from './database';
import { withServer } from './browser';
import { generateLog } from './generate';
import { percentiles, type Percentiles } from './live';

export interface DashboardBenchOptions {
  offices: number;
  tasks: number;
  /** Events in the log when the measuring starts, the offices' and tasks' own included. */
  events: number;
  samples: number;
}

export interface DashboardBenchResult {
  offices: number;
  tasks: number;
  events: number;
  /** As the admin, All Locations; as the admin for one location; as one location's manager. */
  all: Percentiles;
  one: Percentiles;
  manager: Percentiles;
  config: Percentiles;
  /** The admin's All Locations right after a write by another user: computed afresh each time. */
  afterWrite: Percentiles;
  /**
   * The admin's All Locations figures alone, straight from the database, alternating: the counts
   * kept per location added up, and the same figures counted over every row (the former query).
   */
  figuresKept: Percentiles;
  figuresCounted: Percentiles;
  bytes: number;
}

const IMPORT_ROWS = 10_000;
const WRITERS = 8;

/** work(0..n-1), WRITERS at a time. */
async function inParallel(n: number, work: (i: number) => Promise<void>) {
  let next = 0;
  const writer = async () => {
    for (let i = next++; i < n; i = next++) await work(i);
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
}

/**
 * GET /api/dashboard on a log of `events` events with `offices` offices and `tasks` tasks,
 * against GET /api/config (the same server, auth and routing aside), one request at a time,
 * alternating. The bulk of the log is written first, straight through append() (user accounts
 * edited over and over) and projected by a rebuild; the offices come through the CSV import and
 * the tasks through POST /api/tasks, so the newest events are the ones the dashboard shows.
 */
export async function benchDashboard(database: BenchDatabase, options: DashboardBenchOptions, progress: (line: string) => void): Promise<DashboardBenchResult> {
  const { sql } = database;
  // An event per imported office, two per leased one (a fifth), one per task; the demo seed's few thousand.
  const filler = options.events - options.offices * 1.4 - options.tasks - 5_000;
  progress(`writing ${filler.toLocaleString('en-US')} events through append(), then rebuilding the read models`);
  await generateLog(sql, { events: filler, locations: 0, users: 2_000, userShare: 1, rounds: 8 });
  await rebuild(sql);
  // What autovacuum does on a live database (a server may run with it off: BENCH_DATABASE_URL).
  await sql`ANALYZE events`;

  return withServer(database, async ({ url, token, userId }) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const call = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${url}${path}`, { ...init, headers: { ...headers, ...init.headers } });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
      return text;
    };
    const locations = JSON.parse(await call('/api/locations')) as { id: string; name: string }[];

    for (let done = 0; done < options.offices; done += IMPORT_ROWS) {
      const size = Math.min(IMPORT_ROWS, options.offices - done);
      progress(`importing offices ${done + 1}-${done + size}`);
      const rows = Array.from({ length: size }, (_, i) => {
        const n = done + i;
        return `DASH-${n + 1},${locations[n % locations.length]!.name},${1 + (n % 9)}`;
      });
      const csv = ['office_number,location,desks', ...rows].join('\n');
      const last = (await call('/api/imports', { method: 'POST', body: JSON.stringify({ kind: 'offices', csv }) })).trim().split('\n').at(-1)!;
      if (!last.includes('"done"')) throw new Error(`import: ${last}`);
    }

    // One office in five leased, the leases ending over the next year and a half.
    const imported = (JSON.parse(await call('/api/offices')) as { id: string; office_number: string }[]).filter((o) => o.office_number.startsWith('DASH-'));
    const leased = imported.filter((_, i) => i % 5 === 0);
    progress(`leasing ${leased.length.toLocaleString('en-US')} of them`);
    await inParallel(leased.length, async (i) => {
      const start = new Date(Date.UTC(2025, i % 12, 1 + (i % 27))).toISOString().slice(0, 10);
      const body = { lease_info: { start_date: start, term_months: 12 + (i % 13), signed_rate: 900 + (i % 7) * 100 } };
      await call(`/api/offices/${leased[i]!.id}`, { method: 'PUT', body: JSON.stringify(body) });
      await call(`/api/offices/${leased[i]!.id}/status`, { method: 'PATCH', body: JSON.stringify({ status: 'LEASED' }) });
    });

    progress(`creating ${options.tasks.toLocaleString('en-US')} tasks through POST /api/tasks, ${WRITERS} at a time`);
    const today = Date.now();
    await inParallel(options.tasks, async (i) => {
      const due = new Date(today + ((i % 120) - 30) * 86_400_000).toISOString().slice(0, 10);
      await call('/api/tasks', {
        method: 'POST',
        body: JSON.stringify({
          title: `Bench task ${i + 1}`,
          description: 'Check the desks and the blinds.',
          location_id: locations[i % locations.length]!.id,
          priority: (['low', 'medium', 'high'] as const)[i % 3],
          due_date: due,
        }),
      });
      if (i % 5_000 === 4_999) progress(`${(i + 1).toLocaleString('en-US')} tasks`);
    });

    await sql`VACUUM ANALYZE`;
    const [counts] = await sql<{ events: number; offices: number; tasks: number }[]>`
      SELECT (SELECT max(position) FROM events)::int AS events, (SELECT count(*) FROM offices)::int AS offices, (SELECT count(*) FROM tasks)::int AS tasks`;
    const manager = JSON.parse(
      await call('/api/auth/login', { method: 'POST', body: JSON.stringify({ email: 'manager@flexspace.demo', password: 'flexspace-demo' }) }),
    ) as { access_token: string; user: { locations: string[] } };
    const managerHeaders = { authorization: `Bearer ${manager.access_token}` };

    const time = async (path: string, as: Record<string, string> = headers) => {
      const started = performance.now();
      const res = await fetch(`${url}${path}`, { headers: as });
      const body = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return { ms: performance.now() - started, bytes: body.byteLength };
    };
    const one = encodeURIComponent(locations[0]!.name);
    // Warm both routes (prepared statements, JIT) before measuring.
    for (let i = 0; i < 20; i++) {
      await time('/api/dashboard');
      await time('/api/config');
    }
    progress(`${options.samples} rounds of four requests: dashboard (All, one location, a manager) and config`);
    const samples = { all: [] as number[], one: [] as number[], manager: [] as number[], config: [] as number[], afterWrite: [] as number[] };
    let bytes = 0;
    for (let i = 0; i < options.samples; i++) {
      const all = await time('/api/dashboard');
      samples.all.push(all.ms);
      bytes = all.bytes;
      samples.one.push((await time(`/api/dashboard?location=${one}`)).ms);
      samples.manager.push((await time('/api/dashboard', managerHeaders)).ms);
      samples.config.push((await time('/api/config')).ms);
    }
    progress(`${options.samples} more, each right after a task is created by the manager`);
    for (let i = 0; i < options.samples; i++) {
      const task = { title: `Morning check ${i}`, description: 'Walk the floor.', location_id: manager.user.locations[0] ?? locations[0]!.id };
      const res = await fetch(`${url}/api/tasks`, { method: 'POST', headers: { ...managerHeaders, 'content-type': 'application/json' }, body: JSON.stringify(task) });
      if (res.status !== 201) throw new Error(`POST /api/tasks answered ${res.status}`);
      // The admin's node learns of the write from the log, as it would of another node's.
      await new Promise((resolve) => setTimeout(resolve, 20));
      samples.afterWrite.push((await time('/api/dashboard')).ms);
    }
    progress(`${options.samples} rounds of the figures alone: kept, then counted over the rows`);
    const admin = { id: userId, role: 'admin' as const, locations: [] };
    const day = new Date().toISOString().slice(0, 10);
    const figuresKept: number[] = [];
    const figuresCounted: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      let started = performance.now();
      await keptFigures(sql, admin, null, day);
      figuresKept.push(performance.now() - started);
      started = performance.now();
      await countedFromRows(sql, true, [], null, day);
      figuresCounted.push(performance.now() - started);
    }
    return {
      figuresKept: percentiles(figuresKept),
      figuresCounted: percentiles(figuresCounted),
      afterWrite: percentiles(samples.afterWrite),
      offices: counts!.offices,
      tasks: counts!.tasks,
      events: counts!.events,
      all: percentiles(samples.all),
      one: percentiles(samples.one),
      manager: percentiles(samples.manager),
      config: percentiles(samples.config),
      bytes,
    };
  });
}
