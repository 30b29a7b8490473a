import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealStats } from '@shared/schemas/deals';
import { demoCredentials, signIn, startTestServer, type TestServer } from '../support/server';

/**
 * The board as of an instant is the board that was live then: for random work on a board (new
 * deals, moves, edits, signings, losses), the live board read after each step equals the board
 * read afterwards "as of" the instant of that read, at every instant recorded.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.api, demoCredentials.admin)).access_token;
});
afterAll(async () => {
  await server?.stop();
});

const STAGES = ['form_submitted', 'tour_booked', 'tour_completed', 'agreement_sent'] as const;
type Op =
  | { op: 'create'; price: number }
  | { op: 'move'; deal: number; stage: (typeof STAGES)[number] }
  | { op: 'edit'; deal: number; price: number; probability: number; notes: string }
  | { op: 'sign'; deal: number }
  | { op: 'lose'; deal: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('create' as const), price: fc.integer({ min: 100, max: 9000 }) }),
  fc.record({ op: fc.constant('move' as const), deal: fc.nat(), stage: fc.constantFrom(...STAGES) }),
  fc.record({ op: fc.constant('edit' as const), deal: fc.nat(), price: fc.integer({ min: 100, max: 9000 }), probability: fc.integer({ min: 0, max: 100 }), notes: fc.string({ maxLength: 12 }) }),
  fc.record({ op: fc.constant('sign' as const), deal: fc.nat() }),
  fc.record({ op: fc.constant('lose' as const), deal: fc.nat() }),
);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let runs = 0;

describe('GET /api/deals?as_of=', () => {
  it('equals the board that was live at every recorded instant, for random moves, edits, creations, signings and losses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const api = async <T>(method: string, path: string, body?: unknown) => (await server.api<T>(method, path, { token, body }));
        runs += 1;
        const created = await api<{ id: string; name: string }>('POST', '/api/locations', { name: `As Of ${runs} ${Date.now()}`, city: 'Austin', address: `${runs} Congress Ave, Austin, TX`, manager: 'Rae Kim', floors: [1] });
        expect(created.status, created.text).toBe(201);
        const where = encodeURIComponent(created.body.id);
        const ids: string[] = [];
        const recorded: { at: string; board: Deal[]; stages: DealStats['stages'] }[] = [];
        for (const step of ops) {
          const id = ids.length > 0 && step.op !== 'create' ? ids[step.deal % ids.length]! : null;
          if (step.op === 'create' || id === null) {
            const res = await api<Deal>('POST', '/api/deals', { deal_name: `Prop ${ids.length}`, company_name: `Prop Co ${runs}-${ids.length}`, contact: { name: 'P', email: `p${runs}.${ids.length}@example.com` }, location_id: created.body.id, offered_price: step.op === 'create' ? step.price : 1000, term_months: 6 });
            expect(res.status, res.text).toBe(201);
            ids.push(res.body.id);
          } else if (step.op === 'move') {
            expect([200, 409]).toContain((await api('PATCH', `/api/deals/${id}/stage`, { stage: step.stage })).status);
          } else if (step.op === 'lose') {
            expect([200, 409]).toContain((await api('PATCH', `/api/deals/${id}/stage`, { stage: 'close_lost' })).status);
          } else if (step.op === 'sign') {
            const res = await api('PATCH', `/api/deals/${id}/stage`, { stage: 'agreement_signed' });
            expect([200, 409]).toContain(res.status);
            // The signing process follows a signing: its changes land before the next instant is read.
            if (res.status === 200) {
              const deadline = Date.now() + 15_000;
              for (;;) {
                const deal = (await api<Deal>('GET', `/api/deals/${id}`)).body;
                if (deal.member_id !== null || deal.attention_reason !== null) break;
                if (Date.now() > deadline) throw new Error('the signing process did not finish');
                await pause(25);
              }
              await pause(150);
            }
          } else {
            expect([200, 409]).toContain((await api('PUT', `/api/deals/${id}`, { offered_price: step.price, probability: step.probability, notes: step.notes || null })).status);
          }
          await pause(2);
          const at = new Date().toISOString();
          const board = (await api<Deal[]>('GET', `/api/deals?location=${where}`)).body;
          const stats = (await api<DealStats>('GET', `/api/deals/stats?location=${where}`)).body;
          recorded.push({ at, board, stages: stats.stages });
          // The next change happens after this instant, never within its millisecond.
          await pause(2);
        }
        for (const { at, board, stages } of recorded) {
          const asOf = await api<Deal[]>('GET', `/api/deals?location=${where}&as_of=${encodeURIComponent(at)}`);
          expect(asOf.status, asOf.text).toBe(200);
          expect(asOf.body).toEqual(board);
          const stats = await api<DealStats>('GET', `/api/deals/stats?location=${where}&as_of=${encodeURIComponent(at)}`);
          expect(stats.body.stages).toEqual(stages);
        }
      }),
      { numRuns: Number(process.env.AS_OF_RUNS ?? 12), seed: Number(process.env.AS_OF_SEED ?? 20261127) },
    );
  }, 240_000);
});
