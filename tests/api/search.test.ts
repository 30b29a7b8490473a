import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@shared/schemas/search';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const find = (q: string, token = w.tokens.admin, extra = '') =>
  w.api<SearchResult[] & { message?: string }>('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token });

describe('search', () => {
  it('finds offices, members and deals by name, best matches first, each with where it opens', async () => {
    const office = await w.newOffice('Bushwick', { office_number: 'XYLOWIND-1' });
    const member = await w.newMember('Bushwick', 'Xylowind Analytics');
    const deal = await w.api('POST', '/api/deals', {
      token: w.tokens.admin,
      body: { deal_name: 'The Xylowind expansion', company_name: 'Xylowind Analytics', contact: { name: 'Zed Z', email: 'zed@xylowind.example' }, location_id: w.loc('Bushwick'), offered_price: 1000 },
    });
    expect(deal.status, deal.text).toBe(201);

    const res = await find('xylowind');
    expect(res.status, res.text).toBe(200);
    const kinds = res.body.map((r) => `${r.kind}:${r.title}`);
    // The member, the company and the office number start with it; the deal has it at a word
    // start; the contact only inside its e-mail.
    expect(kinds.slice(0, 3).sort()).toEqual(['company:Xylowind Analytics', 'member:Xylowind Analytics', 'office:Office XYLOWIND-1']);
    expect(kinds.slice(3)).toEqual(['deal:The Xylowind expansion', 'contact:Zed Z']);
    expect(res.body.find((r) => r.kind === 'office')).toMatchObject({ id: office.id, path: `/offices/${office.id}`, subtitle: expect.stringContaining('Bushwick') });
    expect(res.body.find((r) => r.kind === 'member')).toMatchObject({ id: member.id, path: `/members/${member.id}` });
    expect(res.body.find((r) => r.kind === 'deal')!.path).toBe(`/crm/deals/${(deal.body as { id: string }).id}`);

    // Limit, and an exact match ranking first.
    expect((await find('xylowind', w.tokens.admin, '&limit=2')).body).toHaveLength(2);
    expect((await find('xylowind-1')).body[0]).toMatchObject({ kind: 'office', id: office.id });
  });

  it('shows a manager only the rows of their locations', async () => {
    const mine = await w.newOffice('55 Broadway', { office_number: 'QUASAR-1' });
    const theirs = await w.newOffice('Greenpoint', { office_number: 'QUASAR-2' });
    const ids = (await find('quasar', w.tokens.manager)).body.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await find('quasar')).body.map((r) => r.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('takes %, _ and \\ as the characters they are, and refuses bad queries with a message', async () => {
    await w.newOffice('Bushwick', { office_number: '50%_OFF' });
    await w.newOffice('Bushwick', { office_number: '50X-OFF' });
    expect((await find('50%_')).body.map((r) => r.title)).toEqual(['Office 50%_OFF']);
    for (const [query, message] of [
      ['q=', 'Type something to search for'],
      [`q=${'x'.repeat(101)}`, 'Search for at most 100 characters'],
      ['q=a&limit=0', 'Limit must be at least 1'],
      ['q=a&limit=x', 'Limit must be a number'],
    ]) {
      const res = await w.api('GET', `/api/search?${query}`, { token: w.tokens.admin });
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    expect((await w.api('GET', '/api/search?q=a&page=2', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/search?q=a')).status).toBe(401);
  });
});
