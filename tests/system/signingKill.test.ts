import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { Office } from '@shared/schemas/offices';
import type { Database } from '../../server/db/database';
import { createTestDatabase } from '../support/db';
import { freePort } from '../support/globalSetup';
import { mainProcess, type MainProcess } from '../support/mainProcess';
import { apiClient, demoCredentials, signIn } from '../support/server';
import { signDeal } from '../support/signature';

/**
 * The real server killed (SIGKILL) in the middle of a signing: after the signature is in the log
 * and while the process's transaction is open, before its lease commits. The window is held
 * open on purpose: the test holds the office's stream lock, so the process waits there, having
 * read the deal and stored the executed copy's bytes in its transaction.
 */
let database: Database;
let dataDir: string;
let server: MainProcess;

/** The per-stream write lock handleCommand takes (events/handleCommand.ts STREAM_LOCK_CLASS). */
const STREAM_LOCK_CLASS = 7_340_003;

beforeAll(async () => {
  database = await createTestDatabase(4);
  dataDir = await mkdtemp(path.join(tmpdir(), 'flexspace-signing-'));
  server = mainProcess({ port: await freePort(), pgPort: await freePort(), dataDir, databaseUrl: database.url, env: { DEMO_MODE: 'true' } });
  await server.start();
}, 240_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  await database?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const count = async (stream: string, type: string) =>
  (await database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${stream} AND type = ${type}`)[0]!.n;

describe('a server killed between the signature and the lease', () => {
  it('leases exactly once after it starts again', async () => {
    const api = apiClient(server.origin);
    const token = (await signIn(api, demoCredentials.admin)).access_token;
    const bushwick = (await api<{ id: string; name: string }[]>('GET', '/api/locations', { token })).body.find((l) => l.name === 'Bushwick')!;
    const office = (await api<Office>('POST', '/api/offices', { token, body: { office_number: `K-${Date.now() % 100_000}`, location_id: bushwick.id } })).body;
    const created = await api<Deal>('POST', '/api/deals', {
      token,
      body: { deal_name: 'Killed Signing', company_name: 'Killed Co', contact: { name: 'Kim Kill', email: 'kim@killed.example' }, location_id: bushwick.id, offered_price: 1500, start_date: '2025-10-01', term_months: 6, office_ids: [office.id] },
    });
    expect(created.status, created.text).toBe(201);
    const deal = created.body;

    // Hold the office's stream lock on a connection of our own: the process will wait for it.
    const holder = await database.sql.reserve();
    const officeStream = `office-${office.id}`;
    await holder`SELECT pg_advisory_lock(${STREAM_LOCK_CLASS}, hashtext(${officeStream}))`;
    try {
      await signDeal(database.sql, deal.id);
      const waiting = async () =>
        (await database.sql`
          SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = ${STREAM_LOCK_CLASS} AND objid = (SELECT hashtext(${officeStream})::oid) AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`).length > 0;
      const deadline = Date.now() + 30_000;
      while (!(await waiting())) {
        if (Date.now() > deadline) throw new Error('the process never reached the office');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await server.stop('SIGKILL');
    } finally {
      await holder`SELECT pg_advisory_unlock(${STREAM_LOCK_CLASS}, hashtext(${officeStream}))`;
      holder.release();
    }
    // Nothing of the open transaction survived the kill.
    expect(await count(`deal-${deal.id}`, 'DealSigningCompleted')).toBe(0);
    expect(await count(officeStream, 'OfficeCompanyAssigned')).toBe(0);

    await server.start();
    const deadline = Date.now() + 30_000;
    while ((await count(`deal-${deal.id}`, 'DealSigningCompleted')) === 0) {
      if (Date.now() > deadline) throw new Error('the signing never completed after the restart');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const again = (await signIn(api, demoCredentials.admin)).access_token;
    const leased = (await api<Office>('GET', `/api/offices/${office.id}`, { token: again })).body;
    expect(leased).toMatchObject({ status: 'LEASED', signed_rate: 1500, lease_info: { start_date: '2025-10-01', term_months: 6, end_date: '2026-04-01' } });
    expect((await api<Deal>('GET', `/api/deals/${deal.id}`, { token: again })).body.stage).toBe('agreement_signed');
    expect(await count(`deal-${deal.id}`, 'DealSigningCompleted')).toBe(1);
    expect(await count(`deal-${deal.id}`, 'DealExecutedCopyStored')).toBe(1);
    expect(await count(officeStream, 'OfficeCompanyAssigned')).toBe(1);
  });
});
