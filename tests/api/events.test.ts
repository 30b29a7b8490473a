import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '@shared/activity';
import type { Deal } from '@shared/schemas/deals';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const events = (query: string, token = w.tokens.admin) => w.api<ActivityEntry[] & { message?: string }>('GET', `/api/events?${query}`, { token });
const newDeal = async (location: string) => {
  const res = await w.api<Deal>('POST', '/api/deals', {
    token: w.tokens.admin,
    body: { deal_name: `History ${location}`, company_name: 'Chronicle Co', contact: { name: 'Cleo', email: `cleo.${location.replace(/\W/g, '')}@chronicle.example` }, location_id: w.loc(location), offered_price: 1000 },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

describe('GET /api/events', () => {
  it('tells a deal’s history newest first: who moved it when, from which stage to which, and its edits with old and new values', async () => {
    const deal = await newDeal('55 Broadway');
    expect((await w.api('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.manager, body: { stage: 'tour_booked' } })).status).toBe(200);
    expect((await w.api('PUT', `/api/deals/${deal.id}`, { token: w.tokens.admin, body: { probability: 70 } })).status).toBe(200);

    const res = await events(`entity_id=${deal.id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((e) => [e.type, e.user_name, e.summary])).toEqual([
      ['DealEdited', 'Alex Morgan', 'Alex Morgan edited deal History 55 Broadway (probability)'],
      ['DealMoved', 'Jordan Lee', 'Jordan Lee moved History 55 Broadway from Form Submitted to Tour Booked'],
      ['DealCreated', 'Alex Morgan', 'Alex Morgan created deal History 55 Broadway'],
    ]);
    expect(res.body[0]!.changes).toEqual([{ field: 'probability', from: 50, to: 70 }]);
    expect(res.body[1]!.changes).toEqual([{ field: 'stage', from: 'form_submitted', to: 'tour_booked' }]);
    expect(res.body[2]!.changes).toEqual(expect.arrayContaining([{ field: 'deal_name', from: null, to: 'History 55 Broadway' }]));
    expect(res.body.every((e) => e.entity === 'deal' && e.entity_id === deal.id)).toBe(true);
    expect(res.body[0]!.position).toBeGreaterThan(res.body[1]!.position);
  });

  it('pages by before and limit, and filters by kind of row', async () => {
    const page1 = (await events('limit=5')).body;
    expect(page1).toHaveLength(5);
    const page2 = (await events(`limit=5&before=${page1.at(-1)!.position}`)).body;
    expect(page2).toHaveLength(5);
    expect(page2[0]!.position).toBeLessThan(page1.at(-1)!.position);
    const positions = [...page1, ...page2].map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    const offices = (await events('stream=office&limit=20')).body;
    expect(offices.length).toBeGreaterThan(0);
    expect(offices.every((e) => e.entity === 'office')).toBe(true);
  });

  it('never shows a manager events of rows outside their locations, nor user accounts', async () => {
    const theirs = await newDeal('Greenpoint');
    expect((await events(`entity_id=${theirs.id}`, w.tokens.manager)).body).toEqual([]);
    const feed = (await events('limit=200', w.tokens.manager)).body;
    expect(feed.length).toBeGreaterThan(0);
    expect(feed.some((e) => e.entity_id === theirs.id)).toBe(false);
    expect(feed.some((e) => e.entity === 'user' && e.entity_id !== w.users.manager.user.id)).toBe(false);
    expect(JSON.stringify(await events('stream=user&limit=200'))).not.toContain('argon2');
  });

  it('refuses bad queries with a message and asks for a token', async () => {
    for (const [query, message] of [
      ['limit=0', 'Limit must be at least 1'],
      ['limit=500', 'Limit must be at most 200'],
      ['before=abc', 'Before must be a log position'],
      ['stream=planet', 'Stream must be one of'],
      ['entity_id=nope', 'Must be a valid id'],
      ['page=2', 'Unknown field'],
    ] as const) {
      const res = await events(query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toContain(message);
    }
    expect((await w.api('GET', '/api/events')).status).toBe(401);
  });
});
