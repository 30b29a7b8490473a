import { expect } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { Location } from '@shared/schemas/locations';
import type { Member } from '@shared/schemas/members';
import type { Office } from '@shared/schemas/offices';
import type { Config } from '../../server/config';
import { demoCredentials, signIn, startTestServer, type Api, type TestServer } from '../support/server';

/** A server with the demo seed, the three demo tokens and location ids by name. */
export async function officeWorld(overrides: Partial<Config> = {}) {
  const server: TestServer = await startTestServer(overrides);
  const api: Api = server.api;
  const [admin, manager, viewer] = await Promise.all([
    signIn(api, demoCredentials.admin),
    signIn(api, demoCredentials.manager),
    signIn(api, demoCredentials.viewer),
  ]);
  const tokens = { admin: admin.access_token, manager: manager.access_token, viewer: viewer.access_token };
  const locations = (await api<Location[]>('GET', '/api/locations', { token: tokens.admin })).body;
  const loc = (name: string) => {
    const found = locations.find((l) => l.name === name);
    if (!found) throw new Error(`no location ${name}`);
    return found.id;
  };
  let counter = 0;

  async function logHead(): Promise<number> {
    const [row] = await server.deps.sql<{ position: number | null }[]>`SELECT max(position) AS position FROM events`;
    return row?.position ?? 0;
  }

  /** Waits until the gateway has pushed everything committed so far, so a socket opened next sees only what follows. */
  async function settled(): Promise<void> {
    await server.gateway.waitFor(await logHead());
  }

  /** A fresh VACANT office at the named location, created by the admin. */
  async function newOffice(locationName: string, extra: Record<string, unknown> = {}): Promise<Office> {
    counter += 1;
    const res = await api<Office>('POST', '/api/offices', {
      token: tokens.admin,
      body: { office_number: `T-${counter}-${Date.now() % 100000}`, location_id: loc(locationName), ...extra },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** A fresh member company at the named location, created by the admin. */
  async function newMember(locationName: string, company = `Test Co ${++counter}`): Promise<Member> {
    const res = await api<Member>('POST', '/api/members', {
      token: tokens.admin,
      body: {
        company_name: company,
        location_id: loc(locationName),
        primary_contact: { name: 'Pat Test', email: 'pat@test.example', phone: '(212) 555-0100' },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  /** A fresh open deal at the named location, created by the admin; `label` names it (`<label> <n>`). */
  async function newDeal(locationName: string, label = 'Test'): Promise<Deal> {
    counter += 1;
    const res = await api<Deal>('POST', '/api/deals', {
      token: tokens.admin,
      body: {
        deal_name: `${label} ${counter}`,
        company_name: `${label} Co ${counter}`,
        contact: { name: 'Pat Doe', email: `${label.toLowerCase()}${counter}@example.com` },
        location_id: loc(locationName),
        offered_price: 1500,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const getOffice = async (id: string) => (await api<Office>('GET', `/api/offices/${id}`, { token: tokens.admin })).body;
  const getMember = async (id: string) => (await api<Member>('GET', `/api/members/${id}`, { token: tokens.admin })).body;

  return { server, api, tokens, users: { admin, manager, viewer }, locations, loc, logHead, settled, newOffice, newMember, newDeal, getOffice, getMember };
}

export type OfficeWorld = Awaited<ReturnType<typeof officeWorld>>;

export const MANAGER_LOCATIONS = ['55 Broadway', '60 Broad'];

export const OFFICE_KEYS = [
  'id', 'office_number', 'location_id', 'location_name', 'type', 'desks', 'floor', 'windowed', 'status', 'tenant',
  'member_id', 'signed_rate', 'marketed_rates', 'market_rates', 'lease_info', 'contacts', 'version', 'created_at', 'updated_at',
].sort();

export const MEMBER_KEYS = [
  'id', 'company_name', 'location_id', 'location_name', 'office_id', 'office_number', 'offices', 'primary_contact', 'contact_name',
  'contact_email', 'contact_phone', 'membership_type', 'employees', 'version', 'created_at', 'updated_at',
].sort();
