import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { ChangeMessage } from '@shared/realtime';
import type { ErrorBody } from '@shared/schemas/common';
import { KEY_MASK, SYSTEM_SETTINGS_ID, type CompanySettings, type SystemSettings } from '@shared/schemas/settings';
import { listen, type Listener } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const system = (token = w.tokens.admin) => w.api<SystemSettings & ErrorBody>('GET', '/api/settings/system', { token });
const company = (token = w.tokens.viewer) => w.api<CompanySettings & ErrorBody>('GET', '/api/settings/company', { token });
const put = (body: Record<string, unknown>, token = w.tokens.admin) => w.api<SystemSettings & ErrorBody>('PUT', '/api/settings/system', { token, body });

/** Everything the database holds about the settings, as text: the log's events and the read model. */
async function everythingStored(): Promise<string> {
  const events = await w.server.deps.sql<{ text: string }[]>`SELECT data::text || metadata::text AS text FROM events WHERE stream_type = 'settings'`;
  const rows = await w.server.deps.sql<{ text: string }[]>`SELECT s::text AS text FROM system_settings s`;
  return [...events, ...rows].map((r) => r.text).join('\n');
}

describe('company time off', () => {
  it('is 12 holidays and 25 vacation days until an administrator changes it, read by everyone signed in', async () => {
    for (const token of [w.tokens.viewer, w.tokens.manager, w.tokens.admin]) {
      const res = await company(token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: SYSTEM_SETTINGS_ID, company_holidays: 12, vacation_days: 25, version: 0 });
    }
    expect((await w.api('GET', '/api/settings/company')).status).toBe(401);
    expect((await system()).body).toMatchObject({ crm_api_key: null, crm_api_key_set: false, crm_api_key_problem: null, company_holidays: 12, vacation_days: 25 });
  });
});

describe('GET and PUT /api/settings/system', () => {
  it('are for administrators only', async () => {
    for (const token of [w.tokens.manager, w.tokens.viewer]) {
      const read = await system(token);
      expect(read.status).toBe(403);
      expect(read.body.message).toBe('Requires the admin role');
      expect((await put({ vacation_days: 30 }, token)).status).toBe(403);
      expect((await put({ crm_api_key: 'sk_live_nobody_else' }, token)).status).toBe(403);
    }
    expect((await w.api('GET', '/api/settings/system')).status).toBe(401);
    expect((await company()).body.vacation_days).toBe(25);
  });

  it('store the CRM key encrypted and always answer it masked: the key is in no event, no row and no log line', async () => {
    const key = 'crm_live_9f8e7d6c5b4a3210zyxw';
    const res = await put({ crm_api_key: key });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ crm_api_key: `${KEY_MASK}zyxw`, crm_api_key_set: true, crm_api_key_problem: null });
    expect((await system()).body.crm_api_key).toBe(`${KEY_MASK}zyxw`);
    expect(res.text).not.toContain(key);

    const stored = await everythingStored();
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('9f8e7d6c5b4a3210');
    const [event] = await w.server.deps.sql<{ data: { ciphertext: string } }[]>`
      SELECT data FROM events WHERE type = 'CrmApiKeySet' ORDER BY position DESC LIMIT 1`;
    expect(Object.keys(event!.data)).toEqual(['ciphertext']);
    expect(event!.data.ciphertext).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(w.server.logs.join('\n')).not.toContain(key);

    // The administrators' activity names the change and shows neither key nor ciphertext.
    const activity = await w.api<ActivityEntry[]>('GET', '/api/events?limit=5', { token: w.tokens.admin });
    const entry = activity.body.find((e) => e.type === 'CrmApiKeySet')!;
    expect(entry.summary).toBe('Alex Morgan changed the CRM API key');
    expect(entry.changes).toEqual([]);
    expect(JSON.stringify(activity.body)).not.toContain(event!.data.ciphertext);
    const viewerActivity = await w.api<ActivityEntry[]>('GET', '/api/events?limit=50', { token: w.tokens.viewer });
    expect(viewerActivity.body.some((e) => e.entity === 'settings')).toBe(false);
  });

  it('keep the key when the masked value comes back or the same key is typed again, and remove it on null', async () => {
    await put({ crm_api_key: 'crm_key_keep_1234' });
    const before = await system();
    const again = await put({ ...before.body });
    expect(again.status, again.text).toBe(200);
    expect(again.body.version).toBe(before.body.version);
    expect((await put({ crm_api_key: 'crm_key_keep_1234' })).body.version).toBe(before.body.version);

    const cleared = await put({ crm_api_key: null });
    expect(cleared.body).toMatchObject({ crm_api_key: null, crm_api_key_set: false, version: before.body.version + 1 });
    const emptied = await put({ crm_api_key: 'crm_key_empty_5678' });
    expect(emptied.body.crm_api_key).toBe(`${KEY_MASK}5678`);
    expect((await put({ crm_api_key: '' })).body.crm_api_key_set).toBe(false);
  });

  it('change holidays and vacation days for everyone, with a clear message for anything but a sane whole number', async () => {
    const res = await put({ company_holidays: 11, vacation_days: 27 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ company_holidays: 11, vacation_days: 27 });
    expect((await company(w.tokens.viewer)).body).toMatchObject({ company_holidays: 11, vacation_days: 27, version: res.body.version });

    const holidays = 'Company holidays must be a whole number from 0 to 60';
    const vacation = 'Vacation days must be a whole number from 0 to 100';
    const key = 'The CRM API key must be 8 to 256 characters, with no spaces';
    const cases: [Record<string, unknown>, string, string][] = [
      [{ company_holidays: -1 }, 'company_holidays', holidays],
      [{ company_holidays: 1.5 }, 'company_holidays', holidays],
      [{ company_holidays: 61 }, 'company_holidays', holidays],
      [{ company_holidays: '12' }, 'company_holidays', holidays],
      [{ vacation_days: 101 }, 'vacation_days', vacation],
      [{ vacation_days: null }, 'vacation_days', vacation],
      [{ crm_api_key: 'short' }, 'crm_api_key', key],
      [{ crm_api_key: 'has a space in it' }, 'crm_api_key', key],
      [{ crm_api_key: 12345678 }, 'crm_api_key', key],
      [{ crm_api_key: 'k'.repeat(257) }, 'crm_api_key', key],
      [{ theme: 'dark' }, 'theme', 'Unknown field'],
    ];
    for (const [body, field, message] of cases) {
      const bad = await put(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.fields, JSON.stringify(body)).toEqual([{ field, message }]);
    }
    expect((await put({ company_holidays: 0, vacation_days: 100 })).body).toMatchObject({ company_holidays: 0, vacation_days: 100 });
  });

  it('refuse a stale version, naming who changed the settings since', async () => {
    const current = (await system()).body;
    expect((await put({ vacation_days: 20, version: current.version })).status).toBe(200);
    const stale = await put({ vacation_days: 21, version: current.version });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Alex Morgan');
    expect((await company()).body.vacation_days).toBe(20);
  });
});

describe('live company time off', () => {
  let sockets: Record<'admin' | 'viewer', Listener>;
  beforeAll(async () => {
    await w.settled();
    sockets = { admin: listen(w.server.url, { token: w.tokens.admin }), viewer: listen(w.server.url, { token: w.tokens.viewer }) };
    await Promise.all(Object.values(sockets).map((s) => s.ready));
  });
  afterAll(() => {
    for (const socket of Object.values(sockets ?? {})) socket.close();
  });
  const settingsRows = (messages: ChangeMessage[]) => messages.flatMap((m) => m.changes.filter((c) => c.entity === 'company_settings'));

  it("reaches every socket as the company settings row, and nothing of the key reaches anyone's socket", async () => {
    const res = await put({ vacation_days: 31, crm_api_key: 'crm_live_socket_key_4242' });
    expect(res.status).toBe(200);
    for (const [role, socket] of Object.entries(sockets)) {
      await socket.until((m) => settingsRows(m).some((c) => c.row?.vacation_days === 31), `the new vacation days on the ${role} socket`);
      const row = settingsRows(socket.changes).at(-1)!.row!;
      expect(row).toEqual({ id: SYSTEM_SETTINGS_ID, company_holidays: res.body.company_holidays, vacation_days: 31, version: res.body.version, created_at: res.body.created_at, updated_at: res.body.updated_at });
      const sent = JSON.stringify(socket.changes);
      expect(sent).not.toContain('crm_live_socket_key_4242');
      expect(sent).not.toContain('ciphertext');
    }
    // The viewer gets the row alone, not the administrators' event.
    expect(sockets.viewer.changes.at(-1)!.event_type).toBe('RowsChanged');
  });
});
