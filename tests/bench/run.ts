import os from 'node:os';
import { benchAppends, prepareRawTable } from './appends';
import { openBenchDatabase } from './database';
import { generateLog } from './generate';
import { benchReadAll, benchRebuild } from './readAndRebuild';
import { count, perSecond, ratio, seconds, table, verdict } from './report';

/**
 * `npm run bench`: throughput of the event store and the projections on one fresh database.
 * Figures are printed, never asserted: they depend on the machine.
 */
const LOG = { events: 100_000, locations: 1_000, users: 1_000, userShare: 0.1, rounds: 4 };
const APPENDS = [
  { writers: 1, transactions: 3_000 },
  { writers: 8, transactions: 3_000 },
  // As in production: the live gateway follows the log while the writers append.
  { writers: 8, transactions: 3_000, follow: true },
];
const WARMUP_TRANSACTIONS = 200;
/** append() and raw INSERT alternate in this many slices of each configuration. */
const SEGMENTS = 3;
const READ_BATCH = 5_000;
const APPEND_TARGET = 0.7;
const REBUILD_TARGET = 10_000;

const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

const database = await openBenchDatabase(Math.max(...APPENDS.map((c) => c.writers)) + 2);
const interrupted = () => {
  process.stderr.write('Interrupted: dropping the bench database.\n');
  void database.close().finally(() => process.exit(130));
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);

try {
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

  progress('rebuilding every projection');
  const rebuilt = await benchRebuild(sql, log);

  progress('copying the log into raw_events');
  await prepareRawTable(sql);
  const appends = await benchAppends(sql, log.locationStreams, APPENDS, WARMUP_TRANSACTIONS, SEGMENTS, progress);

  const appendRows = appends.flatMap((a) => {
    const r = a.appendPerSecond / a.rawPerSecond;
    const label = `${a.writers} writer${a.writers === 1 ? '' : 's'}, ${count(a.transactions)} tx${a.follow ? ', log followed' : ''}`;
    return [
      [
        `append(), 1 event/tx, ${label}`,
        perSecond(a.appendPerSecond, 'tx'),
        ratio(r),
        `>= ${APPEND_TARGET}`,
        verdict(r, APPEND_TARGET),
      ],
      [`  raw INSERT, same rows, ${label}`, perSecond(a.rawPerSecond, 'tx'), '', '', ''],
    ];
  });
  console.log('');
  console.log(
    table(
      ['Measure', 'Throughput', 'append/raw', 'Target', 'Status'],
      [
        ...appendRows,
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
          '',
          `>= ${perSecond(REBUILD_TARGET, 'events')}`,
          verdict(rebuilt.perSecond, REBUILD_TARGET),
        ],
      ],
    ),
  );
  console.log('');
  console.log(
    `Log: ${count(log.events)} events written in ${seconds(log.seconds)} by append(), ${LOG.rounds} bulk transactions.`,
  );
  console.log(
    `Rebuild verified: ${count(log.locations)} locations and ${count(log.users)} users, each at its stream's head version.`,
  );
  console.log('raw INSERT: a table of the same columns and indexes as events, no lock, no head read, no notify.');
} finally {
  process.off('SIGINT', interrupted);
  process.off('SIGTERM', interrupted);
  await database.close();
}
