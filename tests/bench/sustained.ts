import { randomUUID } from 'node:crypto';
import { userAggregate } from '../../events/user/decider';
import { hashPassword } from '../../server/auth/passwords';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/start';
import { ALL_LOCATIONS, type Role } from '@shared/constants';
import type { Deal } from '@shared/schemas/deals';
import type { Office } from '@shared/schemas/offices';
import type { Task } from '@shared/schemas/tasks';
import type { BenchDatabase } from './database';
import { benchConfig, percentiles, type Percentiles } from './live';
import { startLoad, type RequestLane, type RequestStep, type RequestsDone } from './load';
import { profiled } from './profile';

/**
 * Sustained writes: `writers` users, each with their own deal, office and task at their location,
 * write in a loop (a deal dragged, an office's status changed, a task retitled, in turn) while
 * `sockets` browsers of several roles and locations are connected and take the pushes. The
 * reference, in the same run and with the same sockets connected: one of those writers alone.
 * Writers and sockets run in child processes, so the server process's CPU is its own.
 */
export interface SustainedOptions {
  writers: number;
  sockets: number;
  seconds: number;
}

export interface SustainedPhase {
  latency: Percentiles;
  requests: number;
  /** Answers that were neither 2xx nor 409. */
  errors: number;
  conflicts: number;
  perSecond: number;
  statuses: Record<string, number>;
}

export interface SustainedResult {
  alone: SustainedPhase;
  loaded: SustainedPhase;
  /** Sockets connected, the users they belong to, and the pushes they took while the writers wrote. */
  sockets: number;
  socketUsers: number;
  pushes: number;
  rss: { before: number; after: number };
}

const TABS_PER_USER = 10;
const DEAL_STAGES = ['tour_booked', 'tour_completed'] as const;
const OFFICE_STATUSES = ['UNAVAILABLE', 'VACANT'] as const;
/** The sockets' users: who sees what differs by role, and for managers and viewers by location. */
const SOCKET_ROLES: readonly Role[] = ['admin', 'manager', 'viewer'];

export async function benchSustained(database: BenchDatabase, options: SustainedOptions, progress: (line: string) => void): Promise<SustainedResult> {
  progress('starting the server with demo data on a fresh database');
  const server = await startServer(benchConfig(), {
    database: { sql: database.sql, url: database.url, close: async () => undefined },
    logger: createLogger('warn', process.stderr),
  });
  const sockets = startLoad();
  const writers = startLoad();
  try {
    const register = userRegistrar(server);
    const adminToken = await register('admin', [], 'Sustained Admin');
    const admin = (method: string, path: string, body?: unknown) => call(server.url, adminToken, method, path, body);
    const deals = ((await admin('GET', '/api/deals')) as Deal[]).filter((d) => d.stage !== 'agreement_signed' && d.stage !== 'close_lost');
    if (deals.length < options.writers) throw new Error(`sustained bench: ${options.writers} writers need as many open deals, found ${deals.length}`);
    const locations = [...new Set(deals.map((d) => d.location_id))];

    progress(`${options.writers} writers, each with a deal, a new office and a new task at the deal's location`);
    const lanes: RequestLane[] = [];
    for (const [i, deal] of deals.slice(0, options.writers).entries()) {
      const location = deal.location_id;
      const office = (await admin('POST', '/api/offices', { office_number: `SUS-${i + 1}`, location_id: location })) as Office;
      const task = (await admin('POST', '/api/tasks', { title: `Sustained ${i + 1}`, description: 'Retitled in a loop', location_id: location })) as Task;
      const token = await register('manager', [location], `Sustained Writer ${i + 1}`);
      const steps: RequestStep[] = [];
      for (let turn = 0; turn < 2; turn++) {
        steps.push({ method: 'PATCH', path: `/api/deals/${deal.id}/stage`, body: { stage: DEAL_STAGES[(turn + (deal.stage === DEAL_STAGES[0] ? 1 : 0)) % 2] } });
        steps.push({ method: 'PATCH', path: `/api/offices/${office.id}/status`, body: { status: OFFICE_STATUSES[turn] } });
        steps.push({ method: 'PUT', path: `/api/tasks/${task.id}`, body: { title: `Sustained ${i + 1} (${turn === 0 ? 'a' : 'b'})` } });
      }
      lanes.push({ token, steps, offset: 0 });
    }

    const socketUsers = Math.ceil(options.sockets / TABS_PER_USER);
    progress(`${options.sockets} sockets of ${socketUsers} users (admins, managers and viewers of ${locations.length} locations), in a child process`);
    const socketTokens: string[] = [];
    for (let i = 0; i < socketUsers; i++) {
      const role = SOCKET_ROLES[i % SOCKET_ROLES.length]!;
      const token = await register(role, role === 'admin' ? [] : [locations[i % locations.length]!], `Sustained Viewer ${i + 1}`);
      for (let tab = 0; tab < TABS_PER_USER && socketTokens.length < options.sockets; tab++) socketTokens.push(token);
    }
    await sockets.run({ kind: 'sockets', url: server.url, tokens: socketTokens });

    progress('warming up: every writer once through its steps');
    await writers.run({ kind: 'requests', url: server.url, lanes, limit: { count: lanes[0]!.steps.length } });
    const rssBefore = process.memoryUsage().rss;

    progress(`one writer alone for ${options.seconds} s, the ${options.sockets} sockets connected`);
    const alone = phase(await writers.run({ kind: 'requests', url: server.url, lanes: lanes.slice(0, 1), limit: { seconds: options.seconds } }));

    progress(`${options.writers} writers at once for ${options.seconds} s`);
    const pushesBefore = (await sockets.run({ kind: 'pushes' })).pushes;
    const loaded = phase(await profiled('sustained', () => writers.run({ kind: 'requests', url: server.url, lanes, limit: { seconds: options.seconds } })));
    const pushes = (await sockets.run({ kind: 'pushes' })).pushes - pushesBefore;
    const rssAfter = process.memoryUsage().rss;
    await sockets.run({ kind: 'close' });
    return { alone, loaded, sockets: socketTokens.length, socketUsers, pushes, rss: { before: rssBefore, after: rssAfter } };
  } finally {
    await Promise.all([sockets.stop(), writers.stop()]);
    await server.close();
  }
}

function phase(done: RequestsDone): SustainedPhase {
  const count = (match: (status: number) => boolean) =>
    Object.entries(done.statuses).reduce((sum, [status, n]) => sum + (match(Number(status)) ? n : 0), 0);
  return {
    latency: percentiles(done.latencies),
    requests: done.latencies.length,
    errors: count((s) => (s < 200 || s >= 300) && s !== 409),
    conflicts: count((s) => s === 409),
    perSecond: done.latencies.length / (done.elapsedMs / 1000),
    statuses: done.statuses,
  };
}

/** Registers bench users through the command path; answers a signed-in token for each. */
function userRegistrar(server: RunningServer) {
  const { handle, tokens } = server.deps;
  const hash = hashPassword(randomUUID());
  let registered = 0;
  return async (role: Role, locations: string[], name: string) => {
    const id = randomUUID();
    registered += 1;
    const profile = { name, email: `sustained.${registered}@bench.example`, role, locations, primary_location: locations[0] ?? ALL_LOCATIONS };
    await handle(userAggregate, id, { type: 'RegisterUser', id, profile, password_hash: await hash }, { userId: 'system', now: new Date() });
    return tokens.sign(id);
  };
}

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sustained bench: ${method} ${path} answered ${res.status} ${await res.text()}`);
  return res.json();
}
