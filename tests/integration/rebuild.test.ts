import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pool } from '../../events/store/types';
import type { Projection } from '../../projections/engine/projection';
import { rebuildBeside } from '../../projections/engine/rebuildBeside';
import { ensureProjections, projections, rebuild } from '../../projections/registry';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
  // A little history beyond the seed: a new location and several edits.
  const created = await server.api('POST', '/api/locations', {
    token,
    body: { name: 'Fishtown', city: 'Philadelphia', address: '1 Frankford Ave, Philadelphia, PA', manager: 'Rae Kim', floors: [1] },
  });
  expect(created.status).toBe(201);
  for (const change of [{ manager: 'Ola Berg' }, { floors: [1, 2, 3] }, { name: 'Fishtown Works' }]) {
    const res = await server.api('PUT', `/api/locations/${created.body.id}`, { token, body: change });
    expect(res.status).toBe(200);
  }
  // Office and member history: contacts (a primary demoting another), a lease, a status change,
  // an assignment, a move to another office, a rename that changes the tenant, an unassignment.
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await server.api(method, path, { token, body });
    expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(300);
    return res.body;
  };
  const location_id = created.body.id as string;
  const a = await call('POST', '/api/offices', { office_number: '101', location_id, desks: 4, marketed_rates: { monthly: 2800 } });
  const b = await call('POST', '/api/offices', { office_number: '102', location_id, windowed: true });
  await call('POST', `/api/offices/${a.id}/contacts`, { name: 'Ana', email: 'ana@x.com', is_primary: true });
  const withTwo = await call('POST', `/api/offices/${a.id}/contacts`, { name: 'Bo', email: 'bo@x.com', is_primary: true });
  await call('DELETE', `/api/offices/${a.id}/contacts/${withTwo.contacts[0].id}`);
  await call('PUT', `/api/offices/${a.id}`, { signed_rate: 2700, lease_info: { term_months: 12, start_date: '2025-02-01' }, desks: 5 });
  await call('PATCH', `/api/offices/${b.id}/status`, { status: 'PENDING' });
  const m = await call('POST', '/api/members', { company_name: 'Kite Co', location_id, primary_contact: { name: 'K', email: 'k@x.com' } });
  await call('POST', `/api/members/${m.id}/employees`, { name: 'E', email: 'e@x.com' });
  await call('PATCH', `/api/members/${m.id}/office`, { office_id: a.id });
  await call('PATCH', `/api/members/${m.id}/office`, { office_id: b.id });
  await call('PUT', `/api/members/${m.id}`, { company_name: 'Kite Works' });
  const m2 = await call('POST', '/api/members', { company_name: 'Lark Co', location_id, primary_contact: { name: 'L', email: 'l@x.com' } });
  await call('PATCH', `/api/members/${m2.id}/office`, { office_id: a.id });
  await call('PATCH', `/api/members/${m2.id}/office`, { office_id: '' });
  // Rows that show an office's number or a location's name (joined at read time) move their
  // updated_at when either changes: a task at office b, then b renumbered; the location renamed
  // with offices, members and a task at it; a seeded location renamed and moved to another city
  // (its deals too).
  await call('POST', '/api/tasks', { title: 'Fix blinds', description: 'Office b', location_id, office_id: b.id });
  await call('PUT', `/api/offices/${b.id}`, { office_number: '102B' });
  await call('PUT', `/api/locations/${location_id}`, { name: 'Fishtown Yard' });
  const [deal] = await call('GET', '/api/deals');
  await call('PUT', `/api/locations/${deal.location_id}`, { name: 'Renamed With Deals', city: 'Camden' });
  // Deals: a move and its undoing, an edit. Tasks: an edit and a status change.
  await call('PATCH', `/api/deals/${deal.id}/stage`, { stage: deal.stage === 'tour_booked' ? 'tour_completed' : 'tour_booked' });
  await call('POST', `/api/deals/${deal.id}/undo`, {});
  await call('PUT', `/api/deals/${deal.id}`, { probability: 35, notes: 'Edited before the rebuild' });
  const [task] = await call('GET', '/api/tasks');
  await call('PUT', `/api/tasks/${task.id}`, { title: 'Edited before the rebuild' });
  // CRM: a company renamed (its contacts pushed again), a contact and a deal moved to another
  // company (the figures of both change), a contact deleted, and a company deleted with its contacts.
  const companies = await call('GET', '/api/companies');
  const contacts = await call('GET', '/api/contacts');
  await call('PUT', `/api/companies/${companies[0].id}`, { name: 'Renamed Company' });
  const moved = contacts.find((c: { company_id: string | null }) => c.company_id && c.company_id !== companies[1].id);
  await call('PUT', `/api/contacts/${moved.id}`, { company_id: companies[1].id });
  await call('PUT', `/api/deals/${deal.id}`, { company_id: companies[1].id });
  await call('DELETE', `/api/contacts/${contacts[contacts.length - 1].id}`);
  const doomed = await call('POST', '/api/companies', { name: 'Short Lived' });
  await call('POST', '/api/contacts', { name: 'Brief', email: 'brief@x.com', company_id: doomed.id });
  await call('DELETE', `/api/companies/${doomed.id}`);
  // A user registered, edited with a new password, then deleted; another kept.
  const kept = await call('POST', '/api/users', { name: 'Kept User', email: 'kept@x.com', password: 'Passw0rd!long' });
  await call('PUT', `/api/users/${kept.id}`, { name: 'Kept User Renamed', password: 'An0ther-passw0rd' });
  const gone = await call('POST', '/api/users', { name: 'Gone User', email: 'gone@x.com', password: 'Passw0rd!long' });
  await call('DELETE', `/api/users/${gone.id}`);
  // Templates: versions kept for one, another deleted with its history.
  const t = await call('POST', '/api/templates', { name: 'Kept', category: 'Email', content: 'Hi [Name]' });
  await call('PUT', `/api/templates/${t.id}`, { content: 'Hello [Name] at [Place]', description: 'Greeting' });
  const goneTemplate = await call('POST', '/api/templates', { name: 'Gone', category: 'Social', content: 'Bye' });
  await call('PUT', `/api/templates/${goneTemplate.id}`, { content: 'Bye [Name]' });
  await call('DELETE', `/api/templates/${goneTemplate.id}`);
  // System settings (a key set, then removed; time off changed twice) and a deleted document.
  await call('PUT', '/api/settings/system', { crm_api_key: 'crm_rebuild_key_1', vacation_days: 30 });
  await call('PUT', '/api/settings/system', { crm_api_key: null, company_holidays: 10 });
  const [document] = await call('GET', '/api/resources');
  await call('DELETE', `/api/resources/${document.id}`);
  // A deal's agreement sent, viewed and signed through the public page; the signing process then
  // leases its offices (or says why it cannot) and stores the executed copy.
  const o1 = await call('POST', '/api/offices', { office_number: '301', location_id, desks: 2, marketed_rates: { monthly: 500 } });
  const o2 = await call('POST', '/api/offices', { office_number: '302', location_id, desks: 6, marketed_rates: { monthly: 1500 } });
  const signed = await call('POST', '/api/deals', {
    deal_name: 'Rebuilt Signing', company_name: 'Quill Co', contact: { name: 'Quinn', email: 'quinn@quill.example' }, location_id,
    offered_price: 2400, office_ids: [o1.id, o2.id], start_date: '2026-01-01', term_months: 12,
  });
  await call('PATCH', `/api/deals/${signed.id}/stage`, { stage: 'tour_completed' });
  await call('POST', `/api/deals/${signed.id}/agreement`, {});
  const { signing_url } = await call('POST', `/api/deals/${signed.id}/signature`, {});
  const link = new URL(signing_url as string).pathname.split('/').pop()!;
  expect((await server.api('GET', `/api/signing/${link}`)).status).toBe(200);
  expect((await server.api('POST', `/api/signing/${link}`, { body: { signer_name: 'Quinn Q', accept: true } })).status).toBe(200);
  const deadline = Date.now() + 15_000;
  while ((await call('GET', `/api/deals/${signed.id}`)).stage !== 'agreement_signed') {
    if (Date.now() > deadline) throw new Error('the signing process did not sign the deal');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
afterAll(async () => {
  await server.stop();
});

/** Every row of every table every projection owns, in a stable order. */
async function snapshot(sql: Pool) {
  const tables: Record<string, unknown[]> = {};
  for (const projection of projections) {
    for (const table of projection.tables) {
      // Every column in the order: some read models (stays in a stage) have no id.
      tables[table] = await sql.unsafe(`SELECT * FROM ${table} t ORDER BY t::text`);
    }
  }
  return tables;
}

describe('rebuild', () => {
  it('gives exactly the rows the live projections built, for every read model', async () => {
    const { sql } = server.deps;
    const live = await snapshot(sql);
    expect(live.locations).toHaveLength(9);
    expect(live.users).toHaveLength(4);
    // The demo seed's ~120 offices and ~150 member companies, plus the two and two above.
    expect(live.offices!.length).toBeGreaterThanOrEqual(110);
    expect(live.members!.length).toBeGreaterThanOrEqual(140);
    expect(live.offices!.filter((o) => (o as { status: string }).status === 'LEASED').length).toBeGreaterThan(60);
    expect(live.offices).toContainEqual(expect.objectContaining({ office_number: '102B', tenant: 'Kite Works', status: 'LEASED' }));
    expect(live.offices).toContainEqual(expect.objectContaining({ office_number: '101', tenant: null, status: 'VACANT', term_months: 12 }));
    expect(live.templates).toContainEqual(expect.objectContaining({ name: 'Kept', content: 'Hello [Name] at [Place]', version: 2 }));
    expect(live.templates).not.toContainEqual(expect.objectContaining({ name: 'Gone' }));
    // The dashboard's counts: a row of totals per location with offices, and rows by day.
    expect(live.location_counts!.filter((c) => (c as { day: unknown }).day === null).length).toBeGreaterThanOrEqual(8);
    expect(live.location_counts!.some((c) => (c as { day: unknown }).day !== null)).toBe(true);
    expect(live.template_versions!.filter((v) => (v as { name: string }).name === 'Kept')).toHaveLength(2);
    // The deal history: a stretch per deal event, the signed deal's last one open in Agreement Signed.
    expect(live.deal_history!.length).toBeGreaterThan(live.deals!.length);
    expect(live.deal_history).toContainEqual(expect.objectContaining({ stage: 'agreement_signed', kind: 'signed', valid_to: null }));
    expect(live.deal_history).toContainEqual(expect.objectContaining({ kind: 'edited', changes: expect.arrayContaining([{ field: 'probability', from: expect.any(Number), to: 35 }]) }));
    const replayed = await rebuild(sql);
    expect(replayed).toBeGreaterThan(2000);
    expect(await snapshot(sql)).toEqual(live);
  });

  it('builds every read model in memory: each handler of each projection folds', () => {
    // A handler without `fold` sends its whole projection back to one statement per event.
    expect(projections.filter((p) => !p.fold).map((p) => p.name)).toEqual([]);
  });

  it('gives the same rows when the log is read a few positions at a time (streams span many reads)', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    await rebuildBeside(sql, projections, undefined, { batch: 7 });
    expect(await snapshot(sql)).toEqual(before);
  });

  it('gives the same rows when some read models are built by their statements, beside folded ones', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    const bySql = new Set(['offices', 'deals', 'companies', 'tasks', 'templates', 'office_history', 'deal_history']);
    const mixed: Projection[] = projections.map((p) => (bySql.has(p.name) ? { ...p, fold: undefined } : p));
    await rebuildBeside(sql, mixed, undefined, { batch: 500 });
    expect(await snapshot(sql)).toEqual(before);
  });

  it('creates every index each table.sql declares, though after the rows', async () => {
    const { sql } = server.deps;
    await rebuild(sql);
    const tables = projections.flatMap((p) => p.tables);
    const indexes = (schema: string) => sql<{ indexname: string; indexdef: string }[]>`
      SELECT indexname, replace(indexdef, ${`${schema}.`}, '') AS indexdef FROM pg_indexes
      WHERE schemaname = ${schema} AND tablename = ANY(${tables}) ORDER BY indexname`;
    // The DDL run whole, as written, in a schema of its own.
    await sql.unsafe('CREATE SCHEMA ddl_as_written');
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe('SET LOCAL search_path TO ddl_as_written');
        for (const projection of projections) await tx.unsafe(projection.ddl);
      });
      const declared = await indexes('ddl_as_written');
      expect(declared.length).toBeGreaterThan(tables.length);
      expect(await indexes('public')).toEqual(declared);
    } finally {
      await sql.unsafe('DROP SCHEMA ddl_as_written CASCADE');
    }
  });

  it('rebuilds a read model whose schema version changed, at start-up', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    await sql`UPDATE projection_versions SET version = 0 WHERE name = 'locations'`;
    await sql`DELETE FROM locations`;
    expect(await ensureProjections(sql)).toEqual(['locations']);
    expect(await snapshot(sql)).toEqual(before);
    expect(await ensureProjections(sql)).toEqual([]);
  });

  it('rebuilds the offices and members read models on their own', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    await sql`UPDATE projection_versions SET version = 0 WHERE name IN ('offices', 'members')`;
    await sql`DELETE FROM offices`;
    await sql`UPDATE members SET company_name = 'garbage'`;
    expect((await ensureProjections(sql)).sort()).toEqual(['members', 'offices']);
    expect(await snapshot(sql)).toEqual(before);
  });

  it('given a transaction that read one of the tables the swap replaces and then reads another it holds, then the swap gives way and is tried again', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    const templates = projections.find((p) => p.name === 'templates')!;
    const [first, second] = templates.tables as [string, string];
    const swapWaitsOn = async (table: string) => {
      const [row] = await sql<{ waiting: boolean }[]>`
        SELECT EXISTS (SELECT 1 FROM pg_locks WHERE relation = ${`public.${table}`}::regclass AND NOT granted) AS waiting`;
      return row!.waiting;
    };
    // The swap locks `first`, then waits for `second`, which this transaction read; this one then
    // reads `first`. Each waits for the other: PostgreSQL rolls back the one whose deadlock check
    // runs first, the swap's (after the default second; this one's is put off).
    const reader = sql.begin(async (tx) => {
      await tx.unsafe(`SET LOCAL deadlock_timeout = '60s'`);
      await tx.unsafe(`SELECT count(*) FROM ${second}`);
      const deadline = Date.now() + 30_000;
      while (!(await swapWaitsOn(second))) {
        if (Date.now() > deadline) throw new Error(`the swap never waited for ${second}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const [row] = await tx.unsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM ${first}`);
      return row!.count;
    });
    const rebuilt = rebuildBeside(sql, [templates]);
    // The reader was not the victim: it read the table the swap had locked, as the swap gave way.
    expect(await reader).toBe((before[first] as unknown[]).length);
    await rebuilt;
    expect(await snapshot(sql)).toEqual(before);
  });
});

describe('the swap under readers that join tables in another order than it locks them', () => {
  /** Whether a lock on `table` is asked for and not granted yet. */
  const waitedOn = async (sql: Pool, table: string) => {
    const [row] = await sql<{ waiting: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_locks WHERE relation = ${`public.${table}`}::regclass AND NOT granted) AS waiting`;
    return row!.waiting;
  };
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('given a reader that holds a table the swap locks late and then waits for one it locks early, then the reader is never the deadlock victim', async () => {
    const { sql } = server.deps;
    const before = await snapshot(sql);
    // Tables in the order the swap locks them: locations, then offices, then tasks.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A long read of offices holds the swap up between locations and tasks.
    const holder = sql.begin(async (tx) => {
      await tx`SELECT count(*) FROM offices`;
      await released;
    });
    // The reader has read tasks, and reads locations once the swap waits for offices: it waits
    // for the swap first, so when the swap then asks for tasks, the reader's deadlock check would
    // come first and roll it back.
    const reader = sql.begin(async (tx) => {
      await tx`SELECT count(*) FROM tasks`;
      await until('the swap to wait for offices', () => waitedOn(sql, 'offices'));
      setTimeout(release, 100);
      const [row] = await tx<{ count: number }[]>`SELECT count(*)::int AS count FROM locations`;
      return row!.count;
    });
    const rebuilt = rebuildBeside(sql, projections);
    expect(await reader).toBe((before.locations as unknown[]).length);
    await holder;
    await rebuilt;
    expect(await snapshot(sql)).toEqual(before);
  });
});
