import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSql } from '../../events/store/connect';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';

/**
 * The real entry point, as `npm start` runs it, on its own embedded PostgreSQL: stopped and
 * started again on the same data, and killed outright in the middle of writes.
 */
let dataDir: string;
let pgPort: number;
let main: MainProcess;

async function startMain(): Promise<Api> {
  await main.start();
  return apiClient(main.origin);
}

const stopMain = (signal: NodeJS.Signals) => main.stop(signal);

/** Connects as another process would: with the URL the server left in DATA_DIR/database-url. */
async function withDatabase<T>(use: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const sql = openSql(url, { max: 1, onnotice: () => undefined });
  try {
    return await use(sql);
  } finally {
    await sql.end();
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-restart-'));
  await chmod(dataDir, 0o755);
  pgPort = await freePort();
  main = mainProcess({ port: await freePort(), pgPort, dataDir, logLevel: process.env.RESTART_TEST_LOG });
});
afterAll(async () => {
  await stopMain('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
});

describe('restart', () => {
  it('keeps every event and row across a stop and start, and seeds only once', async () => {
    let api = await startMain();
    const { access_token: token } = await signIn(api, demoCredentials.admin);
    const locations = (await api('GET', '/api/locations', { token })).body;
    expect(locations).toHaveLength(8);
    const renamed = await api('PUT', `/api/locations/${locations[0].id}`, { token, body: { manager: 'Kept Across Restarts' } });
    expect(renamed.status).toBe(200);
    const before = await withDatabase(async (sql) => ({
      events: await sql`SELECT position, stream_id, version, type, data FROM events ORDER BY position`,
      locations: await sql`SELECT * FROM locations ORDER BY id`,
      users: await sql`SELECT * FROM users ORDER BY id`,
    }));
    await stopMain('SIGTERM');

    api = await startMain();
    const after = await withDatabase(async (sql) => ({
      events: await sql`SELECT position, stream_id, version, type, data FROM events ORDER BY position`,
      locations: await sql`SELECT * FROM locations ORDER BY id`,
      users: await sql`SELECT * FROM users ORDER BY id`,
    }));
    expect(after).toEqual(before);
    expect(after.events.filter((e) => e.type === 'LocationCreated')).toHaveLength(8);
    expect(after.events.filter((e) => e.type === 'DemoDataSeeded')).toHaveLength(1);
    // The signing key was kept too: a token from before the restart still works.
    const me = await api('GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);
    const location = (await api('GET', `/api/locations/${locations[0].id}`, { token })).body;
    expect(location.manager).toBe('Kept Across Restarts');
  });

  it('loses no acknowledged write when killed mid-write, and its read models match the log', async () => {
    let api = await startMain();
    const { access_token: token } = await signIn(api, demoCredentials.admin);
    const [location] = (await api('GET', '/api/locations', { token })).body;
    const acknowledged: number[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        try {
          const res = await api('PUT', `/api/locations/${location.id}`, { token, body: { floors: [i % 50, 100 + i] } });
          if (res.status === 200) acknowledged.push(res.body.version);
        } catch {
          return; // the server is gone
        }
      }
    })();
    while (acknowledged.length < 30) await new Promise((r) => setTimeout(r, 20));
    await stopMain('SIGKILL');
    stop = true;
    await writer;

    api = await startMain();
    const stored = await withDatabase((sql) => sql`SELECT version FROM events WHERE stream_id = ${`location-${location.id}`}`);
    const versions = new Set(stored.map((r) => r.version as number));
    for (const v of acknowledged) expect(versions.has(v)).toBe(true);
    const live = (await api('GET', `/api/locations/${location.id}`, { token })).body;
    expect(live.version).toBe(Math.max(...versions));
    const snapshot = () =>
      withDatabase(async (sql) => [await sql`SELECT * FROM locations ORDER BY id`, await sql`SELECT * FROM users ORDER BY id`]);
    const kept = await snapshot();
    await stopMain('SIGTERM');

    // Replaying the log from scratch (npm run rebuild) gives the rows the server kept through the kill.
    const rebuild = spawn(process.execPath, ['--import', 'tsx', 'server/rebuild.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), DATABASE_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise((resolve) => rebuild.once('exit', resolve));
    expect(code).toBe(0);
    await startMain();
    expect(await snapshot()).toEqual(kept);
  });
});
