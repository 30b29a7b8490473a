import os from 'node:os';
import { benchAppends, prepareRawTable } from './appends';
import type { BenchDatabase } from './database';
import { figure, status } from './figures';
import { generateLog } from './generate';
import { measurePeakRss } from './peakRss';
import { benchCopy, benchReadAll, benchRebuild } from './readAndRebuild';
import { count, perSecond, ratio, seconds, table, type Progress } from './report';

/** The event store's parts of the bench: throughput of the log, the rebuild and single appends. */

/** BENCH_EVENTS makes a smaller log for trying things out; the figures stand on the 1,000,000. */
/**
 * Office-heavy, as an operator's log is: 50,000 offices take 70% of the events, most of which
 * open a stretch of the office's history, so a rebuild that held every row would hold ~600,000.
 */
const LOG = {
  events: Number(process.env.BENCH_EVENTS ?? 1_000_000),
  locations: 1_000,
  users: 1_000,
  offices: Number(process.env.BENCH_OFFICES ?? 50_000),
  userShare: 0.1,
  officeShare: 0.7,
  rounds: 4,
};
/**
 * Run to run on a small machine, 6,000 transactions swing the ratio by +-0.03; 24,000 hold it
 * within about 0.01.
 */
const APPENDS = [
  { writers: 1, transactions: 24_000 },
  { writers: 8, transactions: 24_000 },
  // As in production: the live gateway follows the log while the writers append.
  { writers: 8, transactions: 24_000, follow: true },
];
const WARMUP_TRANSACTIONS = 200;
/** append() and raw INSERT alternate in this many slices of each configuration. */
const SEGMENTS = 120;
const READ_BATCH = 5_000;
const APPEND_TARGET = 0.9;
/** rebuild events/s ÷ COPY events/s of the same rows. */
const REBUILD_TARGET = 1.0;
/** MB the process may grow by while it rebuilds, whatever the log's length. */
const REBUILD_RSS_TARGET = 300;
/** Connections the store's parts need: the most writers at once, the follower and one spare. */
export const STORE_CONNECTIONS = Math.max(...APPENDS.map((c) => c.writers)) + 2;

/** The log generated, read back with readAll(), and every projection rebuilt from it, against COPY. */
export async function benchStorePart(database: BenchDatabase, progress: Progress): Promise<void> {
  const { sql } = database;
  const [pg] = await sql<{ version: string }[]>`SELECT version()`;
  console.log('FlexSpace event store benchmark');
  const memory = (os.totalmem() / 2 ** 30).toFixed(1);
  console.log(`Machine:    ${os.cpus().length} CPUs, ${memory} GiB RAM, Node ${process.version}`);
  console.log(`PostgreSQL: ${pg?.version ?? 'unknown'}`);
  console.log(`Server:     ${database.server}, fresh database ${database.name}`);
  console.log('');

  progress(`generating ${count(LOG.events)} events (${count(LOG.locations)} locations, ${count(LOG.users)} users)`);
  const log = await generateLog(sql, LOG);
  progress(`generated in ${seconds(log.seconds)}`);

  progress(`reading the whole log with readAll(), batches of ${READ_BATCH}`);
  const read = await benchReadAll(sql, READ_BATCH);
  figure({ part: 'store', name: `readAll(), batches of ${READ_BATCH}, ${count(read.events)} events`, value: read.perSecond, unit: 'events/s' });

  progress('rebuilding every projection');
  const { result: rebuilt, growthMb, baselineMb } = await measurePeakRss(() => benchRebuild(sql, log));
  progress('copying the log with COPY, the reference for the rebuild');
  const copied = await benchCopy(sql);
  const speed = figure({
    part: 'rebuild',
    name: `rebuild(), all projections, ${count(rebuilt.events)} events (${count(log.offices)} offices), events/s`,
    value: rebuilt.perSecond,
    unit: 'events/s',
    reference: { name: `COPY of the same ${count(copied.events)} rows out and into a table, events/s`, value: copied.perSecond },
    target: ['>=', REBUILD_TARGET],
  });
  const rss = figure({
    part: 'rebuild',
    name: `rebuild(), peak resident set growth over ${baselineMb.toFixed(0)} MB before it`,
    value: growthMb,
    unit: 'MB',
    target: ['<=', REBUILD_RSS_TARGET],
  });

  console.log('');
  console.log(
    table(
      ['Measure', 'Throughput', 'ratio', 'Target', 'Status'],
      [
        [
          `readAll(), batches of ${READ_BATCH}, ${count(read.events)} events`,
          perSecond(read.perSecond, 'events'),
          '',
          '',
          '',
        ],
        [
          `rebuild(), all projections, ${count(rebuilt.events)} events (${seconds(rebuilt.seconds)})`,
          perSecond(rebuilt.perSecond, 'events'),
          `rebuild/COPY ${ratio(speed.ratio!)}`,
          `>= ${ratio(REBUILD_TARGET)}`,
          status(speed),
        ],
        [
          `  COPY of the same ${count(copied.events)} rows out and into a table (${seconds(copied.seconds)})`,
          perSecond(copied.perSecond, 'events'),
          '',
          '',
          '',
        ],
        [`rebuild(), peak resident set growth`, `${growthMb.toFixed(0)} MB`, '', `<= ${REBUILD_RSS_TARGET} MB`, status(rss)],
      ],
    ),
  );
  console.log('');
  console.log(
    `Log: ${count(log.events)} events written in ${seconds(log.seconds)} by append(), ${LOG.rounds} bulk transactions.`,
  );
  console.log(
    `Rebuild verified: ${count(log.locations)} locations, ${count(log.users)} users and ${count(log.offices)} offices, each at its stream's head version.`,
  );
  console.log(
    `Rebuild ${perSecond(rebuilt.perSecond, 'events')}, COPY of the same rows ${perSecond(copied.perSecond, 'events')}, rebuild/COPY ${ratio(speed.ratio!)}; target >= ${ratio(REBUILD_TARGET)}: ${status(speed)}. Peak resident set growth ${growthMb.toFixed(0)} MB; target <= ${REBUILD_RSS_TARGET} MB: ${status(rss)}.`,
  );
}

/**
 * Single-event appends against a raw INSERT of the same rows, on a log of its own (smaller than
 * the store part's: the index depth, not the log's length, is what an insert pays).
 */
const APPEND_LOG = { events: 200_000, locations: 1_000, users: 1_000, userShare: 0.1, rounds: 4 };

/** Single-event appends against a raw INSERT of the same rows. */
export async function benchAppendsPart(database: BenchDatabase, progress: Progress): Promise<void> {
  const { sql } = database;
  const [pg] = await sql<{ version: string }[]>`SELECT version()`;
  console.log('');
  console.log(`Appends: ${os.cpus().length} CPUs, Node ${process.version}, ${pg?.version.split(' on ')[0] ?? 'PostgreSQL'} (${database.server})`);
  progress(`generating ${count(APPEND_LOG.events)} events for the appends`);
  const log = await generateLog(sql, APPEND_LOG);
  progress('copying the log into raw_events');
  await prepareRawTable(sql);
  const appends = await benchAppends(sql, log.locationStreams, APPENDS, WARMUP_TRANSACTIONS, SEGMENTS, progress);
  const rows = appends.flatMap((a) => {
    const label = `${a.writers} writer${a.writers === 1 ? '' : 's'}, ${count(a.transactions)} tx${a.follow ? ', log followed' : ''}`;
    const f = figure({
      part: 'appends',
      name: `append(), 1 event/tx, ${label}`,
      value: a.appendPerSecond,
      unit: 'tx/s',
      reference: { name: `raw INSERT, same rows, ${label}`, value: a.rawPerSecond },
      target: ['>=', APPEND_TARGET],
    });
    figure({ part: 'appends', name: `append()/raw INSERT, median of ${SEGMENTS} slices, ${label}`, value: a.sliceRatio, unit: 'ratio' });
    return [
      [`append(), 1 event/tx, ${label}`, perSecond(a.appendPerSecond, 'tx'), ratio(f.ratio!), ratio(a.sliceRatio), `>= ${APPEND_TARGET}`, status(f)],
      [`  raw INSERT, same rows, ${label}`, perSecond(a.rawPerSecond, 'tx'), '', '', '', ''],
    ];
  });
  console.log('');
  console.log(table(['Measure', 'Throughput', 'append/raw', `median of ${SEGMENTS} slices`, 'Target', 'Status'], rows));
  console.log('');
  console.log(`Log: ${count(log.events)} events before the appends.`);
  console.log('raw INSERT: a table of the same columns and indexes as events; no RETURNING, no NOTIFY.');
}
