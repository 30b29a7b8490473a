import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { Company, Contact } from '@shared/schemas/crm';
import type { Deal } from '@shared/schemas/deals';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const post = <T>(path: string, body: Record<string, unknown>, token = w.tokens.manager) => w.api<T & { message?: string }>('POST', path, { token, body });

describe('contacts and companies, written', () => {
  it('creates them with the spec’s messages for what is missing, and the company counts its contacts', async () => {
    const noName = await post('/api/companies', { industry: 'Tech' });
    expect([noName.status, noName.body.message]).toEqual([400, 'Company name is required']);
    const company = await post<Company>('/api/companies', { name: 'Wren & Co', industry: 'Design', employee_count: 12 });
    expect(company.status, company.text).toBe(201);
    expect(company.body).toMatchObject({ name: 'Wren & Co', status: 'Prospect', contact_count: 0, deal_count: 0, total_deal_value: 0, version: 1 });

    for (const body of [{ name: 'No Mail' }, { email: 'x@y.example' }, { name: ' ', email: ' ' }]) {
      const res = await post('/api/contacts', body);
      expect([res.status, res.body.message], JSON.stringify(body)).toEqual([400, 'Name and email are required']);
    }
    const unknownCompany = await post('/api/contacts', { name: 'A', email: 'a@b.example', company_id: '00000000-0000-4000-8000-000000000000' });
    expect([unknownCompany.status, unknownCompany.body.message]).toEqual([400, 'Company not found']);
    const contact = await post<Contact>('/api/contacts', { name: 'Wendy Wren', email: 'wendy@wren.example', company_id: company.body.id, title: 'COO' });
    expect(contact.status, contact.text).toBe(201);
    expect(contact.body).toMatchObject({ company_name: 'Wren & Co', status: 'Prospect', title: 'COO' });
    const loose = await post<Contact>('/api/contacts', { name: 'Lone Ranger', email: 'lone@x.example', company_id: '' });
    expect(loose.body.company_id).toBeNull();
    expect((await w.api<Company>('GET', `/api/companies/${company.body.id}`, { token: w.tokens.viewer })).body.contact_count).toBe(1);
    expect((await post('/api/contacts', { name: 'V', email: 'v@x.example' }, w.tokens.viewer)).status).toBe(403);
  });

  it('edits, changes status and refuses stale versions, naming who changed what; the timeline has the old and new values', async () => {
    const contact = (await post<Contact>('/api/contacts', { name: 'Ed Edit', email: 'ed@edit.example' })).body;
    const edited = await w.api<Contact>('PUT', `/api/contacts/${contact.id}`, { token: w.tokens.admin, body: { ...contact, title: 'CEO' } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ title: 'CEO', version: 2 });
    const stale = await w.api('PUT', `/api/contacts/${contact.id}`, { token: w.tokens.manager, body: { title: 'CTO', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('Alex Morgan changed this');
    const status = await w.api<Contact>('PATCH', `/api/contacts/${contact.id}/status`, { token: w.tokens.manager, body: { status: 'Member' } });
    expect(status.body.status).toBe('Member');
    expect((await w.api('PATCH', `/api/contacts/${contact.id}/status`, { token: w.tokens.manager, body: { status: 'Lead' } })).status).toBe(400);
    expect((await w.api('PUT', `/api/contacts/${contact.id}`, { token: w.tokens.manager, body: { shoe_size: 9 } })).status).toBe(400);
    expect((await w.api('PUT', '/api/contacts/00000000-0000-4000-8000-000000000000', { token: w.tokens.manager, body: { title: 'X' } })).body.message).toBe('Contact not found');

    const history = (await w.api<ActivityEntry[]>('GET', `/api/events?entity_id=${contact.id}`, { token: w.tokens.viewer })).body;
    expect(history.map((e) => e.summary)).toEqual(['Jordan Lee edited contact Ed Edit (status)', 'Alex Morgan edited contact Ed Edit (title)', 'Jordan Lee added contact Ed Edit']);
    expect(history[1]!.changes).toEqual([{ field: 'title', from: null, to: 'CEO' }]);
  });

  it('pushes contacts and companies to every signed-in socket, with the company’s figures following its contacts and deals', async () => {
    const company = (await post<Company>('/api/companies', { name: 'Pulse Partners' })).body;
    await w.settled();
    const viewer = listen(w.server.url, { token: w.tokens.viewer });
    const manager = listen(w.server.url, { token: w.tokens.manager });
    await Promise.all([viewer.ready, manager.ready]);
    const row = (l: typeof viewer) => l.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'companies' && c.id === company.id).at(-1)?.row as Company | undefined;

    await post('/api/contacts', { name: 'Pia Pulse', email: 'pia@pulse.example', company_id: company.id }, w.tokens.admin);
    await viewer.until(() => row(viewer)?.contact_count === 1, 'the company with one contact');
    await manager.until(() => row(manager)?.contact_count === 1, 'the company with one contact');

    const deal = await post<Deal>('/api/deals', { deal_name: 'Pulse HQ', company_name: 'Pulse Partners', company_id: company.id, contact: { name: 'Pia Pulse', email: 'pia@pulse.example' }, location_id: w.loc('Greenpoint'), offered_price: 1000, term_months: 10 }, w.tokens.admin);
    expect(deal.status, deal.text).toBe(201);
    // The deal is at Greenpoint, outside the manager's locations; its company is everyone's, and
    // each reader's figures count the deals that reader may see.
    await viewer.until(() => row(viewer)?.deal_count === 1 && row(viewer)?.total_deal_value === 10_000, 'the company with the deal');
    await manager.until(() => row(manager)?.updated_at === row(viewer)?.updated_at, 'the company as the manager reads it');
    expect(row(manager)).toMatchObject({ deal_count: 0, total_deal_value: 0, contact_count: 1 });
    expect(await w.api('PUT', `/api/deals/${deal.body.id}`, { token: w.tokens.admin, body: { offered_price: 2000 } }).then((r) => r.status)).toBe(200);
    await viewer.until(() => row(viewer)?.total_deal_value === 20_000, 'the company with the new deal value');
    await manager.until(() => row(manager)?.updated_at === row(viewer)?.updated_at, 'the company as the manager reads it');
    expect((await w.api<Company>('GET', `/api/companies/${company.id}`, { token: w.tokens.manager })).body).toEqual(row(manager));
    expect((await w.api<Company>('GET', `/api/companies/${company.id}`, { token: w.tokens.viewer })).body).toEqual(row(viewer));
    viewer.close();
    manager.close();
  });

  it('deletes a company with its contacts in one go; a viewer may not', async () => {
    const company = (await post<Company>('/api/companies', { name: 'Gone Ltd' })).body;
    const a = (await post<Contact>('/api/contacts', { name: 'Gale Gone', email: 'gale@gone.example', company_id: company.id })).body;
    const b = (await post<Contact>('/api/contacts', { name: 'Gus Gone', email: 'gus@gone.example', company_id: company.id })).body;
    expect((await w.api('DELETE', `/api/companies/${company.id}`, { token: w.tokens.viewer })).status).toBe(403);
    expect((await w.api('DELETE', `/api/companies/${company.id}`, { token: w.tokens.manager })).status).toBe(204);
    expect((await w.api('GET', `/api/companies/${company.id}`, { token: w.tokens.admin })).status).toBe(404);
    for (const c of [a, b]) expect((await w.api('GET', `/api/contacts/${c.id}`, { token: w.tokens.admin })).status).toBe(404);
    expect((await w.api('DELETE', `/api/companies/${company.id}`, { token: w.tokens.manager })).body.message).toBe('Company not found');
    const loose = (await post<Contact>('/api/contacts', { name: 'Solo', email: 'solo@x.example' })).body;
    expect((await w.api('DELETE', `/api/contacts/${loose.id}`, { token: w.tokens.manager })).status).toBe(204);
  });

  it('refuses a delete sent with a version someone has changed since, naming who; the current version deletes', async () => {
    const contact = (await post<Contact>('/api/contacts', { name: 'Vera Version', email: 'vera@version.example' })).body;
    const company = (await post<Company>('/api/companies', { name: 'Version Ltd' })).body;
    expect((await w.api('PUT', `/api/contacts/${contact.id}`, { token: w.tokens.admin, body: { title: 'CEO' } })).status).toBe(200);
    expect((await w.api('PUT', `/api/companies/${company.id}`, { token: w.tokens.admin, body: { industry: 'Software' } })).status).toBe(200);
    const staleContact = await w.api('DELETE', `/api/contacts/${contact.id}`, { token: w.tokens.manager, body: { version: contact.version } });
    expect(staleContact.status).toBe(409);
    expect(staleContact.body.message).toBe('Alex Morgan changed this contact (title) since you opened it. Reload to see the change.');
    const staleCompany = await w.api('DELETE', `/api/companies/${company.id}`, { token: w.tokens.manager, body: { version: company.version } });
    expect(staleCompany.status).toBe(409);
    expect(staleCompany.body.message).toBe('Alex Morgan changed this company (industry) since you opened it. Reload to see the change.');
    // Refused, so nothing was deleted; the version seen now deletes.
    expect((await w.api('GET', `/api/contacts/${contact.id}`, { token: w.tokens.admin })).status).toBe(200);
    expect((await w.api('DELETE', `/api/contacts/${contact.id}`, { token: w.tokens.manager, body: { version: contact.version + 1 } })).status).toBe(204);
    expect((await w.api('DELETE', `/api/companies/${company.id}`, { token: w.tokens.manager, body: { version: company.version + 1 } })).status).toBe(204);
  });
});
