import { execFileSync } from 'node:child_process';
import { figure, status, writeFiguresTo } from './figures';
import { percentileFigures } from './percentileFigures';
import { openBenchDatabase, type BenchDatabase } from './database';
import { benchDashboard } from './dashboard';
import { DASHBOARD, printDashboard } from './dashboardReport';
import { benchDealBoard } from './dealBoard';
import { benchAsOfBoardPart } from './asOfBoard';
import { printRemote, REMOTE } from './remoteReport';
import { benchRemote } from './remote';
import { percentiles } from './live';
import { measureBundle } from './bundle';
import { benchGridRender } from './gridRender';
import { benchFloorplanRender } from './floorplanRender';
import { benchImport } from './imports';
import { benchSearch } from './search';
import { benchSustained, type SustainedPhase } from './sustained';
import { benchSlowLink } from './slowLink';
import { SLOW_LINK_RUNS, printSlowLink } from './slowLinkReport';
import { benchOfficeList } from './officeList';
import { benchRecovery } from './recovery';
import { CATCH_UP, RECOVERY, printCatchUp, printRecovery } from './recoveryReport';
import { benchBareRestart } from './bareRestart';
import { benchReports } from './reports';
import { count, median, ms, percentileCells, perSecond, ratio, seconds, table } from './report';
import { benchLivePart, benchMovesPart, benchPushPart } from './livePart';
import { STORE_CONNECTIONS, benchAppendsPart, benchStorePart } from './storePart';
import { benchFloorplanLivePart } from './floorplanLive';
import { benchBookingCalendarPart, benchBookingRacePart } from './bookingsPart';
import { benchMeetingBoardPart, benchMeetingFollowPart } from './meetingPart';

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
if (runs('moves')) await withDatabase(await openBenchDatabase(20), (database) => benchMovesPart(database, progress));
if (runs('floorplan')) await withDatabase(await openBenchDatabase(20), (database) => benchFloorplanLivePart(database, progress));

/** 30 writers and 300 connected sockets for a minute, against one of those writers alone. */
const SUSTAINED = { writers: 30, sockets: 300, seconds: Number(process.env.SUSTAINED_SECONDS ?? 60) };
const SUSTAINED_TARGET = 10;

if (runs('sustained')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`sustained writes: the server on a fresh database, ${database.name}`);
  const result = await benchSustained(database, SUSTAINED, progress);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  const row = (label: string, p: SustainedPhase) => [label, ...percentileCells(p.latency), count(p.requests), perSecond(p.perSecond, 'req'), count(p.errors), count(p.conflicts)];
  console.log('');
  console.log(
    table(
      [`Writes with ${count(result.sockets)} sockets connected (${count(result.socketUsers)} users), ${SUSTAINED.seconds} s each`, 'p50', 'p95', 'p99', 'requests', 'rate', 'errors', '409s'],
      [row(`${SUSTAINED.writers} writers at once (deal moves, office statuses, task edits)`, result.loaded), row('one of them alone', result.alone)],
    ),
  );
  const p99 = figure({
    part: 'sustained',
    name: `request p99, ${SUSTAINED.writers} writers and ${SUSTAINED.sockets} sockets, ms`,
    value: result.loaded.latency.p99,
    unit: 'ms',
    reference: { name: `request p99, one writer alone with the same sockets, ms`, value: result.alone.latency.p99 },
    target: ['<=', SUSTAINED_TARGET],
  });
  figure({ part: 'sustained', name: `request p50, ${SUSTAINED.writers} writers, ms`, value: result.loaded.latency.p50, unit: 'ms' });
  figure({ part: 'sustained', name: `request p95, ${SUSTAINED.writers} writers, ms`, value: result.loaded.latency.p95, unit: 'ms' });
  figure({ part: 'sustained', name: `requests, ${SUSTAINED.writers} writers`, value: result.loaded.requests, unit: 'requests' });
  figure({ part: 'sustained', name: `errors (not 2xx, not 409), ${SUSTAINED.writers} writers`, value: result.loaded.errors, unit: 'requests' });
  figure({ part: 'sustained', name: `409s, ${SUSTAINED.writers} writers`, value: result.loaded.conflicts, unit: 'requests' });
  figure({ part: 'sustained', name: 'server RSS before the writers', value: result.rss.before / 2 ** 20, unit: 'MB' });
  figure({ part: 'sustained', name: 'server RSS after the writers', value: result.rss.after / 2 ** 20, unit: 'MB' });
  console.log('');
  console.log(`p99 with ${SUSTAINED.writers} writers / one writer alone: ${ratio(p99.ratio!)} (target <= ${SUSTAINED_TARGET}: ${status(p99)})`);
  console.log(`Pushes taken by the sockets during the ${SUSTAINED.writers} writers: ${count(result.pushes)}. Server RSS ${mib(result.rss.before)} before, ${mib(result.rss.after)} after.`);
  console.log('Writers and sockets run in two child processes; the server process runs the server alone.');
});

/** GET /api/offices with 10,000 offices, against a bare Koa endpoint serving the same JSON. */
const OFFICE_LIST = { offices: 10_000, connections: 50, seconds: 5 };
const OFFICE_LIST_TARGET = 2;

if (runs('officeList')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`office list: the server on a third fresh database, ${database.name}`);
  const result = await benchOfficeList(database, OFFICE_LIST, progress);
  const bareName = 'bare Koa, the same JSON from memory';
  const apiName = `GET /api/offices, ${count(result.offices)} offices, ${OFFICE_LIST.connections} connections`;
  figure({ part: 'officeList', name: `${apiName}, p50`, value: result.api.p50, unit: 'ms', reference: { name: `${bareName}, p50`, value: result.bare.p50 } });
  figure({ part: 'officeList', name: `${apiName}, p99`, value: result.api.p99, unit: 'ms', reference: { name: `${bareName}, p99`, value: result.bare.p99 } });
  figure({ part: 'officeList', name: `${apiName}, errors`, value: result.api.errors + result.bare.errors, unit: 'errors' });
  // The target is a slowdown (bare req/s over the API's): the ratio given is the reference's over the value.
  const verdict = figure({
    part: 'officeList',
    name: `${apiName}, requests/s`,
    value: result.api.requestsPerSecond,
    unit: 'req/s',
    reference: { name: `${bareName}, requests/s`, value: result.bare.requestsPerSecond },
    ratio: result.bare.requestsPerSecond / result.api.requestsPerSecond,
    target: ['<=', OFFICE_LIST_TARGET],
  });
  const slower = verdict.ratio!;
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
  console.log(`Bare req/s / API req/s: ${ratio(slower)} (target: within ${OFFICE_LIST_TARGET}x: ${status(verdict)})`);
});

if (runs('bundle')) {
  console.log('');
  progress('building the client for the bundle report');
  const bundle = measureBundle();
  const BUNDLE_TARGET_KB = 250;
  // The target is "< 250 KB"; a figure's ceiling includes its bound, which 0.1 KB cannot tell apart.
  const login = figure({ part: 'bundle', name: '/login initial JavaScript (entry + sign-in screen), gzip', value: bundle.loginKb, unit: 'KB', target: ['<=', BUNDLE_TARGET_KB] });
  figure({ part: 'bundle', name: '/login initial JavaScript files', value: bundle.loginFiles, unit: 'files' });
  figure({ part: 'bundle', name: 'shell initial JavaScript (entry + shell + first screen), gzip', value: bundle.shellKb, unit: 'KB' });
  figure({ part: 'bundle', name: 'shell initial JavaScript files', value: bundle.shellFiles, unit: 'files' });
  console.log('');
  console.log(
    table(
      ['Client bundle: initial JavaScript, gzip', 'Size', 'Files', 'Target', 'Status'],
      [
        ['/login (entry + sign-in screen)', `${bundle.loginKb.toFixed(1)} KB`, String(bundle.loginFiles), `< ${BUNDLE_TARGET_KB} KB`, status(login)],
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
  console.log(
    table(
      [`One office's status pushed to the open grid, ${count(grid.offices)} offices`, 'cards re-rendered', 'their components', 'other components', 'cards in the DOM'],
      grid.push.map((p, i) => [`run ${i + 1}`, String(p.cards), String(p.rowComponents), String(p.otherComponents), String(p.cardsInDom)]),
    ),
  );
  const mostCards = Math.max(...grid.push.map((p) => p.cards));
  const pushed = figure({ part: 'grid', name: `cards re-rendered by one office's pushed status, ${count(grid.offices)} offices open (most of ${grid.push.length} runs)`, value: mostCards, unit: 'cards', target: ['<=', 1] });
  console.log(`Cards re-rendered by one pushed office: ${mostCards} (target <= 1: ${status(pushed)})`);
  figure({ part: 'grid', name: `office grid, ${count(grid.offices)} offices: navigation to the first card painted, median`, value: median(grid.firstCard), unit: 'ms' });
  figure({ part: 'grid', name: `office grid, ${count(grid.offices)} offices: a search until the grid shows the one match, median`, value: median(grid.search), unit: 'ms' });
  figure({ part: 'grid', name: `office grid, ${count(grid.offices)} offices: cards in the DOM after the first render`, value: grid.cardsInDom, unit: 'cards' });
});

/**
 * Floor plans: a floor of FLOORPLAN_OFFICES (300) placed offices against one of 30, in Chromium,
 * the same run: navigation to every shape drawn, and the frame interval while one is dragged.
 */
if (runs('floorplan')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  if (!runs('bundle')) {
    progress('building the client for the floor plan run');
    execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'error'], { stdio: 'inherit' });
  }
  const large = Number(process.env.FLOORPLAN_OFFICES ?? 300);
  const small = Number(process.env.FLOORPLAN_SMALL_OFFICES ?? 30);
  const floorRuns = Number(process.env.FLOORPLAN_RUNS ?? 3);
  progress(`floor plan render: the server on a fresh database, ${database.name}`);
  const plan = await benchFloorplanRender(database, large, small, floorRuns, progress);
  console.log('');
  if (!plan) {
    console.log('Floor plan render: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  const frameLarge = percentiles(plan.large.frames);
  const frameSmall = percentiles(plan.small.frames);
  console.log(
    table(
      ['Floor plan in Chromium', `${count(large)} offices`, `${count(small)} offices`, 'ratio'],
      [
        ['navigation to every office drawn, median', ms(median(plan.large.firstRender)), ms(median(plan.small.firstRender)), ratio(median(plan.large.firstRender) / median(plan.small.firstRender))],
        ['frame interval while dragging one office, p50', ms(frameLarge.p50), ms(frameSmall.p50), ratio(frameLarge.p50 / frameSmall.p50)],
        ['frame interval while dragging one office, p95', ms(frameLarge.p95), ms(frameSmall.p95), ratio(frameLarge.p95 / frameSmall.p95)],
      ],
    ),
  );
  const first = figure({
    part: 'floorplan',
    name: `floor plan of ${count(large)} offices: navigation to every office drawn, median`,
    value: median(plan.large.firstRender),
    unit: 'ms',
    reference: { name: `floor plan of ${count(small)} offices, same run`, value: median(plan.small.firstRender) },
    target: ['<=', 3],
  });
  const drag = figure({
    part: 'floorplan',
    name: `floor plan of ${count(large)} offices: frame interval while dragging one office, p95`,
    value: frameLarge.p95,
    unit: 'ms',
    reference: { name: `floor plan of ${count(small)} offices, same run`, value: frameSmall.p95 },
    target: ['<=', 1.5],
  });
  console.log(`First render, ${count(large)} against ${count(small)} offices: ${ratio(first.ratio!)} (target <= 3: ${status(first)}); drag frame p95: ${ratio(drag.ratio!)} (target <= 1.5: ${status(drag)})`);
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
  const with_ = (size: 'large' | 'small') => `deal board in Chromium, ${count(board[size].deals)} deals`;
  const frame = figure({
    part: 'dealBoard',
    name: `${with_('large')}: frame p95 while a card is dragged across all columns`,
    value: frames.large.p95,
    unit: 'ms',
    reference: { name: `${with_('small')}: the same, p95`, value: frames.small.p95 },
    target: ['<=', DEAL_BOARD_TARGET],
  });
  for (const p of ['p50', 'p99'] as const) {
    figure({ part: 'dealBoard', name: `${with_('large')}: frame ${p}`, value: frames.large[p], unit: 'ms', reference: { name: `${with_('small')}: frame ${p}`, value: frames.small[p] } });
  }
  const render = figure({
    part: 'dealBoard',
    name: `${with_('large')}: first render, median`,
    value: median(board.large.firstRender),
    unit: 'ms',
    reference: { name: `${with_('small')}: first render, median`, value: median(board.small.firstRender) },
  });
  console.log(`Frame p95 with ${count(DEAL_BOARD.large)} deals / with ${count(DEAL_BOARD.small)}: ${ratio(frame.ratio!)} (target <= ${DEAL_BOARD_TARGET}: ${status(frame)})`);
  console.log(`First render with ${count(DEAL_BOARD.large)} deals / with ${count(DEAL_BOARD.small)}: ${ratio(render.ratio!)}`);
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
        ['as long again without it (at most 30 s)', ...percentileCells(result.idle), count(result.requests.idle)],
      ],
    ),
  );
  const importName = `CSV import of ${count(result.rows)} offices`;
  figure({ part: 'imports', name: `${importName}: preview (parse, check every row)`, value: result.previewMs, unit: 'ms' });
  figure({ part: 'imports', name: `${importName}: import (one bulk transaction)`, value: result.importMs, unit: 'ms' });
  const reads = `GET /api/offices?location=…, ${IMPORT.readers} clients in a loop`;
  percentileFigures('imports', `${reads}, during the import`, result.during, { name: `${reads}, as long again without it (at most 30 s)`, value: result.idle });
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
  const searchName = `Ctrl+K search over ${count(found.rows)} rows: GET /api/search?q=…`;
  const listName = `GET /api/offices, the whole list (${(found.listBytes / 1024 / 1024).toFixed(1)} MB)`;
  percentileFigures('imports', searchName, found.search, undefined, ['p50', 'p95']);
  percentileFigures('imports', listName, found.list);
  // The target: a search's p99 under one GET of the whole list (its p50).
  const search = figure({ part: 'imports', name: `${searchName}, p99`, value: found.search.p99, unit: 'ms', reference: { name: `${listName}, p50`, value: found.list.p50 }, target: ['<=', 1] });
  console.log(`Search p99 / one list GET p50: ${ratio(search.ratio!)} (target: under one GET of the list: ${status(search)})`);
});

if (runs('dashboard')) await withDatabase(await openBenchDatabase(20), async (database) => {
  console.log('');
  progress(`dashboard: a log of ${count(DASHBOARD.events)} events on a seventh fresh database, ${database.name}`);
  printDashboard(await benchDashboard(database, DASHBOARD, progress));
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
  const live = 'GET /api/reports/occupancy (live: the office read model)';
  const asOf = figure({
    part: 'reports',
    name: 'GET /api/reports/occupancy?as_of=<a year back>, p50',
    value: result.asOfYearBack.p50,
    unit: 'ms',
    reference: { name: `${live}, p50`, value: result.current.p50 },
    target: ['<=', REPORTS_TARGET],
  });
  percentileFigures('reports', 'GET /api/reports/occupancy?as_of=<a year back>', result.asOfYearBack, { name: live, value: result.current }, ['p95', 'p99']);
  percentileFigures('reports', live, result.current);
  percentileFigures('reports', 'the counts alone: office_history as a day a year back ended', result.asOfQuery, { name: 'the counts alone: offices as they stand', value: result.currentQuery });
  percentileFigures('reports', 'the 12-month history alone (12 days in one query)', result.series);
  figure({ part: 'reports', name: `log and read models of ${count(result.events)} events written, a week of office life per transaction`, value: result.events / result.generateSeconds, unit: 'events/s' });
  console.log(`As of a year back / live, p50: ${ratio(asOf.ratio!)} (target <= ${REPORTS_TARGET}: ${status(asOf)}); counts alone: ${ratio(result.asOfQuery.p50 / result.currentQuery.p50)}`);
  console.log(`Log and read models written in ${seconds(result.generateSeconds)} (${perSecond(result.events / result.generateSeconds, 'events')}), a week of office life per transaction.`);
});

/** A database restart under 2 nodes, 300 tabs and writers. */
if (runs('recovery')) {
  console.log('');
  progress(`recovery: a database restart under two nodes and ${count(RECOVERY.sockets)} tabs`);
  const result = await benchRecovery(RECOVERY, progress);
  printRecovery(result);
}

if (runs('bookings')) await withDatabase(await openBenchDatabase(20), (database) => benchBookingRacePart(database, progress));

if (runs('meeting')) await withDatabase(await openBenchDatabase(20), (database) => benchMeetingBoardPart(database, progress));
if (runs('meeting')) await withDatabase(await openBenchDatabase(20), (database) => benchMeetingFollowPart(database, progress));
// The meeting's history: the board as of a past instant against the live board (asOfBoard.ts); `-- asOfBoard` runs it alone.
if (runs('meeting') || wanted.includes('asOfBoard')) await withDatabase(await openBenchDatabase(8), (database) => benchAsOfBoardPart(database, progress));
/** One node of two restarted under 300 tabs: its tabs current again, against a bare socket.io restart. */
if (runs('catchup')) {
  console.log('');
  progress(`catch-up: node B of two restarted under ${count(CATCH_UP.sockets)} tabs`);
  const result = await benchRecovery(CATCH_UP, progress);
  const node = result.nodeRestart!;
  const bare = await benchBareRestart(node.tabs, node.restartSeconds * 1000, progress);
  printCatchUp(node, bare);
}

if (runs('bookings')) await withDatabase(await openBenchDatabase(20), (database) => benchBookingCalendarPart(database, progress));
