import type { BrowserContext, Page } from '@playwright/test';
import { DEAL_STAGES } from '@shared/domain/deals';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';

/**
 * The deal board in Debian's Chromium with a big pipeline and a small one on the same server:
 * first render (navigation to every column's first card painted), and the frame times
 * (requestAnimationFrame deltas) while a card is dragged across all six columns.
 */
export interface BoardRun {
  deals: number;
  /** The longest column. */
  longestColumn: number;
  /** Navigation to the board painted with its cards, per run, ms. */
  firstRender: number[];
  /** Every frame's duration while dragging, all runs together, ms. */
  frames: number[];
  /** Cards in the DOM once rendered (long columns are virtualised). */
  cardsInDom: number;
}

export interface DealBoardResult {
  large: BoardRun;
  small: BoardRun;
}

/** Share of a board's deals in each stage, in stage order: the first column is the longest. */
const STAGE_SHARE = [0.3, 0.25, 0.2, 0.1, 0.1, 0.05];
/** Pointer steps while crossing from one column to the next, one per frame or so. */
const STEPS_PER_COLUMN = 24;
const STEP_PAUSE_MS = 16;

/** Signs `context` in as `userId` with `token`, on the pipeline view of the board at `location`. */
export async function openOnBoard(context: BrowserContext, token: string, userId: string, location: string) {
  await context.addInitScript(
    ({ value, userId, location }) => {
      localStorage.setItem('token', value);
      localStorage.setItem('selectedLocation', JSON.stringify({ userId, value: location }));
      localStorage.setItem('crmDeals', JSON.stringify('pipeline'));
    },
    { value: token, userId, location },
  );
}

/** Resolves once every column of the board shows at least one card. */
export async function boardShown(page: Page, timeout?: number) {
  await page.waitForFunction(
    (columns) => {
      const shown = document.querySelectorAll('[data-testid="deal-column"]');
      return shown.length === columns && [...shown].every((c) => c.querySelector('[data-testid="deal-card"]'));
    },
    DEAL_STAGES.length,
    timeout === undefined ? undefined : { timeout },
  );
}

export type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The REST API as one user (`token`) of the server at `url`. */
export function apiAs(url: string, token: string): Api {
  return async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as never;
  };
}

/** Creates `total` deals at a new location through the API, spread over the stages by STAGE_SHARE. */
export async function fillBoard(
  api: Api,
  name: string,
  total: number,
  progress: (line: string) => void,
): Promise<{ id: string; longest: number; deals: { id: string; stage: string }[] }> {
  const location = await api<{ id: string }>('POST', '/api/locations', { name, city: 'Austin', address: `${name}, Austin, TX`, manager: 'Bench Manager', floors: [1] });
  const stages: string[] = [];
  DEAL_STAGES.forEach((stage, i) => {
    const share = i === DEAL_STAGES.length - 1 ? total - stages.length : Math.round(total * STAGE_SHARE[i]!);
    for (let n = 0; n < share; n++) stages.push(stage);
  });
  progress(`creating ${total} deals at ${name} through POST /api/deals and PATCH .../stage`);
  let next = 0;
  const deals: { id: string; stage: string }[] = [];
  const worker = async () => {
    for (let i = next++; i < total; i = next++) {
      const deal = await api<{ id: string }>('POST', '/api/deals', {
        deal_name: `${name} deal ${i + 1}`,
        company_name: `${name} Company ${i % 400}`,
        contact: { name: `Contact ${i}`, email: `contact${i}@${name.toLowerCase().replace(/\W+/g, '')}.example` },
        location_id: location.id,
        offered_price: 800 + (i % 40) * 125,
        term_months: 6 + (i % 4) * 6,
        probability: 10 + (i % 9) * 10,
      });
      if (stages[i] !== 'form_submitted') await api('PATCH', `/api/deals/${deal.id}/stage`, { stage: stages[i] });
      deals.push({ id: deal.id, stage: stages[i]! });
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  return { id: location.id, longest: Math.max(...DEAL_STAGES.map((s) => stages.filter((x) => x === s).length)), deals };
}

/**
 * Starts recording requestAnimationFrame deltas in the page. A string, not a function: the bench
 * runs under tsx, whose helpers (`__name`) do not exist in the page.
 */
const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    window.benchFrames = [];
    window.benchRecording = true;
    let last = performance.now();
    const tick = (now) => {
      window.benchFrames.push(now - last);
      last = now;
      if (window.benchRecording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  })()`);

const stopFrames = (page: Page) => page.evaluate<number[]>(`(() => { window.benchRecording = false; return window.benchFrames; })()`);

/** Drags the first card of the first column across all six columns, then cancels with Escape (nothing changes). */
async function dragAcross(page: Page): Promise<number[]> {
  const first = page.locator('[data-testid="deal-column"]').first().locator('[data-testid="deal-card"]').first();
  const id = await first.getAttribute('data-deal-id');
  const from = (await first.boundingBox())!;
  const columns = await page.locator('[data-testid="deal-column"]').evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + Math.min(r.height / 2, 320) };
    }),
  );
  let x = from.x + from.width / 2;
  let y = from.y + 20;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await startFrames(page);
  for (const target of columns) {
    const dx = (target.x - x) / STEPS_PER_COLUMN;
    const dy = (target.y - y) / STEPS_PER_COLUMN;
    for (let step = 0; step < STEPS_PER_COLUMN; step++) {
      x += dx;
      y += dy;
      await page.mouse.move(x, y);
      await page.waitForTimeout(STEP_PAUSE_MS);
    }
  }
  const frames = await stopFrames(page);
  // The card really travelled: it is in the last column's draft, under the pointer.
  const last = page.locator(`[data-testid="deal-column"][data-stage="${DEAL_STAGES.at(-1)}"] [data-deal-id="${id}"]`);
  if ((await last.count()) !== 1) throw new Error('the dragged card did not reach the last column');
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return frames;
}

export async function benchDealBoard(
  database: BenchDatabase,
  sizes: { large: number; small: number },
  runs: number,
  progress: (line: string) => void,
): Promise<DealBoardResult | null> {
  return withBrowser(database, async ({ url, browser, token, userId }) => {
    const api = apiAs(url, token);
    const boards = {
      large: await fillBoard(api, 'Bench Large Board', sizes.large, progress),
      small: await fillBoard(api, 'Bench Small Board', sizes.small, progress),
    };
    const result: DealBoardResult = {
      large: { deals: sizes.large, longestColumn: boards.large.longest, firstRender: [], frames: [], cardsInDom: 0 },
      small: { deals: sizes.small, longestColumn: boards.small.longest, firstRender: [], frames: [], cardsInDom: 0 },
    };
    for (let run = 0; run < runs; run++) {
      // Alternate the two boards so that neither gets the warmer machine.
      for (const size of run % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
        progress(`deal board in Chromium, ${result[size].deals} deals, run ${run + 1} of ${runs}`);
        const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
        await openOnBoard(context, token, userId, boards[size].id);
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${url}/crm/deals`);
        await boardShown(page);
        result[size].firstRender.push(performance.now() - started);
        result[size].cardsInDom = await page.locator('[data-testid="deal-card"]').count();
        result[size].frames.push(...(await dragAcross(page)));
        await context.close();
      }
    }
    return result;
  });
}
