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
    const result: GridRenderResult = { offices, firstCard: [], cardsInDom: 0, search: [] };
    for (let run = 0; run < runs; run++) {
      progress(`office grid in Chromium, run ${run + 1} of ${runs}`);
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((value) => localStorage.setItem('token', value), token);
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
      await context.close();
    }
    return result;
  });
}
