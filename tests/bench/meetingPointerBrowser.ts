import type { CDPSession } from '@playwright/test';
import { MEETING_POINTER_INTERVAL_MS, type MeetingMessage } from '@shared/realtime';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';
import { apiAs, boardShown, fillBoard, openOnBoard } from './dealBoard';
import { figure, status } from './figures';
import { connectSocket } from './meetingServer';
import { ms, type Progress } from './report';

/**
 * A follower's browser while the presenter's pointer moves over its board at 20 Hz: the main
 * thread's time per pointer update (CDP's TaskDuration over the run, less the same stretch idle),
 * beside one frame at 60 Hz. A pointer moves one element: the board under it never renders.
 */
export const MEETING_POINTER_BROWSER = {
  deals: Number(process.env.BENCH_MEETING_POINTER_DEALS ?? 90),
  seconds: Number(process.env.BENCH_MEETING_POINTER_BROWSER_SECONDS ?? 4),
};
const FRAME_MS = 1000 / 60;
/** A pointer update may take at most this share of a frame. */
const FRAME_SHARE_TARGET = 0.25;

interface MainThread {
  task: number;
  script: number;
  layout: number;
  style: number;
}
/** The main thread's work so far, ms: all of it, and its script, layout and style parts. */
const mainThread = async (cdp: CDPSession): Promise<MainThread> => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { task: of('TaskDuration'), script: of('ScriptDuration'), layout: of('LayoutDuration'), style: of('RecalcStyleDuration') };
};
const minus = (a: MainThread, b: MainThread): MainThread => ({ task: a.task - b.task, script: a.script - b.script, layout: a.layout - b.layout, style: a.style - b.style });
/** Per update: the run's work less the idle stretch's (scaled to the run's length). */
const perUpdate = (moving: MainThread, idle: MainThread, scale: number, updates: number): MainThread => ({
  task: Math.max(0, moving.task - idle.task * scale) / updates,
  script: Math.max(0, moving.script - idle.script * scale) / updates,
  layout: Math.max(0, moving.layout - idle.layout * scale) / updates,
  style: Math.max(0, moving.style - idle.style * scale) / updates,
});
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchMeetingPointerBrowser(database: BenchDatabase, progress: Progress) {
  return withBrowser(database, async ({ url, browser, token }) => {
    const api = apiAs(url, token);
    const board = await fillBoard(api, 'Bench Pointer Board', MEETING_POINTER_BROWSER.deals, progress);
    const email = `pointer.follower.${Date.now() % 100000}@bench.example`;
    await api('POST', '/api/users', { name: 'Pointer Follower', email, password: 'bench-pointer-password', role: 'manager', locations: [board.id], primary_location: board.id });
    const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-pointer-password' }) });
    const follower = (await login.json()) as { access_token: string; user: { id: string } };

    const presenter = await connectSocket(url, { token });
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    try {
      const started = new Promise<MeetingMessage>((resolve) => presenter.once('meeting', resolve));
      presenter.emit('meeting:start', { view: { location: board.id, stage: 'all', search: '', view: 'pipeline', deal_id: null, card_id: null } });
      const meetingId = (await started).meeting_id;
      await openOnBoard(context, follower.access_token, follower.user.id, board.id);
      const page = await context.newPage();
      await page.goto(`${url}/crm/deals?meeting=${meetingId}`);
      await boardShown(page, 60_000);
      await page.getByTestId('following-bar').waitFor();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await pause(2000);

      progress(`meeting pointers in a browser: ${MEETING_POINTER_BROWSER.seconds} s idle, then as long with the presenter's pointer at 20 Hz`);
      const idleFrom = await mainThread(cdp);
      const idleStart = performance.now();
      await pause(MEETING_POINTER_BROWSER.seconds * 1000);
      const idle = minus(await mainThread(cdp), idleFrom);
      const idleWall = performance.now() - idleStart;

      const cards = board.deals;
      // BENCH_MEETING_TRACE=<file>: a Chromium trace of the run, for reading in DevTools' Performance panel.
      const trace = process.env.BENCH_MEETING_TRACE;
      if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      const movingFrom = await mainThread(cdp);
      const movingStart = performance.now();
      let updates = 0;
      const end = performance.now() + MEETING_POINTER_BROWSER.seconds * 1000;
      while (performance.now() < end) {
        const deal = cards[updates % cards.length]!;
        presenter.emit('meeting:pointer', { meeting_id: meetingId, pointer: { stage: deal.stage, card_id: deal.id, x: (updates % 10) / 10, y: 0.5 } });
        updates++;
        await pause(MEETING_POINTER_INTERVAL_MS);
      }
      await pause(300);
      const moving = minus(await mainThread(cdp), movingFrom);
      if (trace) await browser.stopTracing();
      const movingWall = performance.now() - movingStart;
      const shown = await page.locator('[data-meeting-pointer]').count();
      if (shown !== 1) throw new Error(`meeting pointer bench: the follower shows ${shown} pointers, not the presenter's one`);
      return { updates, perUpdate: perUpdate(moving, idle, movingWall / idleWall, updates), idlePerSecond: idle.task / (idleWall / 1000), deals: MEETING_POINTER_BROWSER.deals };
    } finally {
      presenter.close();
      await context.close();
    }
  });
}

export function printMeetingPointerBrowser(result: Awaited<ReturnType<typeof benchMeetingPointerBrowser>>) {
  if (!result) {
    console.log('Meeting pointers in a browser: skipped (no Chromium at /usr/bin/chromium or no client build).');
    return;
  }
  const per = figure({
    part: 'meeting',
    name: `a follower's main thread per pointer update, ${result.deals} deals on the board`,
    value: result.perUpdate.task,
    unit: 'ms',
    reference: { name: 'one frame at 60 Hz', value: FRAME_MS },
    target: ['<=', FRAME_SHARE_TARGET],
  });
  console.log('');
  console.log(
    `A follower's main thread per pointer update: ${ms(result.perUpdate.task)} (script ${ms(result.perUpdate.script)}, style ${ms(result.perUpdate.style)}, layout ${ms(result.perUpdate.layout)}) over ${result.updates} updates (idle ${ms(result.idlePerSecond)}/s taken off), ` +
      `${(per.ratio! * 100).toFixed(1)} % of a ${ms(FRAME_MS)} frame (target <= ${FRAME_SHARE_TARGET * 100} %: ${status(per)})`,
  );
}
