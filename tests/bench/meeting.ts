import type { BrowserContext, Page } from '@playwright/test';
import { withBrowser } from './browser';
import { boardShown, fillBoard, type Api } from './dealBoard';
import type { BenchDatabase } from './database';

/**
 * A sales meeting: `browsers` people have one deal board open (each a Chromium page of its own,
 * signed in as its own manager of the board's location) while another client moves deals through
 * the API. Each move is timed from the PATCH's answer (the commit) until every page's DOM shows
 * the card in its new column. Every page reports that moment itself (a MutationObserver, through
 * an exposed binding), on the same clock as the node side (Date.now()), so the binding's own
 * round trip is not counted.
 */
export interface MeetingOptions {
  /** Deals on the board. */
  deals: number;
  /** Browsers open on the board, one run each: e.g. [2, 8]. */
  browsers: number[];
  /** Timed moves per run. */
  moves: number;
  /** Untimed moves first (the first pushes warm the pages up). */
  warmup: number;
}

export interface MeetingRun {
  browsers: number;
  /** Per move: the PATCH's answer until the last browser showed the card in its new column, ms. */
  lastBrowser: number[];
  /** Per move and browser: the PATCH's answer until that browser showed it, ms. */
  everyBrowser: number[];
}

export interface MeetingResult {
  deals: number;
  runs: MeetingRun[];
}

/** How long one move may take to reach every browser before the run gives up. */
const MOVE_TIMEOUT_MS = 20_000;
/** A pause between moves: a meeting moves one card at a time, not in a burst. */
const BETWEEN_MOVES_MS = 250;
const PASSWORD = 'bench-meeting-password';
/** The open stages a deal moves between freely (a closed deal stays closed; Agreement Sent wants an agreement). */
const MOVABLE: readonly string[] = ['form_submitted', 'tour_booked', 'tour_completed'];

/**
 * Watches the DOM for the card named by `window.meetingWatch({ key, id, stage })` in the column
 * of `stage`, and reports `{ key, at }` through the `meetingSeen` binding once it is there. A
 * string, not a function: the bench runs under tsx, whose helpers (`__name`) do not exist in the page.
 */
const WATCHER = `(() => {
  let target = null;
  const check = () => {
    if (!target) return;
    const card = document.querySelector('[data-testid="deal-column"][data-stage="' + target.stage + '"] [data-deal-id="' + target.id + '"]');
    if (!card) return;
    const seen = { key: target.key, at: Date.now() };
    target = null;
    window.meetingSeen(seen);
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage', 'data-deal-id'] });
  window.meetingWatch = (next) => {
    target = next;
    check();
  };
})()`;

interface Viewer {
  context: BrowserContext;
  page: Page;
}

export async function benchMeeting(database: BenchDatabase, options: MeetingOptions, progress: (line: string) => void): Promise<MeetingResult | null> {
  return withBrowser(database, async ({ url, browser, token }) => {
    const call = async <T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    };
    const api: Api = (method, path, body) => call(token, method, path, body);
    const board = await fillBoard(api, 'Bench Meeting Board', options.deals, progress);

    const most = Math.max(...options.browsers);
    progress(`signing in ${most} managers of the board's location`);
    const managers: { id: string; token: string }[] = [];
    for (let i = 0; i < most; i++) {
      const email = `meeting.manager.${i + 1}@bench.example`;
      await api('POST', '/api/users', { name: `Meeting Manager ${i + 1}`, email, password: PASSWORD, role: 'manager', locations: [board.id], primary_location: board.id });
      const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
      if (!login.ok) throw new Error(`signing in ${email} answered ${login.status}`);
      const { access_token, user } = (await login.json()) as { access_token: string; user: { id: string } };
      managers.push({ id: user.id, token: access_token });
    }

    // Where each page reports: key -> (browser index -> when its DOM showed the move).
    const seen = new Map<string, Map<number, number>>();
    const waiters = new Map<string, () => void>();
    const viewers: Viewer[] = [];
    const open = async (index: number) => {
      const manager = managers[index]!;
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addInitScript(
        ({ value, userId, location }) => {
          localStorage.setItem('token', value);
          localStorage.setItem('selectedLocation', JSON.stringify({ userId, value: location }));
          localStorage.setItem('crmDeals', JSON.stringify('pipeline'));
        },
        { value: manager.token, userId: manager.id, location: board.id },
      );
      await context.exposeBinding('meetingSeen', (_source, report: { key: string; at: number }) => {
        const times = seen.get(report.key);
        if (!times || times.has(index)) return;
        times.set(index, report.at);
        if (times.size === viewers.length) waiters.get(report.key)?.();
      });
      const page = await context.newPage();
      await page.goto(`${url}/crm/deals`);
      await boardShown(page, 60_000);
      await page.evaluate(WATCHER);
      viewers.push({ context, page });
    };

    // Each move takes a card to another column, where it lands on top (no position given): every
    // page shows it there without scrolling, even in a virtualised column.
    const stageOf = new Map(board.deals.filter((deal) => MOVABLE.includes(deal.stage)).map((deal) => [deal.id, deal.stage]));
    let turn = 0;
    const move = async (): Promise<{ key: string; committed: number }> => {
      const ids = [...stageOf.keys()];
      const id = ids[(turn * 37) % ids.length]!;
      const from = MOVABLE.indexOf(stageOf.get(id)!);
      const stage = MOVABLE[(from + 1 + (turn % (MOVABLE.length - 1))) % MOVABLE.length]!;
      turn++;
      const key = `${id}>${stage}#${turn}`;
      seen.set(key, new Map());
      const everyone = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`meeting bench: move ${key} reached ${seen.get(key)!.size} of ${viewers.length} browsers in ${MOVE_TIMEOUT_MS} ms`)), MOVE_TIMEOUT_MS);
        waiters.set(key, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      await Promise.all(viewers.map(({ page }) => page.evaluate((target) => (window as unknown as { meetingWatch: (t: unknown) => void }).meetingWatch(target), { key, id, stage })));
      await api('PATCH', `/api/deals/${id}/stage`, { stage });
      const committed = Date.now();
      stageOf.set(id, stage);
      await everyone;
      waiters.delete(key);
      return { key, committed };
    };

    const runs: MeetingRun[] = [];
    try {
      for (const count of [...options.browsers].sort((a, b) => a - b)) {
        progress(`opening the board in ${count} browsers`);
        while (viewers.length < count) await open(viewers.length);
        const run: MeetingRun = { browsers: count, lastBrowser: [], everyBrowser: [] };
        for (let i = 0; i < options.warmup + options.moves; i++) {
          const { key, committed } = await move();
          // A push can beat the PATCH's answer to a page: that page saw it at the commit, no later.
          const after = [...seen.get(key)!.values()].map((at) => Math.max(0, at - committed));
          if (i >= options.warmup) {
            run.lastBrowser.push(Math.max(...after));
            run.everyBrowser.push(...after);
          }
          seen.delete(key);
          await new Promise((resolve) => setTimeout(resolve, BETWEEN_MOVES_MS));
        }
        progress(`${count} browsers: ${options.moves} moves timed`);
        runs.push(run);
      }
    } finally {
      for (const { context } of viewers) await context.close();
    }
    return { deals: options.deals, runs };
  });
}
