import { randomUUID } from 'node:crypto';
import { OfficeEventSchemas, type OfficeEvent } from '../../events/office/events';
import { appendMany, type AppendArgs } from '../../events/store/append';
import type { EventMetadata } from '../../events/store/types';
import { aggregatesAsDaysBegan, currentAggregates } from '../../projections/reports/queries';
import { applyInline, rebuild } from '../../projections/registry';
import { addDays, reportToday } from '@shared/domain/reportsPeriods';
import { leaseEndDate } from '@shared/domain/lease';
import { OFFICE_STATUSES, type OfficeStatus } from '@shared/schemas/offices';
import { prng } from '../../server/seed/prng';
import { withServer } from './browser';
import type { BenchDatabase } from './database';
import { generateLog } from './generate';
import { percentiles, type Percentiles } from './live';

export interface ReportsBenchOptions {
  /** Events in the log, locations and offices included. */
  events: number;
  locations: number;
  offices: number;
  /** The log spans this many months, up to now. */
  months: number;
  /** Timed requests of each kind, alternating, after a few unmeasured ones. */
  samples: number;
}

export interface ReportsBenchResult {
  events: number;
  generateSeconds: number;
  historyRows: number;
  /** GET /api/reports/occupancy, All Locations, as the admin. */
  current: Percentiles;
  asOfYearBack: Percentiles;
  /** The queries alone: the office read model as it stands, office_history as a day began, and the 12 days of the history. */
  currentQuery: Percentiles;
  asOfQuery: Percentiles;
  series: Percentiles;
}

const TERMS = [1, 2, 3, 6, 12, 24, 36];
const WARMUP = 3;

/**
 * A log of office life over `months` months, written through appendMany() a week at a time
 * (each office's events of a week share that week's clock) with every inline projection applied
 * in the same transaction, as commands do: offices added in the first weeks, then status
 * changes, leases, rate changes, desk edits and a few contacts on random offices.
 */
async function generateOfficeLog(database: BenchDatabase, options: ReportsBenchOptions, locationIds: string[]): Promise<number> {
  const rng = prng(20_250_301);
  const now = Date.now();
  const span = options.months * 30.4 * 86_400_000;
  const weeks = Math.ceil(options.months * 4.35);
  const offices = Array.from({ length: options.offices }, (_, i) => ({
    id: randomUUID(),
    location: locationIds[i % locationIds.length]!,
    version: 0,
    status: 'VACANT' as OfficeStatus,
    monthly: 500 + rng.below(80) * 50,
  }));
  const updates = options.events - options.offices;
  let written = 0;
  for (let week = 0; week < weeks; week++) {
    const batches = new Map<(typeof offices)[number], OfficeEvent[]>();
    const add = (office: (typeof offices)[number], event: OfficeEvent) => batches.set(office, [...(batches.get(office) ?? []), event]);
    // Offices open over the first tenth of the span.
    const opening = Math.ceil(weeks / 10);
    if (week < opening) {
      for (const office of offices.slice(Math.floor((week * offices.length) / opening), Math.floor(((week + 1) * offices.length) / opening))) {
        add(office, {
          type: 'OfficeCreated',
          data: { id: office.id, office_number: `B-${office.id.slice(0, 8)}`, location_id: office.location, type: 'Private Office', desks: 1 + rng.below(12), floor: 1, windowed: false, marketed_rates: { monthly: office.monthly, six_month: 0, twelve_month: 0 } },
        });
      }
    }
    const clock = now - span + ((week + 0.5) * span) / weeks;
    const day = new Date(clock).toISOString().slice(0, 10);
    const share = Math.floor((updates * (week + 1)) / weeks) - Math.floor((updates * week) / weeks);
    const open = offices.slice(0, Math.floor(((Math.min(week, opening - 1) + 1) * offices.length) / opening));
    for (let n = 0; n < share; n++) {
      const office = open[rng.below(open.length)]!;
      const roll = rng.next();
      if (roll < 0.4) {
        const status: OfficeStatus = rng.next() < 0.6 ? (office.status === 'LEASED' ? 'VACANT' : 'LEASED') : rng.pick(OFFICE_STATUSES);
        office.status = status;
        add(office, { type: 'OfficeStatusChanged', data: { status } });
      } else if (roll < 0.65) {
        const term = rng.pick(TERMS);
        add(office, { type: 'OfficeLeaseSet', data: { signed_rate: Math.round(office.monthly * (0.85 + rng.next() * 0.25)), term_months: term, start_date: day, end_date: leaseEndDate(day, term) } });
      } else if (roll < 0.85) {
        office.monthly = 500 + rng.below(80) * 50;
        add(office, { type: 'OfficeRatesChanged', data: { marketed_rates: { monthly: office.monthly, six_month: 0, twelve_month: 0 } } });
      } else if (roll < 0.9) {
        add(office, { type: 'OfficeContactAdded', data: { contact: { id: randomUUID(), name: 'Bench Contact', email: 'contact@bench.example', phone: null, role: null, is_primary: false } } });
      } else {
        add(office, { type: 'OfficeDetailsEdited', data: { desks: 1 + rng.below(12) } });
      }
    }
    let tick = 0;
    const appends: AppendArgs[] = [...batches].map(([office, events]) => {
      for (const event of events) OfficeEventSchemas[event.type].parse(event.data);
      const metadata: EventMetadata = {
        user_id: 'bench',
        correlation_id: randomUUID(),
        causation_id: null,
        at: new Date(clock + tick++ * 1000).toISOString(),
        scope: { locations: [office.location] },
      };
      const expectedVersion = office.version;
      office.version += events.length;
      written += events.length;
      return { streamId: `office-${office.id}`, streamType: 'office', expectedVersion, events, metadata };
    });
    await database.sql.begin(async (tx) => {
      const stored = await appendMany(tx, appends);
      await applyInline(tx, stored.flat());
    });
  }
  return written;
}

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Reports over a long log: the occupancy report as of a day a year back against the live one
 * (same run, alternating), the queries behind them alone, and the 12 days of the occupancy
 * history, on a log written a week per transaction with the inline projections applied.
 */
export async function benchReports(database: BenchDatabase, options: ReportsBenchOptions, progress: (line: string) => void): Promise<ReportsBenchResult> {
  const started = performance.now();
  const small = await generateLog(database.sql, { locations: options.locations, users: 10, events: options.locations + 10 + 40, userShare: 0.2, rounds: 1 });
  // Their read models, before the offices that refer to them.
  await rebuild(database.sql);
  const locationIds = small.locationStreams.map((s) => s.streamId.slice('location-'.length));
  progress(`writing ${options.events.toLocaleString('en-US')} events with their read models: ${options.offices.toLocaleString('en-US')} offices over ${options.months} months`);
  const officeEvents = await generateOfficeLog(database, { ...options, events: options.events - small.events }, locationIds);
  const generateSeconds = (performance.now() - started) / 1000;
  // As autovacuum would during so long a write: dead versions of closed stretches leave the
  // span index, and the planner gets statistics.
  progress('VACUUM ANALYZE of the read models');
  await database.sql.unsafe('VACUUM ANALYZE offices, office_history');
  const [history] = await database.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM office_history`;
  const historyRows = history?.n ?? 0;

  return withServer(database, async ({ url, token }) => {
    const today = reportToday(new Date());
    const yearBack = addDays(today, -365);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (query: string) => {
      const res = await fetch(`${url}/api/reports/occupancy${query}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`report ${query}: ${res.status}`);
    };
    const scope = { all: true, locations: [], location: null };
    const seriesDays = Array.from({ length: 12 }, (_, i) => addDays(yearBack, 30 * i + 1));
    progress(`${options.samples} live and ${options.samples} as-of reports, alternating, then the queries alone`);
    const runs = { current: [] as number[], asOf: [] as number[], currentQuery: [] as number[], asOfQuery: [] as number[], series: [] as number[] };
    for (let i = 0; i < WARMUP + options.samples; i++) {
      const measured = i >= WARMUP;
      const samples = [
        ['current', await time(() => get(''))],
        ['asOf', await time(() => get(`?as_of=${yearBack}`))],
        ['currentQuery', await time(() => currentAggregates(database.sql, scope))],
        ['asOfQuery', await time(() => aggregatesAsDaysBegan(database.sql, scope, [addDays(yearBack, 1)]))],
        ['series', await time(() => aggregatesAsDaysBegan(database.sql, scope, seriesDays))],
      ] as const;
      if (measured) for (const [name, ms] of samples) runs[name].push(ms);
    }
    return {
      events: small.events + officeEvents,
      generateSeconds,
      historyRows,
      current: percentiles(runs.current),
      asOfYearBack: percentiles(runs.asOf),
      currentQuery: percentiles(runs.currentQuery),
      asOfQuery: percentiles(runs.asOfQuery),
      series: percentiles(runs.series),
    };
  });
}
