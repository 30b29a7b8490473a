import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLiveSocket, type LiveSocket } from '../../client/src/live/liveSocket';
import type { ChangeMessage } from '@shared/realtime';
import type { Location } from '@shared/schemas/locations';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn } from '../support/server';

/**
 * A graceful restart (SIGTERM, as every deploy sends) with browsers' sockets open: each comes
 * back by itself, through the client's own socket code, and catches up on what it missed.
 */
const TABS = 36;
let dataDir: string;
let main: MainProcess;
let origin: string;

interface Tab {
  socket: LiveSocket;
  stop(): void;
  position: number;
  connects: number;
  changes: ChangeMessage[];
}

function openTab(token: string): Tab {
  const tab: Tab = { position: 0, connects: 0, changes: [], socket: null!, stop: () => undefined };
  const { socket, stop } = openLiveSocket(origin, {
    // As the app does: the position reached so far, on every (re)connection.
    auth: () => ({ token, ...(tab.position > 0 ? { since: tab.position } : {}) }),
    onUnauthorized: () => undefined,
  });
  socket.on('ready', ({ position }) => {
    tab.connects++;
    tab.position = Math.max(tab.position, position);
  });
  socket.on('change', (message) => {
    tab.position = Math.max(tab.position, message.position);
    tab.changes.push(message);
  });
  Object.assign(tab, { socket, stop });
  return tab;
}

async function until(what: string, check: () => boolean, detail?: () => string) {
  for (let attempt = 0; attempt < 600 && !check(); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!check()) throw new Error(`gave up waiting for ${what}${detail ? `: ${detail()}` : ''}`);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-reconnect-'));
  await chmod(dataDir, 0o755);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  main = mainProcess({ port, pgPort: await freePort(), dataDir });
});
afterAll(async () => {
  await main.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a graceful restart with sockets open', () => {
  it('brings every tab back by itself, and each receives what changed after', async () => {
    await main.start();
    const api = apiClient(origin);
    const admin = (await signIn(api, demoCredentials.admin)).access_token;
    const target = ((await api('GET', '/api/locations', { token: admin })).body as Location[]).find((l) => l.name === '55 Broadway')!;
    // Three users' tabs, each within the gateway's cap of tabs per user; all see the target.
    const tokens = [admin, (await signIn(api, demoCredentials.manager)).access_token, (await signIn(api, demoCredentials.viewer)).access_token];
    const tabs = Array.from({ length: TABS }, (_, i) => openTab(tokens[i % tokens.length]!));
    await until('every tab to connect', () => tabs.every((t) => t.connects === 1));

    await main.stop('SIGTERM');
    await main.start();
    const token = (await signIn(api, demoCredentials.admin)).access_token;
    const res = await api('PUT', `/api/locations/${target.id}`, { token, body: { manager: 'After The Restart' } });
    expect(res.status).toBe(200);

    // Whether a tab was back before the change (live push) or after (catch-up), it has the row.
    const hasIt = (t: Tab) =>
      t.changes.some((m) => m.changes.some((c) => c.id === target.id && (c.row as Location | null)?.manager === 'After The Restart'));
    await until(
      'every tab to come back and receive the change',
      () => tabs.every((t) => t.connects >= 2 && hasIt(t)),
      () => `connects ${tabs.map((t) => t.connects).join(',')}; has it ${tabs.filter(hasIt).length}/${TABS}; connected ${tabs.filter((t) => t.socket.connected).length}`,
    );
    for (const tab of tabs) tab.stop();
  }, 120_000);
});
