import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealStats } from '@shared/schemas/deals';
import type { DealChange, DealChangesSummary } from '@shared/schemas/dealHistory';
import { officeWorld, type OfficeWorld } from './officeHelpers';

let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

let counter = 0;
const newDeal = async (locationName: string, extra: Record<string, unknown> = {}) => {
  counter += 1;
  const res = await w.api<Deal>('POST', '/api/deals', {
    token: w.tokens.admin,
    body: { deal_name: `History ${counter}`, company_name: `History Co ${counter}`, contact: { name: 'Pat', email: `h${counter}@example.com` }, location_id: w.loc(locationName), offered_price: 1000, term_months: 12, ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
};
const call = async <T>(method: string, path: string, body?: unknown, token = w.tokens.admin) => {
  const res = await w.api<T>(method, path, { token, body });
  expect(res.status, `${method} ${path} ${res.text}`).toBeLessThan(300);
  return res.body;
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 15));
const q = (s: string) => encodeURIComponent(s);

describe('GET /api/deals?as_of=', () => {
  it('answers each deal as it stood: its stage, value and probability then, deals made later absent', async () => {
    const deal = await newDeal('Bushwick');
    await tick();
    const t1 = new Date().toISOString();
    await tick();
    await call('PATCH', `/api/deals/${deal.id}/stage`, { stage: 'tour_booked' });
    await call('PUT', `/api/deals/${deal.id}`, { offered_price: 1500, probability: 60 });
    const later = await newDeal('Bushwick');
    await tick();
    const t2 = new Date().toISOString();

    const then = await call<Deal[]>('GET', `/api/deals?as_of=${q(t1)}`);
    const past = then.find((d) => d.id === deal.id)!;
    expect(past).toMatchObject({ stage: 'form_submitted', offered_price: 1000, deal_value: 12000, version: deal.version, updated_at: deal.updated_at });
    expect(past.probability).toBe(deal.probability);
    expect(then.some((d) => d.id === later.id)).toBe(false);

    const now = await call<Deal[]>('GET', `/api/deals?as_of=${q(t2)}`);
    const live = await call<Deal[]>('GET', '/api/deals');
    // As of an instant after the last change, the board is the live board, row for row.
    expect(now).toEqual(live);
    expect(now.find((d) => d.id === deal.id)).toMatchObject({ stage: 'tour_booked', offered_price: 1500, probability: 60 });
  });

  it('keeps the usual filters and the caller scope: a manager sees only its locations deals', async () => {
    const at = new Date().toISOString();
    const mine = await call<Deal[]>('GET', `/api/deals?as_of=${q(at)}`, undefined, w.tokens.manager);
    expect(mine.length).toBeGreaterThan(0);
    expect(new Set(mine.map((d) => d.location_name))).toEqual(new Set(['55 Broadway', '60 Broad'].filter((n) => mine.some((d) => d.location_name === n))));
    expect(mine.every((d) => ['55 Broadway', '60 Broad'].includes(d.location_name))).toBe(true);
    const stage = await call<Deal[]>('GET', `/api/deals?as_of=${q(at)}&stage=tour_booked&location=Bushwick`);
    expect(stage.every((d) => d.stage === 'tour_booked' && d.location_name === 'Bushwick')).toBe(true);
    const refused = await w.api('GET', `/api/deals?as_of=${q(at)}&location=Bushwick`, { token: w.tokens.manager });
    expect(refused.status).toBe(403);
  });

  it('answers the stats as of the instant, the figures of the board then', async () => {
    const deal = await newDeal('Greenpoint', { offered_price: 3000 });
    await tick();
    const t = new Date().toISOString();
    await tick();
    await call('PATCH', `/api/deals/${deal.id}/stage`, { stage: 'close_lost' });
    const then = await call<DealStats>('GET', `/api/deals/stats?as_of=${q(t)}&location=Greenpoint`);
    const now = await call<DealStats>('GET', '/api/deals/stats?location=Greenpoint');
    expect(now.stages.close_lost).toBe(then.stages.close_lost + 1);
    expect(now.stages.form_submitted).toBe(then.stages.form_submitted - 1);
    expect(then.total_value).toBe(now.total_value);
  });

  it('refuses an instant in the future, before the log, or not an instant, with 400 and a clear message', async () => {
    const future = await w.api('GET', `/api/deals?as_of=${q(new Date(Date.now() + 3_600_000).toISOString())}`, { token: w.tokens.admin });
    expect(future.status).toBe(400);
    expect(future.body.message).toMatch(/cannot be in the future/);
    const ancient = await w.api('GET', `/api/deals?as_of=1999-01-01T00:00:00Z`, { token: w.tokens.admin });
    expect(ancient.status).toBe(400);
    expect(ancient.body.message).toMatch(/when the log begins/);
    const stats = await w.api('GET', `/api/deals/stats?as_of=1999-01-01T00:00:00Z`, { token: w.tokens.admin });
    expect(stats.status).toBe(400);
    for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-01-01', '2026-01-01T00:00:00', '%00']) {
      const res = await w.api('GET', `/api/deals?as_of=${bad}`, { token: w.tokens.admin });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
  });
});

describe('GET /api/deals/changes', () => {
  it('lists what happened newest first, with kinds, stages, fields and who; pages by position', async () => {
    await tick();
    const since = new Date().toISOString();
    const a = await newDeal('Bushwick', { offered_price: 2000 });
    await call('PATCH', `/api/deals/${a.id}/stage`, { stage: 'tour_booked' });
    await call('PUT', `/api/deals/${a.id}`, { offered_price: 2500, notes: 'Bigger room' });
    await call('PATCH', `/api/deals/${a.id}/stage`, { stage: 'close_lost' });
    const b = await newDeal('55 Broadway', { offered_price: 500 });

    const changes = await call<DealChange[]>('GET', `/api/deals/changes?since=${q(since)}`);
    expect(changes.map((c) => [c.deal_id, c.kind])).toEqual([
      [b.id, 'created'],
      [a.id, 'lost'],
      [a.id, 'edited'],
      [a.id, 'moved'],
      [a.id, 'created'],
    ]);
    expect(changes.every((c) => c.user_name === 'Admin User' || c.user_name.length > 0)).toBe(true);
    expect(changes[1]).toMatchObject({ from_stage: 'tour_booked', to_stage: 'close_lost' });
    expect(changes[3]).toMatchObject({ from_stage: 'form_submitted', to_stage: 'tour_booked' });
    expect(changes[4]).toMatchObject({ from_stage: null, to_stage: 'form_submitted', changes: [] });
    expect(changes[2]!.changes).toEqual([
      { field: 'offered_price', from: 2000, to: 2500 },
      { field: 'notes', from: null, to: 'Bigger room' },
    ]);
    const positions = changes.map((c) => c.position);
    expect([...positions].sort((x, y) => y - x)).toEqual(positions);

    const first = await call<DealChange[]>('GET', `/api/deals/changes?since=${q(since)}&limit=2`);
    expect(first).toEqual(changes.slice(0, 2));
    const next = await call<DealChange[]>('GET', `/api/deals/changes?since=${q(since)}&limit=2&before=${first[1]!.position}`);
    expect(next).toEqual(changes.slice(2, 4));

    // A manager sees the changes of its locations only.
    const managers = await call<DealChange[]>('GET', `/api/deals/changes?since=${q(since)}`, undefined, w.tokens.manager);
    expect(managers.map((c) => c.deal_id)).toEqual([b.id]);

    // The summary: one move, two new deals, one loss; the value added is the new deals' values and the rise of the edit.
    const summary = await call<DealChangesSummary>('GET', `/api/deals/changes?since=${q(since)}&summary=1`);
    expect(summary).toMatchObject({ moved: 1, created: 2, signed: 0, lost: 1, since });
    expect(summary.value_added).toBe(2000 * 12 + 500 * 12 + 500 * 12);
    expect(summary.by_user).toEqual([{ user_name: changes[0]!.user_name, changes: 5 }]);
    const managerSummary = await call<DealChangesSummary>('GET', `/api/deals/changes?since=${q(since)}&summary=1`, undefined, w.tokens.manager);
    expect(managerSummary).toMatchObject({ moved: 0, created: 1, lost: 0, value_added: 6000 });

    // until closes the window.
    const until = changes[2]!.at;
    const early = await call<DealChange[]>('GET', `/api/deals/changes?since=${q(since)}&until=${q(until)}`);
    expect(early.every((c) => Date.parse(c.at) <= Date.parse(until))).toBe(true);
    expect(early.some((c) => c.kind === 'created' && c.deal_id === b.id)).toBe(false);
  });

  it('answers the summary as a PDF', async () => {
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const res = await w.api('GET', `/api/deals/changes?since=${q(since)}&format=pdf`, { token: w.tokens.manager });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
    expect(res.text.startsWith('%PDF-')).toBe(true);
  });

  it('refuses bad input with 400, never 500', async () => {
    const now = new Date().toISOString();
    for (const query of [
      '',
      'since=',
      'since=tomorrow',
      `since=${q(new Date(Date.now() + 3_600_000).toISOString())}`,
      `since=${q(now)}&until=2000-01-01T00:00:00Z`,
      `since=${q(now)}&limit=0`,
      `since=${q(now)}&limit=abc`,
      `since=${q(now)}&limit=100000`,
      `since=${q(now)}&before=-1`,
      `since=${q(now)}&before=1e400`,
      `since=${q(now)}&summary=yes`,
      `since=${q(now)}&format=csv`,
      `since=${q(now)}&unknown=1`,
    ]) {
      const res = await w.api('GET', `/api/deals/changes?${query}`, { token: w.tokens.admin });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBeTruthy();
    }
    // A start before the log is everything the log holds.
    const everything = await w.api<DealChange[]>('GET', '/api/deals/changes?since=1999-01-01T00:00:00Z&limit=5', { token: w.tokens.admin });
    expect(everything.status).toBe(200);
    expect(everything.body).toHaveLength(5);
    const signedOut = await w.api('GET', `/api/deals/changes?since=${q(now)}`);
    expect(signedOut.status).toBe(401);
  });
});
