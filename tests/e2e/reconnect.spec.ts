import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { PASSWORD, USERS, expectLive } from './support/app';

/**
 * A deploy: the server is stopped gracefully (SIGTERM) and started again while a tab is open.
 * This test runs its own server process (the shared one must stay up for the other tests).
 */
let dataDir: string;
let main: MainProcess;

test.beforeAll(async () => {
  // A whole server on a new database: slower to start than a test takes when other workers' browsers share the CPU.
  test.setTimeout(120_000);
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-e2e-restart-'));
  await chmod(dataDir, 0o755);
  main = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir });
  await main.start();
});
test.afterAll(async () => {
  await main?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test('an open tab comes back by itself after a server restart and shows what changed after', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: main.origin });
  const login = async () => {
    const response = await context.request.post('/api/auth/login', { data: { email: USERS.admin.email, password: PASSWORD } });
    expect(response.status()).toBe(200);
    return (await response.json()).access_token as string;
  };
  const token = await login();
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.goto('/');
  await expectLive(page);
  const selector = page.getByLabel('Location');
  await expect(selector.locator('option', { hasText: /^Bushwick$/ })).toHaveCount(1);

  await main.stop('SIGTERM');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toHaveCount(0);
  await main.start();

  // The tab is back on its own (no reload), and a change made now reaches it.
  await expectLive(page);
  const headers = { Authorization: `Bearer ${await login()}` };
  const locations = (await (await context.request.get('/api/locations', { headers })).json()) as { id: string; name: string }[];
  const bushwick = locations.find((l) => l.name === 'Bushwick')!;
  const renamed = await context.request.put(`/api/locations/${bushwick.id}`, { headers, data: { name: 'Bushwick Yards' } });
  expect(renamed.status()).toBe(200);
  await expect(selector.locator('option', { hasText: 'Bushwick Yards' })).toHaveCount(1);
  await context.close();
});
