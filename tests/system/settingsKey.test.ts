import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemSettings } from '@shared/schemas/settings';
import type { Database } from '../../server/db/database';
import { SETTINGS_KEY_FILE } from '../../server/settings/settingsKey';
import { createTestDatabase } from '../support/db';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn } from '../support/server';

/**
 * Two processes of the real entry point on one database, as an operator adds a second node: the
 * first ran without SETTINGS_KEY and generated its key file; the second is given that file's
 * content in SETTINGS_KEY, through its environment.
 */
let database: Database;
let dataDir: string;
let a: MainProcess;
let b: MainProcess;

beforeAll(async () => {
  database = await createTestDatabase(4);
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-key-nodes-'));
  a = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(dataDir, 'a'), databaseUrl: database.url, env: { DEMO_MODE: 'true' } });
  await a.start();
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGTERM'), b?.stop('SIGTERM')]);
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a second node given the key file\'s content as SETTINGS_KEY', () => {
  it('reads the CRM key the first node stored, and both are ready', async () => {
    const apiA = apiClient(a.origin);
    const onA = (await signIn(apiA, demoCredentials.admin)).access_token;
    const stored = await apiA('PUT', '/api/settings/system', { token: onA, body: { crm_api_key: 'sk_live_stored_through_a_4321' } });
    expect(stored.status, stored.text).toBe(200);

    const content = await readFile(path.join(dataDir, 'a', SETTINGS_KEY_FILE), 'utf8');
    b = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir: path.join(dataDir, 'b'), databaseUrl: database.url, env: { DEMO_MODE: 'true', SETTINGS_KEY: content } });
    await b.start();
    const apiB = apiClient(b.origin);
    const onB = (await signIn(apiB, demoCredentials.admin)).access_token;
    const read = await apiB<SystemSettings>('GET', '/api/settings/system', { token: onB });
    expect(read.body).toMatchObject({ crm_api_key_set: true, crm_api_key_problem: null });
    expect(read.body.crm_api_key).toMatch(/4321$/);
    expect((await apiB('GET', '/api/ready')).status).toBe(200);
    expect((await apiA('GET', '/api/ready')).status).toBe(200);
  }, 120_000);
});
