import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportProgress } from '@shared/imports';
import { LOCATION_REFUSAL, POLICY } from '@shared/policy';
import type { Office } from '@shared/schemas/offices';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const preview = (body: Record<string, unknown>, token = w.tokens.admin) => w.api<ImportPreview & { message?: string }>('POST', '/api/imports/preview', { token, body });

/** POST /api/imports, read to the end: its status and every NDJSON line. */
async function runImport(body: Record<string, unknown>, token = w.tokens.admin): Promise<{ status: number; lines: ImportProgress[]; text: string }> {
  const res = await fetch(`${w.server.url}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  const lines = res.headers.get('content-type')?.includes('ndjson') ? text.trim().split('\n').map((l) => JSON.parse(l) as ImportProgress) : [];
  return { status: res.status, lines, text };
}

const csv = (...lines: string[]) => lines.join('\r\n');
const offices = async () => (await w.api<Office[]>('GET', '/api/offices', { token: w.tokens.admin })).body;

describe('CSV import', () => {
  it('previews offices with the mapping detected from the header and every row’s problems named, writing nothing', async () => {
    const before = (await offices()).length;
    const existing = await w.newOffice('Bushwick');
    const file = csv(
      'Office #,Location,Desks,Monthly,Windowed,Notes',
      'IMP-1,55 Broadway,4,"$3,200",yes,corner',
      'IMP-2,,2,1000,no,',
      'IMP-3,Atlantis,2,1000,no,',
      'IMP-1,55 Broadway,6,4000,no,again',
      `${existing.office_number},Bushwick,2,900,no,`,
      'IMP-4,60 Broad,many,900,maybe,',
    );
    const res = await preview({ kind: 'offices', csv: file });
    expect(res.status, res.text).toBe(200);
    expect(res.body.mapping).toEqual(['office_number', 'location', 'desks', 'monthly_rate', 'windowed', null]);
    expect(res.body.problems).toEqual([]);
    expect(res.body.rows.map((r) => [r.line, r.problems])).toEqual([
      [2, []],
      [3, ['Missing location']],
      [4, ['Unknown location “Atlantis”']],
      [5, ['Same office as line 2']],
      [6, [`Office ${existing.office_number} already exists at Bushwick`]],
      [7, ['Desks must be a number', 'Windowed must be true or false']],
    ]);
    expect(res.body.rows[0]!.values).toMatchObject({ office_number: 'IMP-1', location: '55 Broadway', monthly_rate: '$3,200' });
    expect([res.body.valid, res.body.invalid]).toEqual([1, 5]);
    expect((await offices()).length).toBe(before + 1);
  });

  it('imports the valid rows in one transaction with progress, skips the rest, and pushes the new rows', async () => {
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.manager });
    await socket.ready;
    const file = csv(
      'office_number,location,desks,floor,monthly_rate,six_month_rate,twelve_month_rate,windowed',
      'BULK-1,55 Broadway,3,4,2400,2300,2200,TRUE',
      'BULK-2,Greenpoint,1,1,900,,,0',
      'BULK-3,nowhere,1,1,900,,,0',
    );
    const { status, lines } = await runImport({ kind: 'offices', csv: file });
    expect(status).toBe(200);
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 2 });
    expect(lines.at(-2)).toEqual({ type: 'progress', done: 2, total: 2 });
    const done = lines.at(-1)!;
    expect(done).toMatchObject({ type: 'done', imported: 2, skipped: 1 });
    const [first, last] = (done as { positions: [number, number] }).positions;
    expect(last - first).toBe(1);

    const all = await offices();
    const one = all.find((o) => o.office_number === 'BULK-1')!;
    expect(one).toMatchObject({ desks: 3, floor: 4, windowed: true, status: 'VACANT', location_name: '55 Broadway', marketed_rates: { monthly: 2400, six_month: 2300, twelve_month: 2200 } });
    expect(all.find((o) => o.office_number === 'BULK-2')).toMatchObject({ marketed_rates: { monthly: 900, six_month: 900, twelve_month: 900 } });
    expect(all.some((o) => o.office_number === 'BULK-3')).toBe(false);
    // The manager's socket hears of the 55 Broadway office, never of the Greenpoint one.
    await socket.until((m) => m.some((x) => x.changes.some((c) => c.id === one.id)), 'the imported office');
    await w.settled();
    const greenpoint = all.find((o) => o.office_number === 'BULK-2')!;
    expect(JSON.stringify(socket.changes)).not.toContain(greenpoint.id);
    socket.close();
  });

  it('imports members, naming duplicate and bad e-mails, and a file without a required column imports nothing', async () => {
    const file = csv(
      'Company,Location,Primary contact,Email,Phone,Membership',
      'Lumen Labs,Center City,Ada Byron,ada@lumen.example,(215) 555-0101,Premium',
      'Lumen Labs 2,Center City,Ada Twin,ADA@lumen.example,,',
      'Quill & Co,East Austin,Ben Quill,not-an-email,,',
      'Orbit,East Austin,Oli Orbit,oli@orbit.example,,Platinum',
    );
    const checked = await preview({ kind: 'members', csv: file });
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.mapping).toEqual(['company_name', 'location', 'contact_name', 'contact_email', 'contact_phone', 'membership_type']);
    expect(checked.body.rows.map((r) => r.problems)).toEqual([
      [],
      ['Same member as line 2'],
      ['Enter a valid e-mail address'],
      ['Membership type must be one of Premium, Standard, Basic'],
    ]);
    const { lines } = await runImport({ kind: 'members', csv: file });
    expect(lines.at(-1)).toMatchObject({ type: 'done', imported: 1, skipped: 3 });
    // Imported once: the same file again finds the member already there.
    const again = await preview({ kind: 'members', csv: file });
    expect(again.body.rows[0]!.problems).toEqual(['A member with the e-mail ada@lumen.example already exists']);

    const headless = await preview({ kind: 'members', csv: csv('Company,Location,Email', 'X,Center City,x@x.example') });
    expect(headless.body.problems).toEqual(['No column for contact name: name one in the mapping']);
    expect(headless.body.valid).toBe(0);
    // The user's own mapping fills the gap: the third column is the contact's name after all.
    const mapped = await preview({ kind: 'members', csv: csv('Company,Location,Who,Email', 'X,Center City,Xavier,x@x.example'), mapping: ['company_name', 'location', 'contact_name', 'contact_email'] });
    expect(mapped.body.valid).toBe(1);
  });

  it('refuses who may not import, rows at a manager’s other locations, and input it cannot read, each with a message', async () => {
    expect((await preview({ kind: 'members', csv: 'a' }, w.tokens.viewer)).status).toBe(403);
    const managerOffices = await preview({ kind: 'offices', csv: csv('office_number,location', 'M-1,55 Broadway') }, w.tokens.manager);
    expect(managerOffices.status).toBe(403);
    expect(managerOffices.body.message).toBe(POLICY['office.create'].refusal);
    const managerMembers = await preview({ kind: 'members', csv: csv('company,location,contact,email', 'Mine,55 Broadway,A B,a@b.example', 'Theirs,Greenpoint,C D,c@d.example') }, w.tokens.manager);
    expect(managerMembers.body.rows.map((r) => r.problems)).toEqual([[], [`${LOCATION_REFUSAL} (Greenpoint)`]]);

    const bad = async (body: Record<string, unknown>) => {
      const res = await preview(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.message;
    };
    expect(await bad({ kind: 'planets', csv: 'a,b' })).toContain('Kind must be one of offices, members');
    expect(await bad({ kind: 'offices', csv: '' })).toContain('The file is empty');
    expect(await bad({ kind: 'offices', csv: 'office_number,location\nA,B', mapping: ['office_number'] })).toBe('The mapping names 1 columns; the file has 2');
    expect(await bad({ kind: 'offices', csv: 'office_number,location\nA,B', mapping: ['office_number', 'galaxy'] })).toBe('Unknown column “galaxy” for offices');
    expect(await bad({ kind: 'offices', csv: 'a,"b\n1,2' })).toMatch(/^This is not a CSV file we can read/);
    expect(await bad({ kind: 'offices', csv: 'office_number,location', extra: 1 })).toBeTruthy();
  });

  it('imports two thousand rows as one transaction: all of them, in consecutive positions', async () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => `MANY-${i + 1},East Austin,${1 + (i % 8)},${1 + (i % 3)},${900 + i}`);
    const before = (await offices()).length;
    const { lines } = await runImport({ kind: 'offices', csv: csv('office,location,desks,floor,monthly', ...rows) });
    const done = lines.at(-1) as Extract<ImportProgress, { type: 'done' }>;
    expect(done).toMatchObject({ type: 'done', imported: 2_000, skipped: 0 });
    expect(done.positions![1] - done.positions![0]).toBe(1_999);
    expect(lines.filter((l) => l.type === 'progress').length).toBeGreaterThanOrEqual(20);
    expect((await offices()).length).toBe(before + 2_000);
  });

  it('imports companies, then contacts linked to them by name, naming unknown companies and repeated e-mails', async () => {
    const companies = csv('Company,Industry,Employees,Revenue', 'Quartz Quarry,Mining,40,"1,200,000"', 'Quartz Quarry,Mining,41,', 'Nimbus Nine,Cloud,x,');
    const checkedCompanies = await preview({ kind: 'companies', csv: companies });
    expect(checkedCompanies.body.mapping).toEqual(['name', 'industry', 'employee_count', 'annual_revenue']);
    expect(checkedCompanies.body.rows.map((r) => r.problems)).toEqual([[], ['Same company as line 2'], ['Employee count must be a number']]);
    expect((await runImport({ kind: 'companies', csv: companies })).lines.at(-1)).toMatchObject({ type: 'done', imported: 1, skipped: 2 });

    const contacts = csv(
      'Full name,E-mail,Job title,Company',
      'Quinn Quartz,quinn@quartz.example,CEO,quartz quarry',
      'Quinn Again,QUINN@quartz.example,,',
      'Lost Soul,lost@x.example,,Atlantis Inc',
      'Lost Twin,twin@x.example,,ATLANTIS INC',
    );
    const checked = await preview({ kind: 'contacts', csv: contacts });
    expect(checked.body.mapping).toEqual(['name', 'email', 'title', 'company']);
    // A company that does not exist is created with the first contact naming it; the preview says so.
    expect(checked.body.rows.map((r) => [r.problems, r.notes])).toEqual([
      [[], []],
      [['Same contact as line 2'], []],
      [[], ['Creates company “Atlantis Inc”']],
      [[], ['Joins company “Atlantis Inc”, created by this import']],
    ]);
    expect((await runImport({ kind: 'contacts', csv: contacts }, w.tokens.manager)).lines.at(-1)).toMatchObject({ type: 'done', imported: 3 });
    const [quartz] = (await w.api<{ id: string; contact_count: number; annual_revenue: number }[]>('GET', '/api/companies?q=quartz quarry', { token: w.tokens.viewer })).body;
    expect(quartz).toMatchObject({ contact_count: 1, annual_revenue: 1_200_000 });
    const atlantis = (await w.api<{ name: string; status: string; contact_count: number }[]>('GET', '/api/companies?q=atlantis', { token: w.tokens.viewer })).body;
    expect(atlantis).toHaveLength(1);
    expect(atlantis[0]).toMatchObject({ name: 'Atlantis Inc', status: 'Prospect', contact_count: 2 });
    // Imported: the same company named again is the one that now exists.
    const again = await preview({ kind: 'contacts', csv: csv('Name,Email,Company', 'Late Comer,late@x.example,atlantis inc') });
    expect(again.body.rows[0]).toMatchObject({ problems: [], notes: [] });
    expect((await preview({ kind: 'contacts', csv: contacts }, w.tokens.viewer)).status).toBe(403);
  });

  it('checks only the columns the file has: optional columns left out are no problem', async () => {
    const contacts = await preview({ kind: 'contacts', csv: csv('Name,Email', 'Only Two,only.two@x.example') });
    expect(contacts.body.rows.map((r) => r.problems)).toEqual([[]]);
    const offices = await preview({ kind: 'offices', csv: csv('Office,Location', 'OPT-1,Bushwick') });
    expect(offices.body.rows.map((r) => r.problems)).toEqual([[]]);
    const companies = await preview({ kind: 'companies', csv: csv('Name,Website', 'Optional Co,not a site') });
    expect(companies.body.rows.map((r) => r.problems)).toEqual([['Website must be a full http(s) address, such as https://example.com']]);
  });
});
