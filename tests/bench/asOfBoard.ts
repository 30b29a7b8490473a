import { randomUUID } from 'node:crypto';
import { DEAL_STAGES } from '@shared/domain/deals';
import type { Deal } from '@shared/schemas/deals';
import type { DealEvent } from '../../events/deal/events';
import { appendMany } from '../../events/store/append';
import type { EventMetadata } from '../../events/store/types';
import { dealHistoryProjection } from '../../projections/dealHistory/projection';
import { dealsProjection } from '../../projections/deals/projection';
import { rebuild } from '../../projections/registry';
import { prng } from '../../server/seed/prng';
import { withServer } from './browser';
import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { percentiles } from './live';
import { count, ms, seconds, table, type Progress } from './report';

/**
 * The deal board as of a past instant against the live board, on one location with `deals`
 * deals whose log holds `events` deal events (creations, then moves and edits spread over 30
 * days): the time of GET /api/deals?location=&as_of= (the deal history's GiST probe) against
 * GET /api/deals?location= (the deals table), alternated in one run. The log is appended
 * directly (no command per event) and its two read models built by the rebuild, as a long-lived
 * database would hold them.
 */
export const AS_OF_BOARD = {
  deals: Number(process.env.BENCH_ASOF_DEALS ?? 3000),
  // The full size is BENCH_ASOF_EVENTS=1000000 (about 5 minutes to build and some 3 GB of memory
  // for the rebuild's fold); the default keeps the part within about two minutes.
  events: Number(process.env.BENCH_ASOF_EVENTS ?? 200_000),
  reads: Number(process.env.BENCH_ASOF_READS ?? 25),
};
const TARGET_RATIO = 2;
const OPEN = DEAL_STAGES.filter((s) => s !== 'agreement_signed' && s !== 'close_lost');
const DAY_MS = 86_400_000;

interface Built {
  locationName: string;
  /** An instant in the middle of the log, and one after its last event. */
  middle: string;
  end: string;
  buildSeconds: number;
  rebuildSeconds: number;
}

async function buildLog(database: BenchDatabase, api: (method: string, path: string, body?: unknown) => Promise<unknown>, userId: string, progress: Progress): Promise<Built> {
  const started = performance.now();
  const locationName = `As Of Bench ${Date.now() % 100000}`;
  const location = (await api('POST', '/api/locations', { name: locationName, city: 'Austin', address: '1 Congress Ave, Austin, TX', manager: 'Bench', floors: [1] })) as { id: string };
  const rng = prng(20_261_127);
  const deals = Array.from({ length: AS_OF_BOARD.deals }, (_, i) => ({ id: randomUUID(), version: 0, stage: OPEN[i % OPEN.length]!, rank: `a${String(i).padStart(6, '0')}` }));
  const rounds = Math.max(1, Math.ceil(AS_OF_BOARD.events / AS_OF_BOARD.deals));
  const first = Date.now() - 31 * DAY_MS;
  const step = (30 * DAY_MS) / rounds;
  const metadata = (at: number): EventMetadata => ({ user_id: userId, correlation_id: randomUUID(), causation_id: null, at: new Date(at).toISOString(), scope: { locations: [location.id] } });
  let written = 0;
  for (let round = 0; round < rounds && written < AS_OF_BOARD.events; round++) {
    const at = first + round * step;
    const batches = deals.slice(0, Math.min(deals.length, AS_OF_BOARD.events - written)).map((deal, i) => {
      let event: DealEvent;
      if (round === 0) {
        event = {
          type: 'DealCreated',
          data: {
            id: deal.id, deal_name: `As Of Deal ${i + 1}`, company_id: null, company_name: `As Of Co ${i + 1}`, contact_id: null,
            contact: { name: 'Bench Contact', email: `asof${i}@bench.example`, phone: null, title: null }, agreement_type: 'new_business',
            membership_type: 'Private Office', location_id: location.id, office_ids: [], start_date: null, term_months: 12, term_days: null,
            offered_price: 1000 + rng.below(4000), market_rate: null, probability: 50, notice_by: null, notes: null, source: null,
            assigned_to: 'Bench', stage: deal.stage, rank: deal.rank,
          },
        };
      } else if (rng.below(10) < 7) {
        const stage = OPEN[rng.below(OPEN.length)]!;
        const rank = `a${String(rng.below(1_000_000)).padStart(6, '0')}`;
        event = { type: 'DealMoved', data: { from_stage: deal.stage, from_rank: deal.rank, stage, rank, moved_by: userId } };
        deal.stage = stage;
        deal.rank = rank;
      } else {
        event = { type: 'DealEdited', data: { offered_price: 1000 + rng.below(4000), probability: rng.below(101) } };
      }
      const batch = { streamId: `deal-${deal.id}`, streamType: 'deal', expectedVersion: deal.version, events: [event], metadata: metadata(at) };
      deal.version += 1;
      return batch;
    });
    await database.sql.begin((tx) => appendMany(tx, batches));
    written += batches.length;
    if (round % 20 === 0) progress(`as-of board: ${count(written)} of ${count(AS_OF_BOARD.events)} deal events appended`);
  }
  const appended = performance.now();
  progress(`as-of board: building the deals and the deal history from the log`);
  await rebuild(database.sql, [dealsProjection, dealHistoryProjection]);
  const done = performance.now();
  return {
    locationName,
    middle: new Date(first + (rounds / 2) * step + step / 3).toISOString(),
    end: new Date().toISOString(),
    buildSeconds: (appended - started) / 1000,
    rebuildSeconds: (done - appended) / 1000,
  };
}

export async function benchAsOfBoardPart(database: BenchDatabase, progress: Progress): Promise<void> {
  progress(`as-of board: ${count(AS_OF_BOARD.deals)} deals, a log of ${count(AS_OF_BOARD.events)} deal events`);
  await withServer(database, async ({ url, token, userId }) => {
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const built = await buildLog(database, call, userId, progress);
    const where = encodeURIComponent(built.locationName);
    const timed = async (path: string) => {
      const started = performance.now();
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as Deal[];
      return { ms: performance.now() - started, deals: body.length, body };
    };
    // The board after the last event, as of now, is the live board: the figure compares like with like.
    const live = await timed(`/api/deals?location=${where}`);
    const asOfEnd = await timed(`/api/deals?location=${where}&as_of=${encodeURIComponent(built.end)}`);
    const same = JSON.stringify(live.body) === JSON.stringify(asOfEnd.body);
    const liveTimes: number[] = [];
    const pastTimes: number[] = [];
    let pastDeals = 0;
    for (let i = 0; i < AS_OF_BOARD.reads; i++) {
      liveTimes.push((await timed(`/api/deals?location=${where}`)).ms);
      const past = await timed(`/api/deals?location=${where}&as_of=${encodeURIComponent(built.middle)}`);
      pastTimes.push(past.ms);
      pastDeals = past.deals;
    }
    const liveP = percentiles(liveTimes);
    const pastP = percentiles(pastTimes);
    const result = figure({
      part: 'meeting',
      name: `the deal board as of a past instant (${count(AS_OF_BOARD.deals)} deals, ${count(AS_OF_BOARD.events)}-event log), GET p50`,
      value: pastP.p50,
      unit: 'ms',
      reference: { name: 'the live board, GET p50', value: liveP.p50 },
      target: ['<=', TARGET_RATIO],
    });
    console.log('');
    console.log(
      table(
        ['Deal board load (GET /api/deals?location=), one location', 'deals', 'p50', 'p95', 'ratio (p50)', `target <= ${TARGET_RATIO}`],
        [
          ['live board (the deals table)', count(live.deals), ms(liveP.p50), ms(liveP.p95), '', ''],
          [`as of mid-log (the deal history)`, count(pastDeals), ms(pastP.p50), ms(pastP.p95), (result.ratio ?? 0).toFixed(2), status(result)],
        ],
      ),
    );
    console.log(
      `Log: ${count(AS_OF_BOARD.events)} deal events appended in ${seconds(built.buildSeconds)}, deals and deal history rebuilt in ${seconds(built.rebuildSeconds)}; ` +
        `the board as of now ${same ? 'equals' : 'DIFFERS FROM'} the live board.`,
    );
  });
}
