import { writeFileSync } from 'node:fs';
import type { CDPSession } from '@playwright/test';
import { DEAL_STAGES, isClosedStage, type DealStage } from '@shared/domain/deals';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';
import { apiAs, boardShown, fillBoard, openOnBoard, type Api } from './dealBoard';

/**
 * What another user's move costs a browser that shows the board: Chromium's own accounting of
 * its main thread (CDP Performance.getMetrics) over a run of moves made through the API by
 * another user while the page sits idle, per move; and the same accounting over as long a stretch
 * with no moves (the idle baseline: timers, the socket's heartbeat).
 */
export interface MainThread {
  /** All main-thread work (TaskDuration), ms. */
  task: number;
  /** JavaScript (ScriptDuration), ms. */
  script: number;
  /** Layout (LayoutDuration), ms. */
  layout: number;
  /** Style recalculation (RecalcStyleDuration), ms. */
  style: number;
}

export interface RemoteRun {
  deals: number;
  /** Cards in the DOM while measured (long columns are virtualised). */
  cardsInDom: number;
  /** Per move. */
  move: MainThread;
  /** Per stretch as long as one move's, with no move. */
  idle: MainThread;
}

export interface RemoteResult {
  large: RemoteRun;
  small: RemoteRun;
  moves: number;
  spacingMs: number;
}

export interface RemoteOptions {
  sizes: { large: number; small: number };
  moves: number;
  /** The wait after each move (and each idle stretch): long enough for everything a move sets off. */
  spacingMs: number;
  /** The page asks for reduced motion: no glide, no fading marks (to tell their cost from the render's). */
  reducedMotion?: boolean;
  /** Writes a CPU profile of each board's moves here (`<path>.<size>.cpuprofile`), for reading in DevTools. */
  profile?: string;
}

const METRICS = { task: 'TaskDuration', script: 'ScriptDuration', layout: 'LayoutDuration', style: 'RecalcStyleDuration' } as const;

async function metrics(cdp: CDPSession): Promise<MainThread> {
  const { metrics: all } = await cdp.send('Performance.getMetrics');
  const seconds = (name: string) => all.find((m) => m.name === name)?.value ?? 0;
  return { task: seconds(METRICS.task) * 1000, script: seconds(METRICS.script) * 1000, layout: seconds(METRICS.layout) * 1000, style: seconds(METRICS.style) * 1000 };
}

const perStep = (before: MainThread, after: MainThread, steps: number): MainThread => ({
  task: (after.task - before.task) / steps,
  script: (after.script - before.script) / steps,
  layout: (after.layout - before.layout) / steps,
  style: (after.style - before.style) / steps,
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Quiet: less main-thread work than this in a second. */
const QUIET_MS_PER_S = 20;
const SETTLE_LIMIT_S = 120;

/**
 * Waits until the page is quiet: the pushes of the deals just created through the API may still
 * be arriving when it opens, and the idle stretch and the moves must not pay for them.
 */
async function settle(cdp: CDPSession) {
  for (let second = 0; second < SETTLE_LIMIT_S; second++) {
    const from = await metrics(cdp);
    await pause(1000);
    if ((await metrics(cdp)).task - from.task < QUIET_MS_PER_S) return;
  }
  throw new Error(`the board was still busy after ${SETTLE_LIMIT_S} s`);
}

const OPEN_STAGES = DEAL_STAGES.filter((s) => !isClosedStage(s));

interface BoardDeal {
  id: string;
  stage: DealStage;
  rank: string;
}

/** Each open stage's deal ids in column order (rank, then id), as the board shows them. */
async function openColumns(api: Api, location: string): Promise<Record<string, string[]>> {
  const deals = await api<BoardDeal[]>('GET', `/api/deals?location=${encodeURIComponent(location)}`);
  deals.sort((a, b) => (a.rank !== b.rank ? (a.rank < b.rank ? -1 : 1) : a.id < b.id ? -1 : 1));
  return Object.fromEntries(OPEN_STAGES.map((stage) => [stage, deals.filter((d) => d.stage === stage).map((d) => d.id)]));
}

/** A second administrator, signed in: the colleague whose moves the page receives. */
async function colleague(url: string, admin: Api): Promise<Api> {
  const email = `bench.mover.${Date.now()}@flexspace.demo`;
  const password = 'bench-mover-password';
  await admin('POST', '/api/users', { name: 'Bench Mover', email, password, role: 'admin' });
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return apiAs(url, token);
}

export async function benchRemote(database: BenchDatabase, options: RemoteOptions, progress: (line: string) => void): Promise<RemoteResult | null> {
  return withBrowser(database, async ({ url, browser, token, userId }) => {
    const admin = apiAs(url, token);
    const mover = await colleague(url, admin);
    const names = { large: 'Bench Remote Large', small: 'Bench Remote Small' };
    const boards = {
      large: await fillBoard(admin, names.large, options.sizes.large, progress),
      small: await fillBoard(admin, names.small, options.sizes.small, progress),
    };
    const runs: Partial<Record<'large' | 'small', RemoteRun>> = {};
    for (const size of ['small', 'large'] as const) {
      progress(`remote moves: the board of ${options.sizes[size]} deals open in Chromium, ${options.moves} moves by another user`);
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, ...(options.reducedMotion ? { reducedMotion: 'reduce' as const } : {}) });
      await openOnBoard(context, token, userId, boards[size].id);
      const page = await context.newPage();
      await page.goto(`${url}/crm/deals`);
      await boardShown(page);
      // The summary tiles have their figures: the first load of everything is over.
      await page.getByText(/\d weighted$/).first().waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await settle(cdp);

      const idleFrom = await metrics(cdp);
      await pause(options.moves * options.spacingMs);
      const idle = perStep(idleFrom, await metrics(cdp), options.moves);

      const columns = await openColumns(mover, names[size]);
      if (options.profile) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const movesFrom = await metrics(cdp);
      let last = { id: '', stage: OPEN_STAGES[0]! as DealStage };
      for (let k = 0; k < options.moves; k++) {
        // Each move takes the top card of one open column to the top of the next, round the four.
        const from = OPEN_STAGES[k % OPEN_STAGES.length]!;
        const to = OPEN_STAGES[(k + 1) % OPEN_STAGES.length]!;
        const id = columns[from]!.shift()!;
        await mover('PATCH', `/api/deals/${id}/stage`, { stage: to, before_id: null, after_id: columns[to]![0] ?? null });
        columns[to]!.unshift(id);
        last = { id, stage: to };
        await pause(options.spacingMs);
      }
      const moved = perStep(movesFrom, await metrics(cdp), options.moves);
      if (options.profile) {
        const { profile } = await cdp.send('Profiler.stop');
        writeFileSync(`${options.profile}.${size}.cpuprofile`, JSON.stringify(profile));
      }
      // The moves really arrived: the last one's card stands in its new column.
      // (Waited for after the figures are read: a slow board may still be working through them.)
      const card = page.locator(`[data-testid="deal-column"][data-stage="${last.stage}"] [data-deal-id="${last.id}"]`);
      await card.waitFor({ timeout: 60_000 }).catch(() => {
        throw new Error(`the last remote move (${last.id} to ${last.stage}) did not show on the board`);
      });
      runs[size] = { deals: options.sizes[size], cardsInDom: await page.locator('[data-testid="deal-card"]').count(), move: moved, idle };
      await context.close();
    }
    return { large: runs.large!, small: runs.small!, moves: options.moves, spacingMs: options.spacingMs };
  });
}
