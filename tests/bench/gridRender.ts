import { countRenders, readRenders, resetRenders } from '../e2e/support/renders';
import type { Page } from '@playwright/test';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';
import { fill } from './officeList';

export interface GridRenderResult {
  offices: number;
  /** Navigation to the first office card painted, per run, ms. */
  firstCard: number[];
  /** Cards in the DOM once rendered (the grid is virtualised). */
  cardsInDom: number;
  /** A search keystroke until the grid shows the one match, per run, ms. */
  search: number[];
  /** One office's status pushed to the open grid (changed through the API), per run: what React re-rendered. */
  push: { cards: number; rowComponents: number; otherComponents: number; cardsInDom: number }[];
}

/**
 * The office grid with `offices` offices in Debian's Chromium: time from navigation to the
 * first card, and from a search keystroke to the filtered grid, as an admin under All Locations.
 */
export async function benchGridRender(
  database: BenchDatabase,
  offices: number,
  runs: number,
  progress: (line: string) => void,
): Promise<GridRenderResult | null> {
  return withBrowser(database, async ({ url, browser, token }) => {
    await fill(url, token, offices, progress);
    const result: GridRenderResult = { offices, firstCard: [], cardsInDom: 0, search: [], push: [] };
    for (let run = 0; run < runs; run++) {
      progress(`office grid in Chromium, run ${run + 1} of ${runs}`);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
      await countRenders(context);
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${url}/offices`);
      await page.locator('[data-testid="office-card"]').first().waitFor();
      result.firstCard.push(performance.now() - started);
      result.cardsInDom = await page.locator('[data-testid="office-card"]').count();
      const search = page.getByLabel('Search offices');
      const typed = performance.now();
      await search.fill('B-777');
      await page.locator('[data-testid="office-card"][data-office-number="B-777"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="office-card"]').length === 1);
      result.search.push(performance.now() - typed);
      result.push.push(await pushOneStatus(page, url, token, run));
      await context.close();
    }
    return result;
  });
}

/**
 * Changes the status of one office the grid shows (the second card) through the API, as another
 * user would, and counts what React re-rendered once the card shows it: the cards (rows) and the
 * components of no card (the screen, its counters).
 */
async function pushOneStatus(page: Page, url: string, token: string, run: number): Promise<GridRenderResult['push'][number]> {
  await page.getByLabel('Search offices').fill('');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="office-card"]').length > 2);
  const cardsInDom = await page.locator('[data-testid="office-card"]').count();
  const card = page.locator('[data-testid="office-card"]').nth(1);
  const id = (await card.getAttribute('data-office-id'))!;
  const status = run % 2 === 0 ? 'UNAVAILABLE' : 'PENDING';
  await resetRenders(page);
  const res = await fetch(`${url}/api/offices/${id}/status`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!res.ok) throw new Error(`PATCH /api/offices/${id}/status answered ${res.status}`);
  await page.locator(`[data-testid="office-card"][data-office-id="${id}"] [data-status="${status}"]`).waitFor();
  const renders = await readRenders(page);
  const perRow = Object.values(renders.rows);
  return { cards: perRow.length, rowComponents: perRow.reduce((n, c) => n + c, 0), otherComponents: renders.other, cardsInDom };
}
