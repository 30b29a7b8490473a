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

  it('finds tasks, templates, documents, locations and (for administrators) users, each only where the caller may see it', async () => {
    const task = async (location: string) => {
      const res = await w.api<{ id: string }>('POST', '/api/tasks', {
        token: w.tokens.admin,
        body: { title: `Fix the Zephyrine lamp at ${location}`, description: 'It flickers', location_id: w.loc(location) },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    const mineTask = await task('55 Broadway');
    const theirTask = await task('Greenpoint');
    const template = await w.api<{ id: string }>('POST', '/api/templates', {
      token: w.tokens.admin,
      body: { name: 'Zephyrine welcome letter', category: 'Email', content: 'Hello [First Name]' },
    });
    expect(template.status, template.text).toBe(201);
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Zephyrine house rules', description: 'Rules', category: 'Payroll Information' })) form.append(key, value);
    form.append('file', new Blob([new TextEncoder().encode('rules')], { type: 'text/plain' }), 'rules.txt');
    const uploaded = await fetch(`${w.server.url}/api/resources`, { method: 'POST', headers: { authorization: `Bearer ${w.tokens.admin}` }, body: form });
    expect(uploaded.status).toBe(201);
    const document = (await uploaded.json()) as { id: string };
    const user = await w.api<{ id: string }>('POST', '/api/users', {
      token: w.tokens.admin,
      body: { name: 'Zephyrine Ops', email: 'zephyrine@flexspace.demo', password: 'a-long-password-1', role: 'viewer' },
    });
    expect(user.status, user.text).toBe(201);

    const seen = async (q: string, token: string) => (await find(q, token)).body.map((r) => `${r.kind}:${r.id}:${r.path}`);
    const everything = [
      `task:${mineTask}:/tasks`,
      `task:${theirTask}:/tasks`,
      `template:${template.body.id}:/templates`,
      `document:${document.id}:/resources`,
      `user:${user.body.id}:/settings?tab=users`,
    ];
    expect((await seen('zephyrine', w.tokens.admin)).sort()).toEqual([...everything].sort());
    // A manager: their locations' tasks, every template and document, no accounts.
    expect((await seen('zephyrine', w.tokens.manager)).sort()).toEqual([everything[0], everything[2], everything[3]].sort());
    // The demo viewer reads every location: every task, still no accounts.
    expect((await seen('zephyrine', w.tokens.viewer)).sort()).toEqual(everything.slice(0, 4).sort());

    // Locations: by name or city, only those the caller may see.
    const greenpoint = `location:${w.loc('Greenpoint')}:/settings?tab=locations`;
    const broadway = `location:${w.loc('55 Broadway')}:/settings?tab=locations`;
    expect(await seen('greenpoint', w.tokens.admin)).toContain(greenpoint);
    expect(await seen('greenpoint', w.tokens.manager)).not.toContain(greenpoint);
    expect(await seen('55 broadway', w.tokens.manager)).toContain(broadway);
    // Users by e-mail too, and never for a manager.
    expect(await seen('manager@flexspace', w.tokens.admin)).toContain(`user:${w.users.manager.user.id}:/settings?tab=users`);
    expect((await find('flexspace.demo', w.tokens.manager)).body.filter((r) => r.kind === 'user')).toEqual([]);
  });
});
