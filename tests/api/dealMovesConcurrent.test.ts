import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal } from '@shared/schemas/deals';
import { officeWorld, type OfficeWorld } from './officeHelpers';

/**
 * A move takes its deal's lock ahead of reading the card's place (in the same round trip):
 * writers of one deal still queue on it, and each move applies to the state the one before left.
 */
let w: OfficeWorld;
beforeAll(async () => {
  w = await officeWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const STAGES = ['tour_booked', 'tour_completed'] as const;

describe('Moves of one deal at once, without a version', () => {
  it('given 20 moves of one deal sent together, then every one applies, each on the version the previous left', async () => {
    const deals = (await w.api<Deal[]>('GET', '/api/deals', { token: w.tokens.admin })).body;
    const deal = deals.find((d) => d.stage === 'form_submitted')!;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => w.api<Deal>('PATCH', `/api/deals/${deal.id}/stage`, { token: w.tokens.admin, body: { stage: STAGES[i % 2] } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const after = (await w.api<Deal>('GET', `/api/deals/${deal.id}`, { token: w.tokens.admin })).body;
    // Each move that changed the stage added the next version: none lost, none applied to a stale state.
    const stored = await w.server.deps.sql<{ version: number }[]>`SELECT version FROM events WHERE stream_id = ${`deal-${deal.id}`} ORDER BY version`;
    expect(stored.map((e) => e.version)).toEqual(Array.from({ length: after.version }, (_, i) => i + 1));
    expect(after.version).toBeGreaterThan(deal.version);
    for (const answer of answers) expect(answer.body.version).toBeLessThanOrEqual(after.version);
  });
});
