import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn, type Api } from '../support/server';

/**
 * `npm run rebuild` beside the running app (`npm start` on its embedded database): the app keeps
 * answering and accepting writes throughout, and nothing written meanwhile is lost.
 */
let dataDir: string;
let main: MainProcess;
let api: Api;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-rebuild-'));
  await chmod(dataDir, 0o755);
  main = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir });
  await main.start();
  api = apiClient(main.origin);
  token = (await signIn(api, demoCredentials.admin)).access_token;
}, 240_000);
afterAll(async () => {
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

describe('rebuild beside the running app', () => {
  it('swaps in rebuilt read models while the app keeps answering and writing, losing nothing', async () => {
    const location = (await api('GET', '/api/locations', { token })).body[0];
    const statuses: number[] = [];
    const created: string[] = [];
    let rebuilding = true;
    const traffic = (async () => {
      for (let n = 0; rebuilding; n++) {
        const write = await api('POST', '/api/tasks', { token, body: { title: `During rebuild ${n}`, description: 'Beside it', location_id: location.id } });
        statuses.push(write.status);
        if (write.status === 201) created.push(write.body.id);
        statuses.push((await api('GET', '/api/tasks', { token })).status);
        statuses.push((await api('GET', '/api/dashboard', { token })).status);
      }
    })();
    const result = await runRebuild();
    rebuilding = false;
    await traffic;

    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/beside the running app/);
    expect(result.out).toMatch(/events\/s/);
    expect(statuses.filter((s) => s >= 400)).toEqual([]);
    expect(created.length).toBeGreaterThan(0);
    const tasks = (await api('GET', '/api/tasks', { token })).body as { id: string }[];
    const ids = new Set(tasks.map((t) => t.id));
    expect(created.filter((id) => !ids.has(id))).toEqual([]);
    // The app still serves, on the same embedded database.
    expect((await api('GET', '/api/ready')).status).toBe(200);
  });
});
