import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAggregate, contactAggregate } from '../../events/crm/deciders';
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

const system = () => ({ userId: 'system', now: new Date() });
const get = async <T>(path: string, token = w.tokens.admin) => {
  const res = await w.api<T>('GET', path, { token });
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const rowCounts = async () => {
  const [row] = await w.server.deps.sql<{ companies: number; contacts: number }[]>`
    SELECT (SELECT count(*)::int FROM crm_companies) AS companies, (SELECT count(*)::int FROM crm_contacts) AS contacts`;
  return row!;
};

/** A company and one contact of it, written through the command path (their own routes come later). */
async function crmCompany(name: string, status: 'Prospect' | 'Member' | 'Former Member', contact: { name: string; email: string; title?: string }) {
  const companyId = randomUUID();
  const contactId = randomUUID();
  await w.server.deps.handle(
    companyAggregate,
    companyId,
    {
      type: 'CreateCompany',
      data: { id: companyId, name, industry: 'Publishing', website: null, phone: null, address: null, employee_count: 12, annual_revenue: null, main_contact_id: null, status, notes: null, lead_source: null },
    },
    system(),
  );
  await w.server.deps.handle(
    contactAggregate,
    contactId,
    {
      type: 'CreateContact',
      data: { id: contactId, name: contact.name, email: contact.email, phone: '(212) 555-0142', title: contact.title ?? null, company_id: companyId, status, notes: null, lead_source: null },
    },
    system(),
  );
  return { companyId, contactId };
}

describe('list filters', () => {
  it('filters companies and contacts by status, company and search text (any letter case, wildcards taken literally)', async () => {
    const quill = await crmCompany('Quill & Page Press', 'Member', { name: 'Quentin Quill', email: 'quentin@quill.example', title: 'Publisher' });
    const former = await crmCompany('Quarry 100% Stone', 'Former Member', { name: 'Fay Quarry', email: 'fay@quarry.example' });

    const members = await get<Company[]>('/api/companies?status=Member');
    expect(members.map((c) => c.id)).toContain(quill.companyId);
    expect(new Set(members.map((c) => c.status))).toEqual(new Set(['Member']));
    expect((await get<Company[]>('/api/companies?status=Prospect')).map((c) => c.id)).not.toContain(quill.companyId);
    expect((await get<Company[]>('/api/companies?status=Former%20Member&q=quarry')).map((c) => c.id)).toEqual([former.companyId]);
    // Search covers the name and the industry; "%" is a character, not "anything".
    expect((await get<Company[]>('/api/companies?q=QUILL%20%26')).map((c) => c.name)).toEqual(['Quill & Page Press']);
    expect((await get<Company[]>('/api/companies?q=100%25')).map((c) => c.name)).toEqual(['Quarry 100% Stone']);
    expect((await get<Company[]>('/api/companies?q=publishing')).map((c) => c.id).sort()).toEqual([quill.companyId, former.companyId].sort());

    const [contact] = await get<Contact[]>(`/api/contacts?company_id=${quill.companyId}`);
    expect(contact).toMatchObject({ id: quill.contactId, name: 'Quentin Quill', email: 'quentin@quill.example', phone: '(212) 555-0142', title: 'Publisher', company_id: quill.companyId, company_name: 'Quill & Page Press', status: 'Member' });
    expect((await get<Contact[]>('/api/contacts?status=Member')).map((c) => c.id)).toContain(quill.contactId);
    expect((await get<Contact[]>('/api/contacts?status=Prospect')).map((c) => c.id)).not.toContain(quill.contactId);
    expect((await get<Contact[]>(`/api/contacts?status=Prospect&company_id=${quill.companyId}`))).toEqual([]);
    // By e-mail and by title (the spec's contact search: name, e-mail or title).
    expect((await get<Contact[]>('/api/contacts?q=FAY@QUARRY')).map((c) => c.id)).toEqual([former.contactId]);
    expect((await get<Contact[]>('/api/contacts?q=publisher')).map((c) => c.id)).toEqual([quill.contactId]);
    // Everyone signed in reads them, whatever their locations.
    expect((await get<Contact>(`/api/contacts/${quill.contactId}`, w.tokens.viewer)).company_name).toBe('Quill & Page Press');
    expect((await get<Company>(`/api/companies/${quill.companyId}`, w.tokens.manager)).contact_count).toBe(1);
  });

  it('refuses unknown parameters and malformed ids by name', async () => {
    const unknown = await w.api('GET', '/api/contacts?stage=open', { token: w.tokens.admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual([{ field: 'stage', message: 'Unknown field' }]);
    const badCompany = await w.api('GET', '/api/contacts?company_id=42', { token: w.tokens.admin });
    expect([badCompany.status, badCompany.body.fields]).toEqual([400, [{ field: 'company_id', message: 'Must be a valid id' }]]);
    const badStatus = await w.api('GET', '/api/companies?status=member', { token: w.tokens.admin });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toBe('Invalid query: status: Status must be one of Prospect, Member, Former Member');
    expect((await w.api('GET', '/api/companies/not-an-id', { token: w.tokens.admin })).status).toBe(400);
  });
});

describe('company figures', () => {
  it('counts and totals each company as its deals and contacts stand, over the demo pipeline too', async () => {
    const companies = await get<Company[]>('/api/companies');
    const deals = await get<Deal[]>('/api/deals');
    const contacts = await get<Contact[]>('/api/contacts');
    expect(companies.filter((c) => c.deal_count > 0).length).toBeGreaterThan(5);
    for (const company of companies) {
      const own = deals.filter((d) => d.company_id === company.id);
      expect(company.deal_count, company.name).toBe(own.length);
      expect(company.total_deal_value, company.name).toBeCloseTo(own.reduce((sum, d) => sum + d.deal_value, 0), 2);
      expect(company.contact_count, company.name).toBe(contacts.filter((c) => c.company_id === company.id).length);
    }
  });

  it('follows a new deal, an edit of its price and term, and a deal moved to another company', async () => {
    const first = await deal({ deal_name: 'Figures A', company_name: 'Figures Works', contact: { name: 'Fig One', email: 'fig1@figures.example' }, offered_price: 1234.56, term_months: 6, term_days: 15 });
    await deal({ deal_name: 'Figures B', company_name: 'Figures Works', contact: { name: 'Fig Two', email: 'fig2@figures.example' }, offered_price: 999.99, term_months: null, term_days: 10 });
    const figures = async (id: string) => {
      const company = await get<Company>(`/api/companies/${id}`);
      const own = await get<Deal[]>(`/api/deals?company_id=${id}`);
      return { company, own, sum: own.reduce((total, d) => total + d.deal_value, 0) };
    };
    let now = await figures(first.company_id!);
    expect(now.own).toHaveLength(2);
    expect(now.company).toMatchObject({ deal_count: 2, contact_count: 2 });
    expect(now.company.total_deal_value).toBeCloseTo(now.sum, 2);
    expect(now.company.total_deal_value).toBeCloseTo(8024.64 + 333.33, 2);

    const edited = await w.api<Deal>('PUT', `/api/deals/${first.id}`, { token: w.tokens.admin, body: { offered_price: 2000, term_months: 12, term_days: null } });
    expect(edited.status, edited.text).toBe(200);
    now = await figures(first.company_id!);
    expect(now.company.total_deal_value).toBeCloseTo(24_000 + 333.33, 2);

    const other = await deal({ deal_name: 'Figures C', company_name: 'Other Figures', contact: { name: 'Fig Three', email: 'fig3@figures.example' }, offered_price: 100, term_months: 6 });
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.viewer });
    await socket.ready;
    const pushed = (id: string) => socket.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'companies' && c.id === id).at(-1)?.row as Company | undefined;
    const moved = await w.api<Deal>('PUT', `/api/deals/${first.id}`, { token: w.tokens.admin, body: { company_id: other.company_id } });
    expect(moved.status, moved.text).toBe(200);
    expect((await figures(first.company_id!)).company).toMatchObject({ deal_count: 1, total_deal_value: 333.33 });
    expect((await figures(other.company_id!)).company).toMatchObject({ deal_count: 2, total_deal_value: 24_000 + 600 });
    // Both companies reach the sockets as GET answers them: the one the deal left too.
    await socket.until(() => pushed(first.company_id!)?.deal_count === 1 && pushed(other.company_id!)?.deal_count === 2, 'both companies with their new figures');
    expect(pushed(first.company_id!)).toEqual(await get<Company>(`/api/companies/${first.company_id}`));
    socket.close();
  });
});

describe('company figures per reader', () => {
  it("count only the deals of the locations the reader may see, in GET, in a write's answer and in the push alike", async () => {
    // Given a company with a deal at 55 Broadway, one of the manager's locations
    const mine = await deal({ deal_name: 'Split A', company_name: 'Split Figures', contact: { name: 'Sid Split', email: 'sid@split.example' }, location_id: w.loc('55 Broadway'), offered_price: 1000, term_months: 6 });
    const id = mine.company_id!;
    await w.settled();
    const [managerTab, adminTab] = [listen(w.server.url, { token: w.tokens.manager }), listen(w.server.url, { token: w.tokens.admin })];
    await Promise.all([managerTab.ready, adminTab.ready]);
    const pushed = (tab: typeof managerTab) => tab.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'companies' && c.id === id).at(-1)?.row as Company | undefined;
    const asRead = async (token: string) => {
      const one = await get<Company>(`/api/companies/${id}`, token);
      expect((await get<Company[]>('/api/companies?q=split%20figures', token)).find((c) => c.id === id)).toEqual(one);
      return one;
    };
    /** Each tab ends with the row its user's GET answers. */
    const converged = async () => {
      for (const [tab, token] of [[managerTab, w.tokens.manager], [adminTab, w.tokens.admin]] as const) {
        const truth = await asRead(token);
        await tab.until(() => JSON.stringify(pushed(tab)) === JSON.stringify(truth), 'the company as its user reads it');
      }
    };

    // When another deal of it is made at Greenpoint, a location the manager may not see
    const theirs = await deal({ deal_name: 'Split B', company_id: id, company_name: 'Split Figures', contact: { name: 'Sid Split', email: 'sid@split.example' }, location_id: w.loc('Greenpoint'), offered_price: 2000, term_months: 6 });

    // Then the manager counts only the 55 Broadway deal; the administrator both
    expect(await asRead(w.tokens.manager)).toMatchObject({ deal_count: 1, total_deal_value: 6_000 });
    expect(await asRead(w.tokens.admin)).toMatchObject({ deal_count: 2, total_deal_value: 18_000 });
    await converged();
    expect(pushed(managerTab)).toMatchObject({ deal_count: 1, total_deal_value: 6_000 });
    expect(pushed(adminTab)).toMatchObject({ deal_count: 2, total_deal_value: 18_000 });

    // And the answer to the manager's own edit of the company counts as their GET does
    const renamed = await w.api<Company>('PUT', `/api/companies/${id}`, { token: w.tokens.manager, body: { notes: 'Split between locations' } });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body).toEqual(await asRead(w.tokens.manager));

    // When the Greenpoint deal moves to 60 Broad, the manager's other location, it counts for them too
    const moved = await w.api<Deal>('PUT', `/api/deals/${theirs.id}`, { token: w.tokens.admin, body: { location_id: w.loc('60 Broad'), office_ids: [] } });
    expect(moved.status, moved.text).toBe(200);
    expect(await asRead(w.tokens.manager)).toMatchObject({ deal_count: 2, total_deal_value: 18_000 });
    await converged();
    expect(pushed(managerTab)).toMatchObject({ deal_count: 2, total_deal_value: 18_000 });
    managerTab.close();
    adminTab.close();
  });
});

describe('company deal statistics per reader', () => {
  it('active, won, total and average deal size count only the deals the reader may see, in GET and in the push alike', async () => {
    const at = (location: string, name: string, offered_price: number) =>
      deal({ deal_name: name, company_name: 'Tally Rooms', contact: { name: 'Tad Tally', email: 'tad@tally.example' }, location_id: w.loc(location), offered_price, term_months: 6 });
    const stage = async (id: string, to: string) => {
      const res = await w.api<Deal>('PATCH', `/api/deals/${id}/stage`, { token: w.tokens.admin, body: { stage: to } });
      expect([res.status, res.body.stage], res.text).toEqual([200, to]);
    };
    // Given at 55 Broadway (the manager's) a signed deal and a lost one, and at Greenpoint (not theirs) an open one
    const signed = await at('55 Broadway', 'Tally signed', 1000);
    const id = signed.company_id!;
    await stage(signed.id, 'agreement_signed');
    const lost = await at('55 Broadway', 'Tally lost', 500);
    await stage(lost.id, 'close_lost');
    await w.settled();
    const [managerTab, adminTab] = [listen(w.server.url, { token: w.tokens.manager }), listen(w.server.url, { token: w.tokens.admin })];
    await Promise.all([managerTab.ready, adminTab.ready]);
    const open = await at('Greenpoint', 'Tally open', 2000);

    // When each reads the company
    const manager = await get<Company>(`/api/companies/${id}`, w.tokens.manager);
    const admin = await get<Company>(`/api/companies/${id}`, w.tokens.admin);

    // Then the manager counts the two deals of 55 Broadway, none of them open; the administrator all three
    expect(manager).toMatchObject({ deal_count: 2, active_deal_count: 0, won_deal_count: 1, total_deal_value: 9_000, average_deal_value: 4_500 });
    expect(admin).toMatchObject({ deal_count: 3, active_deal_count: 1, won_deal_count: 1, total_deal_value: 21_000, average_deal_value: 7_000 });
    expect((await get<Company[]>('/api/companies?q=tally', w.tokens.manager)).find((c) => c.id === id)).toEqual(manager);

    // And each socket is pushed the company as its own GET answers it
    const pushed = (tab: typeof managerTab) => tab.changes.flatMap((m) => m.changes).filter((c) => c.entity === 'companies' && c.id === id).at(-1)?.row as Company | undefined;
    const converged = async () => {
      for (const [tab, token] of [[managerTab, w.tokens.manager], [adminTab, w.tokens.admin]] as const) {
        const truth = await get<Company>(`/api/companies/${id}`, token);
        await tab.until(() => JSON.stringify(pushed(tab)) === JSON.stringify(truth), 'the company as its user reads it');
      }
    };
    await converged();

    // When the open deal is lost (a move alone, no edit), the administrator's push follows it too
    await stage(open.id, 'close_lost');
    expect(await get<Company>(`/api/companies/${id}`, w.tokens.admin)).toMatchObject({ deal_count: 3, active_deal_count: 0, won_deal_count: 1 });
    await converged();
    expect(pushed(adminTab)).toMatchObject({ active_deal_count: 0, won_deal_count: 1 });
    managerTab.close();
    adminTab.close();
  });
});

describe('a deal’s company and contact by id', () => {
  it('a new deal takes the picked company’s own name; an unknown company or contact is a 400 naming the field, and nothing is written', async () => {
    const picked = await crmCompany('Lantern Studio', 'Prospect', { name: 'Lena Lantern', email: 'lena@lantern.example' });
    const before = await rowCounts();
    const linked = await deal({ deal_name: 'Lantern lease', company_id: picked.companyId, company_name: 'lantern studio', contact_id: picked.contactId, contact: { name: 'Lena Lantern', email: 'lena@lantern.example' } });
    expect(linked).toMatchObject({ company_id: picked.companyId, company_name: 'Lantern Studio', contact_id: picked.contactId });
    expect(await rowCounts()).toEqual(before);

    for (const [field, message] of [['company_id', 'Company not found'], ['contact_id', 'Contact not found']] as const) {
      const res = await w.api('POST', '/api/deals', {
        token: w.tokens.admin,
        body: { deal_name: 'Ghost', company_name: 'Ghost Co', contact: { name: 'Gus', email: 'gus@ghost.example' }, location_id: w.loc('Bushwick'), offered_price: 10, [field]: randomUUID() },
      });
      expect([res.status, res.body.message, res.body.fields]).toEqual([400, message, [{ field, message }]]);
    }
    expect(await rowCounts()).toEqual(before);
    expect(await get<Deal[]>('/api/deals?q=Ghost')).toEqual([]);
  });

  it('an edit links a picked company and contact, links or creates typed ones, and keeps the links when sent back unchanged', async () => {
    const original = await deal({ deal_name: 'Edit parties', company_name: 'Before Edit Ltd', contact: { name: 'Bea Before', email: 'bea@before.example' } });
    const target = await crmCompany('After Edit Ltd', 'Member', { name: 'Al After', email: 'al@after.example', title: 'Director' });
    const put = (body: Record<string, unknown>) => w.api<Deal & { fields?: unknown }>('PUT', `/api/deals/${original.id}`, { token: w.tokens.admin, body });

    // Sent back as GET answered it: nothing new, the links stay.
    let before = await rowCounts();
    const same = await put({ ...original, version: undefined });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toMatchObject({ company_id: original.company_id, contact_id: original.contact_id, version: original.version });
    expect(await rowCounts()).toEqual(before);

    // Picked rows.
    const picked = await put({ company_id: target.companyId, company_name: 'After Edit Ltd', contact_id: target.contactId, contact: { name: 'Al After', email: 'al@after.example', phone: null, title: 'Director' } });
    expect(picked.status, picked.text).toBe(200);
    expect(picked.body).toMatchObject({ company_id: target.companyId, company_name: 'After Edit Ltd', contact_id: target.contactId, contact: { email: 'al@after.example' } });
    expect(await rowCounts()).toEqual(before);

    // Typed anew: a company and a contact of that name and e-mail, created once, the contact at the new company.
    const typed = await put({ company_id: null, company_name: 'Typed Anew Inc', contact_id: null, contact: { name: 'Tia Typed', email: 'tia@typed.example' } });
    expect(typed.status, typed.text).toBe(200);
    const [created] = await get<Company[]>('/api/companies?q=Typed Anew Inc');
    const [createdContact] = await get<Contact[]>('/api/contacts?q=tia@typed.example');
    expect(typed.body).toMatchObject({ company_id: created!.id, company_name: 'Typed Anew Inc', contact_id: createdContact!.id });
    expect(createdContact).toMatchObject({ company_id: created!.id, status: 'Prospect' });
    expect(await rowCounts()).toEqual({ companies: before.companies + 1, contacts: before.contacts + 1 });

    // A typed name that exists is linked, not copied (any letter case).
    before = await rowCounts();
    const byName = await put({ company_id: null, company_name: 'after edit ltd' });
    expect(byName.body.company_id).toBe(target.companyId);
    expect(await rowCounts()).toEqual(before);

    // An unknown id, or a stale version, changes nothing: not the deal, not the CRM.
    const unknown = await put({ company_id: randomUUID(), company_name: 'Nobody' });
    expect([unknown.status, unknown.body.fields]).toEqual([400, [{ field: 'company_id', message: 'Company not found' }]]);
    const stale = await put({ company_id: null, company_name: 'Never Created Co', version: 1 });
    expect(stale.status).toBe(409);
    expect(await get<Company[]>('/api/companies?q=Never Created')).toEqual([]);
    expect(await rowCounts()).toEqual(before);
    expect((await get<Deal>(`/api/deals/${original.id}`)).company_id).toBe(target.companyId);
  });
});
