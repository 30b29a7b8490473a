import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealStats } from '@shared/schemas/deals';
import { listen } from '../support/sockets';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const REQUIRED = 'Please fill in all required fields';
let counter = 0;
const newDeal = async (locationName: string, extra: Record<string, unknown> = {}, token = w.tokens.admin) => {
  counter += 1;
  const res = await w.api<Deal>('POST', '/api/deals', {
    token,
    body: {
      deal_name: `Deal ${counter}`,
      company_name: `Company ${counter}`,
      contact: { name: 'Pat Doe', email: `pat${counter}@example.com` },
      location_id: w.loc(locationName),
      offered_price: 2000,
      ...extra,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
/** A move's answer: the deal, or an error body ({ message }). */
const move = (id: string, body: Record<string, unknown>, token = w.tokens.admin) =>
  w.api<Deal & { message?: string }>('PATCH', `/api/deals/${id}/stage`, { token, body });
const column = async (stage: string) =>
  (await w.api<Deal[]>('GET', `/api/deals?stage=${stage}`, { token: w.tokens.admin })).body.map((d) => d.id);

describe('the demo pipeline', () => {
  it('has about 80 deals over every location and stage, with back-dated histories', async () => {
    const deals = (await w.api<Deal[]>('GET', '/api/deals', { token: w.tokens.admin })).body;
    expect(deals.length).toBeGreaterThanOrEqual(80);
    expect(new Set(deals.map((d) => d.stage)).size).toBe(6);
    expect(new Set(deals.map((d) => d.location_id)).size).toBe(w.locations.length);
    const stats = (await w.api<DealStats>('GET', '/api/deals/stats', { token: w.tokens.admin })).body;
    expect(stats.avg_days_in_stage.tour_booked).toBeGreaterThan(1);
    expect(stats.conversion.tour_booked).toBeGreaterThan(0);
    expect(stats.conversion.tour_booked).toBeLessThan(1);
    expect(stats.win_rate).toBeGreaterThan(0);
  });
});

describe('POST /api/deals', () => {
  it('refuses a deal missing a required field with the spec\'s message, naming the field', async () => {
    const res = await w.api('POST', '/api/deals', { token: w.tokens.admin, body: { deal_name: 'X', company_name: 'Y', location_id: w.loc('Bushwick') } });
    expect(res.status).toBe(400);
    const fields = res.body.fields as { field: string; message: string }[];
    expect(fields.map((f) => f.field)).toEqual(expect.arrayContaining(['contact', 'offered_price']));
    for (const field of fields) expect(field.message).toBe(REQUIRED);
  });

  it('creates a deal on top of the first column with its figures and defaults', async () => {
    const office = await w.newOffice('Bushwick', { marketed_rates: { monthly: 3000, six_month: 2900, twelve_month: 2800 } });
    const other = await w.newOffice('Bushwick', { marketed_rates: { monthly: 2000, six_month: 1900, twelve_month: 1800 } });
    const deal = await newDeal('Bushwick', { office_ids: [office.id, other.id], term_months: 6, term_days: 15 });
    expect(deal).toMatchObject({
      stage: 'form_submitted',
      probability: 50,
      agreement_type: 'new_business',
      membership_type: 'Private Office',
      assigned_to: 'Alex Morgan',
      deal_value: 13000,
      market_rate: 2500,
      location_name: 'Bushwick',
      signature_status: 'not_sent',
      version: 1,
    });
    expect((await column('form_submitted'))[0]).toBe(deal.id);
  });

  it('links the company by name and the contact by e-mail, creating them the first time', async () => {
    const first = await newDeal('Bushwick', { company_name: 'Linked Works', contact: { name: 'Ana Linked', email: 'ana@linked.example' } });
    const second = await newDeal('Bushwick', { company_name: 'linked works', contact: { name: 'Ana L.', email: 'ANA@linked.example' } });
    expect(first.company_id).toBeTruthy();
    expect(first.contact_id).toBeTruthy();
    expect(second.company_id).toBe(first.company_id);
    expect(second.contact_id).toBe(first.contact_id);
    const [company] = await w.server.deps.sql`SELECT name, status FROM crm_companies WHERE id = ${first.company_id!}`;
    expect(company).toEqual({ name: 'Linked Works', status: 'Prospect' });
    const [contact] = await w.server.deps.sql`SELECT email, company_id FROM crm_contacts WHERE id = ${first.contact_id!}`;
    expect(contact).toEqual({ email: 'ana@linked.example', company_id: first.company_id });
    const unknown = await w.api('POST', '/api/deals', {
      token: w.tokens.admin,
      body: { deal_name: 'A', company_name: 'B', contact: { name: 'C', email: 'c@example.com' }, location_id: w.loc('Bushwick'), offered_price: 1, company_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Company not found');
  });

  it('offers only vacant or pending offices of the deal\'s location, each once', async () => {
    const elsewhere = await w.newOffice('Greenpoint');
    const far = await w.api('POST', '/api/deals', {
      token: w.tokens.admin,
      body: { deal_name: 'A', company_name: 'B', contact: { name: 'C', email: 'c@example.com' }, location_id: w.loc('Bushwick'), offered_price: 1, office_ids: [elsewhere.id] },
    });
    expect(far.status).toBe(400);
    expect(far.body.fields[0].field).toBe('office_ids');
    const twice = await w.api('POST', '/api/deals', {
      token: w.tokens.admin,
      body: { deal_name: 'A', company_name: 'B', contact: { name: 'C', email: 'c@example.com' }, location_id: w.loc('Greenpoint'), offered_price: 1, office_ids: [elsewhere.id, elsewhere.id] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields[0].message).toBe('An office cannot be added twice');
  });

  it('is refused to a viewer, and to a manager at another location', async () => {
    const body = { deal_name: 'A', company_name: 'B', contact: { name: 'C', email: 'c@example.com' }, offered_price: 1 };
    expect((await w.api('POST', '/api/deals', { token: w.tokens.viewer, body: { ...body, location_id: w.loc('55 Broadway') } })).status).toBe(403);
    expect((await w.api('POST', '/api/deals', { token: w.tokens.manager, body: { ...body, location_id: w.loc('Greenpoint') } })).status).toBe(403);
    expect((await w.api('POST', '/api/deals', { token: w.tokens.manager, body: { ...body, location_id: w.loc('55 Broadway') } })).status).toBe(201);
  });
});

describe('reading deals', () => {
  it('shows a manager the deals of their locations only, on GET and on the socket', async () => {
    await w.settled();
    const socket = listen(w.server.url, { token: w.tokens.manager });
    await socket.ready;
    const mine = await newDeal('55 Broadway');
    const theirs = await newDeal('Greenpoint');
    await socket.until((changes) => changes.some((m) => m.changes.some((c) => c.id === mine.id)), 'the deal at 55 Broadway');
    await w.settled();
    const ids = (await w.api<Deal[]>('GET', '/api/deals', { token: w.tokens.manager })).body.map((d) => d.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await w.api('GET', `/api/deals/${theirs.id}`, { token: w.tokens.manager })).status).toBe(403);
    expect(JSON.stringify(socket.changes)).not.toContain(theirs.id);
    socket.close();
  });

  it('filters by stage, location and search text, and answers 404 for an unknown deal', async () => {
    const deal = await newDeal('Vinegar Hill', { deal_name: 'Zebra Expansion' });
    const found = (await w.api<Deal[]>('GET', '/api/deals?q=zebra&location=Vinegar Hill', { token: w.tokens.admin })).body;
    expect(found.map((d) => d.id)).toEqual([deal.id]);
    expect((await w.api('GET', '/api/deals?stage=nope', { token: w.tokens.admin })).status).toBe(400);
    expect((await w.api('GET', '/api/deals/00000000-0000-4000-8000-000000000000', { token: w.tokens.admin })).body).toEqual({ message: 'Deal not found' });
  });
});

describe('moving deals', () => {
  it('places a deal between two cards of a column, renumbering nobody', async () => {
    const [a, b, c] = [await newDeal('Bushwick'), await newDeal('Bushwick'), await newDeal('Bushwick')];
    for (const deal of [a, b]) expect((await move(deal.id, { stage: 'tour_booked' })).status).toBe(200);
    // Column now: b, a (each went on top). Put c between them.
    const before = (await w.api<Deal[]>('GET', '/api/deals?stage=tour_booked', { token: w.tokens.admin })).body;
    const moved = await move(c.id, { stage: 'tour_booked', before_id: b.id, after_id: a.id });
    expect(moved.status).toBe(200);
    const order = await column('tour_booked');
    expect(order.indexOf(b.id)).toBe(order.indexOf(c.id) - 1);
    expect(order.indexOf(a.id)).toBe(order.indexOf(c.id) + 1);
    const after = (await w.api<Deal[]>('GET', '/api/deals?stage=tour_booked', { token: w.tokens.admin })).body;
    for (const deal of before) expect(after.find((d) => d.id === deal.id)!.rank).toBe(deal.rank);
  });

  it('places a deal by one neighbour, refuses a neighbour outside the column, and lands two drops at one spot in a stable order', async () => {
    const [a, b, c, d] = [await newDeal('Bushwick'), await newDeal('Bushwick'), await newDeal('Bushwick'), await newDeal('Bushwick')];
    expect((await move(a.id, { stage: 'agreement_sent' })).status).toBe(200);
    // Below a (nothing named under it): right after a, before whatever followed a.
    const followed = (await column('agreement_sent'))[1] ?? null;
    expect((await move(b.id, { stage: 'agreement_sent', before_id: a.id })).status).toBe(200);
    let order = await column('agreement_sent');
    expect(order.slice(order.indexOf(a.id), order.indexOf(a.id) + 3)).toEqual([a.id, b.id, ...(followed ? [followed] : [])]);
    // Above a (nothing named over it): right before a.
    expect((await move(c.id, { stage: 'agreement_sent', after_id: a.id })).status).toBe(200);
    order = await column('agreement_sent');
    expect(order.indexOf(c.id)).toBe(order.indexOf(a.id) - 1);

    const outside = await move(d.id, { stage: 'agreement_sent', before_id: d.id });
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('The card to place it next to is not in that stage');
    expect((await move(d.id, { stage: 'tour_completed', before_id: a.id })).status).toBe(400);

    // Two users drop two cards between the same two at once: both land there, in one order every
    // reader sees (which one is first depends on whether the second drop read the first: rank, then id).
    const [e, f] = [await newDeal('Bushwick'), await newDeal('Bushwick')];
    const both = await Promise.all([e, f].map((x) => move(x.id, { stage: 'agreement_sent', before_id: a.id, after_id: b.id })));
    expect(both.map((x) => x.status)).toEqual([200, 200]);
    order = await column('agreement_sent');
    const between = order.slice(order.indexOf(a.id) + 1, order.indexOf(b.id));
    expect([...between].sort()).toEqual([e.id, f.id].sort());
    const again = await column('agreement_sent');
    expect(again.slice(again.indexOf(a.id) + 1, again.indexOf(b.id))).toEqual(between);
  });

  it('refuses to move a closed deal, and a stale version names who moved it', async () => {
    const deal = await newDeal('55 Broadway');
    const first = await move(deal.id, { stage: 'tour_booked', version: 1 }, w.tokens.manager);
    expect(first.status).toBe(200);
    const stale = await move(deal.id, { stage: 'tour_completed', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Jordan Lee changed this deal (stage) since you opened it. Reload to see the change.');
    expect((await move(deal.id, { stage: 'close_lost' })).status).toBe(200);
    const closed = await move(deal.id, { stage: 'tour_booked' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('This deal is closed');
    expect((await move(deal.id, { stage: 'tour_booked' }, w.tokens.viewer)).status).toBe(403);
  });

  it('lets exactly one of 50 simultaneous moves with the same version land', async () => {
    const deal = await newDeal('Bushwick');
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => move(deal.id, { stage: i % 2 ? 'tour_booked' : 'tour_completed', version: 1 })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(49);
  });

  it('undoes the caller\'s own last move, and refuses once someone else changed the deal', async () => {
    const deal = await newDeal('55 Broadway');
    const moved = await move(deal.id, { stage: 'tour_completed' }, w.tokens.manager);
    expect((await w.api('POST', `/api/deals/${deal.id}/undo`, { token: w.tokens.admin, body: {} })).status).toBe(409);
    const undone = await w.api<Deal>('POST', `/api/deals/${deal.id}/undo`, { token: w.tokens.manager, body: { version: moved.body.version } });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ stage: 'form_submitted', rank: deal.rank });

    await move(deal.id, { stage: 'tour_booked' }, w.tokens.manager);
    await w.api('PUT', `/api/deals/${deal.id}`, { token: w.tokens.admin, body: { probability: 80 } });
    const refused = await w.api('POST', `/api/deals/${deal.id}/undo`, { token: w.tokens.manager, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This deal was changed after your move, so it cannot be undone');
  });
});

describe('PUT /api/deals/:id', () => {
  it('takes back the object GET returned, ignoring its read-only fields, and refuses unknown ones by name', async () => {
    const deal = await newDeal('Greenpoint');
    const res = await w.api<Deal>('PUT', `/api/deals/${deal.id}`, { token: w.tokens.admin, body: { ...deal, probability: 90, stage: 'close_lost' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ probability: 90, stage: 'form_submitted', version: 2 });
    const unknown = await w.api('PUT', `/api/deals/${deal.id}`, { token: w.tokens.admin, body: { colour: 'red' } });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('colour');
  });
});

describe('GET /api/deals/stats', () => {
  it('counts, sums, win rate and the funnel from the deals the caller may see', async () => {
    const deals = (await w.api<Deal[]>('GET', '/api/deals', { token: w.tokens.admin })).body;
    const stats = (await w.api<DealStats>('GET', '/api/deals/stats', { token: w.tokens.admin })).body;
    expect(stats.total_deals).toBe(deals.length);
    expect(stats.total_value).toBeCloseTo(deals.reduce((s, d) => s + d.deal_value, 0), 2);
    const won = deals.filter((d) => d.stage === 'agreement_signed').length;
    const lost = deals.filter((d) => d.stage === 'close_lost').length;
    expect(stats.win_rate).toBeCloseTo(won + lost ? won / (won + lost) : 0, 4);
    expect(Object.values(stats.stages).reduce((a, b) => a + b, 0)).toBe(deals.length);
    expect(stats.conversion.form_submitted).toBeGreaterThan(0);
    const manager = (await w.api<DealStats>('GET', '/api/deals/stats', { token: w.tokens.manager })).body;
    expect(manager.total_deals).toBeLessThan(stats.total_deals);
  });
});

describe('probability and weighted value after the outcome', () => {
  const stats = async (location: string) =>
    (await w.api<DealStats>('GET', `/api/deals/stats?location=${encodeURIComponent(location)}`, { token: w.tokens.admin })).body;

  it('a signed deal reads 100 and a lost one 0; weighted value counts the open deals only', async () => {
    const location = w.locations[0]!.name;
    const before = await stats(location);
    // 2,000 a month for 12 months at 40%: 9,600 weighted while open.
    const won = await newDeal(location, { probability: 40, term_months: 12 });
    const gone = await newDeal(location, { probability: 40, term_months: 12 });
    expect((await stats(location)).weighted_value).toBeCloseTo(before.weighted_value + 2 * 9600, 2);

    const signed = await move(won.id, { stage: 'agreement_signed' });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.body.probability).toBe(100);
    const lost = await move(gone.id, { stage: 'close_lost' });
    expect(lost.body.probability).toBe(0);
    // An edit cannot take the signed deal back to an estimate.
    // (Without the version: the signing process that follows the move changes the deal too.)
    const edited = await w.api<Deal>('PUT', `/api/deals/${won.id}`, { token: w.tokens.admin, body: { ...signed.body, version: undefined, probability: 40 } });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.probability).toBe(100);

    const after = await stats(location);
    expect(after.weighted_value).toBeCloseTo(before.weighted_value, 2);
    expect(after.total_value).toBeCloseTo(before.total_value + 2 * 24000, 2);
  });
});
