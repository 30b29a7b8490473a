import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Contact } from '@shared/schemas/crm';
import type { Deal } from '@shared/schemas/deals';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const deal = async (body: Record<string, unknown>) => {
  const res = await w.api<Deal>('POST', '/api/deals', {
    token: w.tokens.admin,
    body: { deal_name: 'Read test', company_name: 'Orchid Labs', contact: { name: 'Olive Orchid', email: 'olive@orchid.example' }, location_id: w.loc('Bushwick'), offered_price: 1000, term_months: 6, ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('contacts and companies, read', () => {
  it('lists companies with their contact and deal counts and total deal value, and contacts with their company’s name', async () => {
    const first = await deal({});
    await deal({ deal_name: 'Second', contact: { name: 'Otto Orchid', email: 'otto@orchid.example' }, offered_price: 500, term_months: null, term_days: null });
    const companies = (await w.api<Company[]>('GET', '/api/companies?q=orchid', { token: w.tokens.viewer })).body;
    expect(companies).toHaveLength(1);
    expect(companies[0]).toMatchObject({ id: first.company_id, name: 'Orchid Labs', status: 'Prospect', contact_count: 2, deal_count: 2, total_deal_value: 6_000 + 6_000 });
    const contacts = (await w.api<Contact[]>('GET', `/api/contacts?company_id=${first.company_id}`, { token: w.tokens.manager })).body;
    expect(contacts.map((c) => [c.name, c.company_name])).toEqual([
      ['Olive Orchid', 'Orchid Labs'],
      ['Otto Orchid', 'Orchid Labs'],
    ]);
    expect((await w.api<Contact[]>('GET', '/api/contacts?q=OTTO@', { token: w.tokens.admin })).body.map((c) => c.email)).toEqual(['otto@orchid.example']);
    expect((await w.api<Contact[]>('GET', '/api/contacts?status=Member&q=orchid', { token: w.tokens.admin })).body).toEqual([]);
    const one = await w.api<Company>('GET', `/api/companies/${first.company_id}`, { token: w.tokens.admin });
    expect(one.body).toEqual(companies[0]);
    expect((await w.api<Contact>('GET', `/api/contacts/${first.contact_id}`, { token: w.tokens.admin })).body.email).toBe('olive@orchid.example');
  });

  it('links a new deal to an existing company and contact by id, creating no duplicates', async () => {
    const [company] = (await w.api<Company[]>('GET', '/api/companies?q=orchid labs', { token: w.tokens.admin })).body;
    const [contact] = (await w.api<Contact[]>('GET', '/api/contacts?q=olive', { token: w.tokens.admin })).body;
    const linked = await deal({ deal_name: 'Third', company_id: company!.id, contact_id: contact!.id, company_name: 'Orchid Labs', contact: { name: 'Olive Orchid', email: 'olive@orchid.example' } });
    expect([linked.company_id, linked.contact_id]).toEqual([company!.id, contact!.id]);
    expect((await w.api<Company[]>('GET', '/api/companies?q=orchid', { token: w.tokens.admin })).body).toHaveLength(1);
    expect((await w.api<Contact[]>('GET', '/api/contacts?q=orchid', { token: w.tokens.admin })).body).toHaveLength(2);
    expect((await w.api<Company>('GET', `/api/companies/${company!.id}`, { token: w.tokens.admin })).body.deal_count).toBe(3);
  });

  it('answers 404 for an unknown id, 400 for bad filters, 401 without a token', async () => {
    const missing = await w.api('GET', '/api/companies/00000000-0000-4000-8000-000000000000', { token: w.tokens.admin });
    expect([missing.status, missing.body.message]).toEqual([404, 'Company not found']);
    expect((await w.api('GET', '/api/contacts/00000000-0000-4000-8000-000000000000', { token: w.tokens.admin })).body.message).toBe('Contact not found');
    const bad = await w.api('GET', '/api/contacts?status=Lead', { token: w.tokens.admin });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Status must be one of Prospect, Member, Former Member');
    expect((await w.api('GET', '/api/companies?company_id=x', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/contacts')).status).toBe(401);
  });
});
