import { expect } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import type { Pool } from '../../events/store/types';
import type { Api } from '../support/server';
import type { OfficeWorld } from './officeHelpers';

let counter = 0;
export const unique = (prefix: string) => `${prefix} ${++counter}-${Date.now() % 100_000}`;

/** A deal at Bushwick over the given offices: 2400 a month from 2025-09-01 for 12 months. */
export async function newDeal(api: Api, token: string, location: string, extra: Record<string, unknown> = {}): Promise<Deal> {
  const res = await api<Deal>('POST', '/api/deals', {
    token,
    body: {
      deal_name: unique('Signing deal'),
      company_name: unique('Signing Co'),
      contact: { name: 'Pat Signer', email: `pat${counter}@signing.example`, phone: '(212) 555-0199' },
      location_id: location,
      offered_price: 2400,
      start_date: '2025-09-01',
      term_months: 12,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export const rates = (monthly: number) => ({ marketed_rates: { monthly, six_month: monthly, twelve_month: monthly } });

/** Reads `read` until `done` holds (the signing process runs after the request that started it). */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many events of `type` a stream holds. */
export async function count(sql: Pool, stream: string, type: string): Promise<number> {
  const [row] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM events WHERE stream_id = ${stream} AND type = ${type}`;
  return row!.n;
}

/** Reads of deals and their files against the world a test file starts (known once its beforeAll ran). */
export function dealReads(world: () => OfficeWorld) {
  const getDeal = async (id: string, token = world().tokens.admin) => (await world().api<Deal>('GET', `/api/deals/${id}`, { token })).body;
  return {
    getDeal,
    signedDeal: (id: string) =>
      until(() => getDeal(id), (d) => d.stage === 'agreement_signed' && d.executed_copy !== null, 'the deal is signed'),
    async download(path: string, token: string) {
      const res = await fetch(`${world().server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) };
    },
  };
}
