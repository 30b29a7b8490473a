import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { Office } from '@shared/schemas/offices';
import { createLogger } from '../../server/logger';
import { startLogProcess } from '../../server/processes/logProcess';
import { dealSigningProcess } from '../../server/signing/process/dealSigning';
import { startServer } from '../../server/start';
import { createTestDatabase } from '../support/db';
import { apiClient, demoCredentials, signIn, testConfig } from '../support/server';
import { signDeal } from '../support/signature';
import { officeWorld, type OfficeWorld } from './officeHelpers';
import { count, dealReads, newDeal, rates, unique, until } from './signingHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});
const { signedDeal } = dealReads(() => w);

describe('exactly once', () => {
  it('acts on each signature once while two instances of the process run on one database, across a takeover', async () => {
    const { sql, handle } = w.server.deps;
    const second = startLogProcess({ databaseUrl: w.server.database.url, sql, handle }, dealSigningProcess, { checkMs: 100, pollMs: 100 });
    try {
      const deals: Deal[] = [];
      const offices: Office[] = [];
      for (let i = 0; i < 6; i++) {
        const office = await w.newOffice('Bushwick', rates(800));
        offices.push(office);
        deals.push(await newDeal(w.api, w.tokens.admin, w.loc('Bushwick'), { office_ids: [office.id] }));
      }
      for (const deal of deals.slice(0, 3)) await signDeal(sql, deal.id);
      // Whichever instance holds the lock loses its connection, as when its node dies.
      const [{ pid } = { pid: 0 }] = await sql<{ pid: number }[]>`
        SELECT l.pid FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 7340100
          AND l.objid = (SELECT hashtext('log-process:deal-signing')::oid) AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
      expect(pid).toBeGreaterThan(0);
      await sql`SELECT pg_terminate_backend(${pid})`;
      for (const deal of deals.slice(3)) await signDeal(sql, deal.id);
      for (const deal of deals) await signedDeal(deal.id);
      for (const deal of deals) expect(await count(sql, `deal-${deal.id}`, 'DealSigningCompleted')).toBe(1);
      for (const office of offices) {
        expect(await count(sql, `office-${office.id}`, 'OfficeCompanyAssigned')).toBe(1);
        expect(await count(sql, `office-${office.id}`, 'OfficeLeaseSet')).toBe(1);
      }
    } finally {
      await second.stop();
    }
  });

  it('leases once when the server restarts between the signature and the lease', async () => {
    const database = await createTestDatabase();
    const logger = createLogger('warn', new Writable({ write: (_chunk, _encoding, done) => done() }));
    const config = testConfig({ databaseUrl: database.url });
    try {
      const first = await startServer(config, { database, logger });
      const api = apiClient(first.url);
      const { access_token } = await signIn(api, demoCredentials.admin);
      const bushwick = (await api<{ id: string; name: string }[]>('GET', '/api/locations', { token: access_token })).body.find((l) => l.name === 'Bushwick')!;
      const office = (await api<Office>('POST', '/api/offices', { token: access_token, body: { office_number: unique('R'), location_id: bushwick.id, ...rates(1000) } })).body;
      const deal = await newDeal(api, access_token, bushwick.id, { office_ids: [office.id] });
      await first.close();

      // Signed while no server runs: the process meets it on the next start.
      await signDeal(database.sql, deal.id);
      const second = await startServer(config, { database, logger });
      const again = apiClient(second.url);
      const token = (await signIn(again, demoCredentials.admin)).access_token;
      const signed = await until(async () => (await again<Deal>('GET', `/api/deals/${deal.id}`, { token })).body, (d) => d.stage === 'agreement_signed', 'the deal is signed');
      expect((await again<Office>('GET', `/api/offices/${office.id}`, { token })).body).toMatchObject({ status: 'LEASED', member_id: signed.member_id, signed_rate: 2400 });
      await second.close();

      expect(await count(database.sql, `deal-${deal.id}`, 'DealSigningCompleted')).toBe(1);
      expect(await count(database.sql, `office-${office.id}`, 'OfficeCompanyAssigned')).toBe(1);
      const [members] = await database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE type = 'MemberCreated' AND data->>'company_name' = ${deal.company_name}`;
      expect(members!.n).toBe(1);
    } finally {
      await database.close();
    }
  });
});
