import { execFileSync } from 'node:child_process';
import { writeFiguresTo } from './figures';
import { openBenchDatabase, type BenchDatabase } from './database';
import { benchDashboard } from './dashboard';
import { benchDealBoard } from './dealBoard';
import { printRemote, REMOTE } from './remoteReport';
import { benchRemote } from './remote';
import { percentiles } from './live';
import { measureBundle } from './bundle';
import { benchGridRender } from './gridRender';
import { benchImport } from './imports';
import { benchSearch } from './search';
import { benchSlowLink } from './slowLink';
import { SLOW_LINK_RUNS, printSlowLink } from './slowLinkReport';
import { benchOfficeList } from './officeList';
import { benchRecovery } from './recovery';
import { RECOVERY, printRecovery } from './recoveryReport';
import { benchReports } from './reports';
import { count, median, ms, percentileCells, perSecond, ratio, seconds, table } from './report';
import { benchDealMovesPart, benchLivePart, benchPushPart } from './livePart';
import { STORE_CONNECTIONS, benchAppendsPart, benchStorePart } from './storePart';

/**
 * `npm run bench`: throughput of the event store and the projections on one fresh database,
 * then live latency (REST mutation to every allowed socket) on a second one.
 * Figures are printed, never asserted: they depend on the machine.
 */

/**
 * `npm run bench -- live dashboard` runs only those parts; without names, all of them. `rebuild`
 * is the store part without its appends: the log, readAll, the rebuild and its COPY reference.
 */
const args = process.argv.slice(2);
/** `--json FILE`: every figure is also left in FILE, as JSON (`figures.ts`). */
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const wanted = args.filter((_, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));
const runs = (name: string) => wanted.length === 0 || wanted.includes(name);
writeFiguresTo(jsonFile);

const progress = (line: string) => process.stderr.write(`  … ${line}\n`);

/** Drops `database` on Ctrl-C (or SIGTERM) while `work` runs, and in any case once it ends. */
async function withDatabase<T>(database: BenchDatabase, work: (database: BenchDatabase) => Promise<T>): Promise<T> {
  const interrupted = () => {
    process.stderr.write('Interrupted: dropping the bench database.\n');
    void database.close().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    return await work(database);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await database.close();
  }
}

if (runs('store') || wanted.includes('rebuild')) await withDatabase(await openBenchDatabase(STORE_CONNECTIONS), (database) => benchStorePart(database, progress));

if (runs('appends')) await withDatabase(await openBenchDatabase(STORE_CONNECTIONS), (database) => benchAppendsPart(database, progress));

if (runs('live')) await withDatabase(await openBenchDatabase(20), (database) => benchLivePart(database, progress));
if (runs('push')) await withDatabase(await openBenchDatabase(20), (database) => benchPushPart(database, progress));
if (runs('dealMoves')) await withDatabase(await openBenchDatabase(20), (database) => benchDealMovesPart(database, progress));

/** GET /api/offices with 10,000 offices, against a bare Koa endpoint serving the same JSON. */
const OFFICE_LIST = { offices: 10_000, connections: 50, seconds: 5 };
const OFFICE_LIST_TARGET = 2;

if (runs('officeList')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`office list: the server on a third fresh database, ${database.name}`);
  const result = await benchOfficeList(database, OFFICE_LIST, progress);
  const slower = result.bare.requestsPerSecond / result.api.requestsPerSecond;
  console.log('');
  console.log(
    table(
      [`GET /api/offices, ${count(result.offices)} offices (${(result.payloadBytes / 1024 / 1024).toFixed(1)} MB), ${OFFICE_LIST.connections} connections`, 'p50', 'p99', 'req/s', 'errors'],
      [
        ['the API (auth, access filter, the in-memory list)', ms(result.api.p50), ms(result.api.p99), result.api.requestsPerSecond.toFixed(1), String(result.api.errors)],
        ['bare Koa, the same JSON from memory', ms(result.bare.p50), ms(result.bare.p99), result.bare.requestsPerSecond.toFixed(1), String(result.bare.errors)],
      ],
    ),
  );
  console.log('');
  console.log(`Bare req/s / API req/s: ${ratio(slower)} (target: within ${OFFICE_LIST_TARGET}x: ${slower <= OFFICE_LIST_TARGET ? 'met' : 'BELOW'})`);
});

if (runs('bundle')) {
  console.log('');
  progress('building the client for the bundle report');
  const bundle = measureBundle();
  const BUNDLE_TARGET_KB = 250;
  console.log('');
  console.log(
    table(
      ['Client bundle: initial JavaScript, gzip', 'Size', 'Files', 'Target', 'Status'],
      [
        ['/login (entry + sign-in screen)', `${bundle.loginKb.toFixed(1)} KB`, String(bundle.loginFiles), `< ${BUNDLE_TARGET_KB} KB`, bundle.loginKb < BUNDLE_TARGET_KB ? 'met' : 'BELOW'],
        ['shell (entry + shell + first screen)', `${bundle.shellKb.toFixed(1)} KB`, String(bundle.shellFiles), '', ''],
      ],
    ),
  );
}

/** The office grid with 1,000 offices, in Chromium, after the client was built above. */
if (runs('grid')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`office grid: the server on a fourth fresh database, ${database.name}`);
  const grid = await benchGridRender(database, 1_000, 3, progress);
  console.log('');
  if (!grid) {
    console.log('Office grid: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  console.log(
    table(
      [`Office grid in Chromium, ${count(grid.offices)} offices, All Locations`, 'median', 'runs'],
      [
        ['navigation to the first office card painted', ms(median(grid.firstCard)), grid.firstCard.map((v) => v.toFixed(0)).join(', ')],
        ['a search until the grid shows the one match', ms(median(grid.search)), grid.search.map((v) => v.toFixed(0)).join(', ')],
      ],
    ),
  );
  console.log(`Cards in the DOM after the first render: ${grid.cardsInDom} of ${count(grid.offices)} (the grid is virtualised).`);
});

/** A cold /offices over a slow link, compressed and, as the reference, uncompressed. */
// Only when named: six cold loads over the throttled link take a few minutes.
if (wanted.includes('slowlink')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  // Asked for alone, it still measures the client as it is now.
  if (!runs('bundle')) {
    progress('building the client for the slow-link run');
    execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'error'], { stdio: 'inherit' });
  }
  progress(`slow link: the server on a fresh database, ${database.name}`);
  const slow = await benchSlowLink(database, SLOW_LINK_RUNS, progress);
  console.log('');
  if (!slow) {
    console.log('Slow link: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  printSlowLink(slow);
});

/** The deal board with 3,000 deals (900 in one column) and with 30, in Chromium, on one server. */
const DEAL_BOARD = { large: 3_000, small: 30, runs: 3 };
const DEAL_BOARD_TARGET = 1.5;

if (runs('dealBoard')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`deal board: the server on a fifth fresh database, ${database.name}`);
  const board = await benchDealBoard(database, DEAL_BOARD, DEAL_BOARD.runs, progress);
  console.log('');
  if (!board) {
    console.log('Deal board: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  const frames = { large: percentiles(board.large.frames), small: percentiles(board.small.frames) };
  const row = (size: 'large' | 'small') => {
    const run = board[size];
    return [
      `${count(run.deals)} deals (longest column ${count(run.longestColumn)}; ${run.cardsInDom} cards in the DOM)`,
      ms(median(run.firstRender)),
      ...percentileCells(frames[size]),
      String(run.frames.length),
    ];
  };
  console.log(
    table(
      [`Deal board in Chromium, a card dragged across all six columns (${DEAL_BOARD.runs} runs each)`, 'first render', 'frame p50', 'frame p95', 'frame p99', 'frames'],
      [row('large'), row('small')],
    ),
  );
  const slower = frames.large.p95 / frames.small.p95;
  console.log(`Frame p95 with ${count(DEAL_BOARD.large)} deals / with ${count(DEAL_BOARD.small)}: ${ratio(slower)} (target <= ${DEAL_BOARD_TARGET}: ${slower <= DEAL_BOARD_TARGET ? 'met' : 'BELOW'})`);
  console.log(`First render with ${count(DEAL_BOARD.large)} deals / with ${count(DEAL_BOARD.small)}: ${ratio(median(board.large.firstRender) / median(board.small.firstRender))}`);
});

if (runs('remote')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`remote moves: the server on a fresh database, ${database.name}`);
  const result = await benchRemote(database, REMOTE, progress);
  console.log('');
  if (!result) {
    console.log('Remote moves: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  printRemote(result);
});

/** A 10,000-row CSV of offices, imported while clients keep reading the office list. */
const IMPORT = { rows: 10_000, readers: 4 };
const SEARCH = { rows: 50_000, samples: 60 };

if (runs('imports')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`CSV import: the server on a sixth fresh database, ${database.name}`);
  const result = await benchImport(database, IMPORT.rows, IMPORT.readers, progress);
  console.log('');
  console.log(
    table(
      [`CSV import of ${count(result.rows)} offices`, 'time', 'per 1,000 rows'],
      [
        ['preview (parse, check every row)', ms(result.previewMs), ms((result.previewMs / result.rows) * 1000)],
        ['import (one bulk transaction)', ms(result.importMs), ms((result.importMs / result.rows) * 1000)],
      ],
    ),
  );
  console.log('');
  console.log(
    table(
      [`GET /api/offices?location=…, ${IMPORT.readers} clients in a loop`, 'p50', 'p95', 'p99', 'requests'],
      [
        ['during the import', ...percentileCells(result.during), count(result.requests.during)],
        ['as long again without it', ...percentileCells(result.idle), count(result.requests.idle)],
      ],
    ),
  );
  console.log(`GET p99 during the import / without: ${ratio(result.during.p99 / result.idle.p99)}`);

  // Find anything, on the same database with the rows the import left and more.
  console.log('');
  const found = await benchSearch(database, SEARCH.rows, SEARCH.samples, progress);
  console.log(
    table(
      [`Ctrl+K search over ${count(found.rows)} rows, one request at a time`, 'p50', 'p95', 'p99'],
      [
        ['GET /api/search?q=… (six kinds of text)', ...percentileCells(found.search)],
        [`GET /api/offices, the whole list (${(found.listBytes / 1024 / 1024).toFixed(1)} MB)`, ...percentileCells(found.list)],
      ],
    ),
  );
  console.log(`Search p99 / one list GET p50: ${ratio(found.search.p99 / found.list.p50)} (target: under one GET of the list: ${found.search.p99 < found.list.p50 ? 'met' : 'BELOW'})`);
});

/** The dashboard on a log of a million events, against the public config route. */
const DASHBOARD = { offices: 10_000, tasks: 20_000, events: 1_000_000, samples: 200 };
const DASHBOARD_TARGET = 3;

if (runs('dashboard')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`dashboard: a log of ${count(DASHBOARD.events)} events on a seventh fresh database, ${database.name}`);
  const result = await benchDashboard(database, DASHBOARD, progress);
  console.log('');
  console.log(
    table(
      [`${count(result.offices)} offices, ${count(result.tasks)} tasks, ${count(result.events)} events; one request at a time`, 'p50', 'p95', 'p99'],
      [
        [`GET /api/dashboard, the admin, All Locations (${count(result.bytes)} bytes)`, ...percentileCells(result.all)],
        ['GET /api/dashboard?location=…, the admin, one location', ...percentileCells(result.one)],
        ['GET /api/dashboard, a location manager (their locations)', ...percentileCells(result.manager)],
        ['GET /api/dashboard, the admin, All Locations, each right after another user\'s write', ...percentileCells(result.afterWrite)],
        ['GET /api/config (public, from memory)', ...percentileCells(result.config)],
      ],
    ),
  );
  const worst = Math.max(result.all.p50, result.one.p50, result.manager.p50);
  console.log(`Dashboard p50 / config p50: ${ratio(result.all.p50 / result.config.p50)} (All), ${ratio(result.one.p50 / result.config.p50)} (one location), ${ratio(result.manager.p50 / result.config.p50)} (manager)`);
  console.log(`Target: within ${DASHBOARD_TARGET}x: ${worst / result.config.p50 <= DASHBOARD_TARGET ? 'met' : 'BELOW'}; p99 ratio (All) ${ratio(result.all.p99 / result.config.p99)}`);
  console.log(`Right after a write (answer computed from the read models, not kept): p50 ${ratio(result.afterWrite.p50 / result.config.p50)} x config`);
});

/** Reports over a log of 1,000,000 events: as of a day a year back against the live report, and the 12-month history. */
const REPORTS = { events: 1_000_000, locations: 50, offices: 10_000, months: 36, samples: 20 };
const REPORTS_TARGET = 5;

if (runs('reports')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`reports: ${count(REPORTS.events)} events on an eighth fresh database, ${database.name}`);
  const result = await benchReports(database, REPORTS, progress);
  console.log('');
  console.log(
    table(
      [`Occupancy report, All Locations, ${count(result.events)} events (${count(REPORTS.offices)} offices, ${count(result.historyRows)} stretches)`, 'p50', 'p95', 'p99'],
      [
        ['GET /api/reports/occupancy (live: the office read model)', ...percentileCells(result.current)],
        ['GET /api/reports/occupancy?as_of=<a year back>', ...percentileCells(result.asOfYearBack)],
        ['  the counts alone: offices as they stand', ...percentileCells(result.currentQuery)],
        ['  the counts alone: office_history as a day a year back ended', ...percentileCells(result.asOfQuery)],
        ['  the 12-month history alone (12 days in one query)', ...percentileCells(result.series)],
      ],
    ),
  );
  const slower = result.asOfYearBack.p50 / result.current.p50;
  console.log(`As of a year back / live, p50: ${ratio(slower)} (target <= ${REPORTS_TARGET}: ${slower <= REPORTS_TARGET ? 'met' : 'BELOW'}); counts alone: ${ratio(result.asOfQuery.p50 / result.currentQuery.p50)}`);
  console.log(`Log and read models written in ${seconds(result.generateSeconds)} (${perSecond(result.events / result.generateSeconds, 'events')}), a week of office life per transaction.`);
});

/** A database restart under 2 nodes, 300 tabs and writers; then one node restarted. */
if (runs('recovery')) {
  console.log('');
  progress(`recovery: a database restart under two nodes and ${count(RECOVERY.sockets)} tabs`);
  const result = await benchRecovery(RECOVERY, progress);
  printRecovery(result);
}
