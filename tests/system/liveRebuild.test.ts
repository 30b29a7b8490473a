import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';
import { listen, type Listener } from '../support/sockets';

/**
 * `npm run rebuild` beside the running app (`npm start` on its embedded database), several times
 * over, while writers and readers keep the app busy over HTTP and a socket follows the pushes:
 * every rebuild succeeds, no request fails, nothing acknowledged is lost, and the socket keeps
 * receiving. The swap locks every read model and the log; readers and writers that hold some of
 * them and want others are what made it deadlock.
 */
let dataDir: string;
let main: MainProcess;
let api: Api;
let token: string;
let socket: Listener;

/** Rebuilds run one after another under the same traffic. */
const RUNS = 5;
const WRITERS = 4;
const READERS = 4;
/** What readers ask for: lists that join several read models, and the dashboard. */
const READS = ['/api/tasks', '/api/dashboard', '/api/deals', '/api/companies', '/api/offices', '/api/members', '/api/contacts', '/api/locations'];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-rebuild-'));
  await chmod(dataDir, 0o755);
  main = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir });
  await main.start();
  api = apiClient(main.origin);
  token = (await signIn(api, demoCredentials.admin)).access_token;
  socket = listen(main.origin, { token });
  await socket.ready;
}, 240_000);
afterAll(async () => {
  socket?.close();
  await main?.stop('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs server/rebuild.ts as `npm run rebuild` does, with the app's DATA_DIR. */
function runRebuild(): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/rebuild.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += String(chunk)));
    child.stderr.on('data', (chunk) => (out += String(chunk)));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

interface Traffic {
  /** Every answer that was not a success: method, path, status and body. */
  failures: string[];
  requests: number;
  /** Streams of the writes the app acknowledged. */
  tasks: string[];
  companies: string[];
  deals: string[];
}

describe('rebuild beside the running app', () => {
  it('succeeds every time under concurrent writers, readers and a socket: no failed request, nothing acknowledged lost', async () => {
    const location = (await api('GET', '/api/locations', { token })).body[0];
    const deals = (await api('GET', '/api/deals', { token })).body as { id: string }[];
    const traffic: Traffic = { failures: [], requests: 0, tasks: [], companies: [], deals: [] };
    const arrivals: number[] = [];
    socket.socket.on('change', () => arrivals.push(performance.now()));

    const call = async (method: string, url: string, body?: unknown) => {
      const res = await api(method, url, { token, body });
      traffic.requests++;
      if (res.status >= 300) traffic.failures.push(`${method} ${url} ${res.status} ${res.text.slice(0, 200)}`);
      return res;
    };
    // Writers take turns at tasks, companies and deals (a deal's edit touches its company too).
    const write = async (writer: number, n: number) => {
      switch ((writer + n) % 3) {
        case 0: {
          const res = await call('POST', '/api/tasks', { title: `During rebuild ${writer}.${n}`, description: 'Beside it', location_id: location.id });
          if (res.status === 201) traffic.tasks.push(res.body.id);
          break;
        }
        case 1: {
          const res = await call('POST', '/api/companies', { name: `Rebuild Co ${writer}.${n}` });
          if (res.status === 201) traffic.companies.push(res.body.id);
          break;
        }
        default: {
          const deal = deals[(writer * 7 + n) % deals.length]!;
          const res = await call('PUT', `/api/deals/${deal.id}`, { notes: `Edited during rebuild ${writer}.${n}` });
          if (res.status === 200) traffic.deals.push(deal.id);
        }
      }
    };

    const runs: { code: number | null; seconds: number; largestGap: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      let busy = true;
      const workers = [
        ...Array.from({ length: WRITERS }, async (_, writer) => {
          for (let n = 0; busy; n++) await write(writer, n);
        }),
        ...Array.from({ length: READERS }, async (_, reader) => {
          for (let n = reader; busy; n++) await call('GET', READS[n % READS.length]!);
        }),
      ];
      const started = performance.now();
      const result = await runRebuild();
      const ended = performance.now();
      busy = false;
      await Promise.all(workers);

      expect(result.code, result.out).toBe(0);
      expect(result.out).toMatch(/beside the running app/);
      expect(result.out).toMatch(/events\/s/);
      // The largest pause between pushes while the rebuild ran (writers never stopped).
      const during = [started, ...arrivals.filter((t) => t > started && t < ended), ended];
      const largestGap = Math.max(...during.slice(1).map((t, i) => t - during[i]!));
      runs.push({ code: result.code, seconds: (ended - started) / 1000, largestGap: Math.round(largestGap) });
    }
    console.log(
      `${RUNS} rebuilds under ${WRITERS} writers and ${READERS} readers (${traffic.requests} requests): ` +
        runs.map((r) => `${r.seconds.toFixed(1)} s, largest push gap ${r.largestGap} ms`).join('; '),
    );

    expect(traffic.failures).toEqual([]);
    expect(traffic.tasks.length).toBeGreaterThan(0);
    expect(traffic.companies.length).toBeGreaterThan(0);
    expect(traffic.deals.length).toBeGreaterThan(0);
    // Every acknowledged write is in the rebuilt read models...
    const tasks = new Set(((await api('GET', '/api/tasks', { token })).body as { id: string }[]).map((t) => t.id));
    expect(traffic.tasks.filter((id) => !tasks.has(id))).toEqual([]);
    const companies = new Set(((await api('GET', '/api/companies', { token })).body as { id: string }[]).map((c) => c.id));
    expect(traffic.companies.filter((id) => !companies.has(id))).toEqual([]);
    // ...and reached the socket, which kept receiving throughout.
    const pushed = (streams: string[]) => streams.every((stream) => socket.changes.some((c) => c.stream_id === stream));
    const streams = [...traffic.tasks.map((id) => `task-${id}`), ...traffic.companies.map((id) => `company-${id}`), ...traffic.deals.map((id) => `deal-${id}`)];
    await socket.until(() => pushed(streams), 'a push for every acknowledged write');
    expect(socket.socket.connected).toBe(true);
    // The app still serves, on the same embedded database.
    expect((await api('GET', '/api/ready')).status).toBe(200);
  }, 600_000);
});
