import { withBrowser } from './browser';
import type { BenchDatabase } from './database';

/** The slow link of the target: 400 kbit/s each way, 400 ms round trip. */
export const SLOW_LINK = { kbitPerSecond: 400, latencyMs: 400 };

export interface SlowLinkRun {
  /** Navigation to the first paint of anything (the inline splash), ms. */
  firstPaint: number;
  /** Navigation to the app's shell (its main navigation) visible, ms. */
  shell: number;
  /** Navigation to the first office card visible, ms. */
  content: number;
  /** Bytes that crossed the link, as encoded on the wire. */
  wireBytes: number;
  /** Answers that came compressed, of all answers. */
  compressed: number;
  answers: number;
}

export interface SlowLinkResult {
  compressed: SlowLinkRun[];
  /** The same page with every answer asked for uncompressed. */
  reference: SlowLinkRun[];
}

/**
 * A cold /offices as the demo admin (no cache, a fresh browser context each run) over a throttled
 * link (Chrome DevTools Protocol network emulation), twice per run: as browsers ask
 * (brotli or gzip), and with `Accept-Encoding: identity` as the reference without compression.
 * The server is the same for both; only what the browser accepts differs.
 */
export async function benchSlowLink(database: BenchDatabase, runs: number, progress: (line: string) => void): Promise<SlowLinkResult | null> {
  return withBrowser(database, async ({ url, browser, token }) => {
    const result: SlowLinkResult = { compressed: [], reference: [] };
    for (let run = 0; run < runs; run++) {
      for (const kind of ['compressed', 'reference'] as const) {
        progress(`cold /offices over ${SLOW_LINK.kbitPerSecond} kbit/s, ${SLOW_LINK.latencyMs} ms, ${kind}, run ${run + 1} of ${runs}`);
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addInitScript((value) => localStorage.setItem('token', value), token);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: SLOW_LINK.latencyMs,
          downloadThroughput: (SLOW_LINK.kbitPerSecond * 1000) / 8,
          uploadThroughput: (SLOW_LINK.kbitPerSecond * 1000) / 8,
        });
        // Chromium adds its own Accept-Encoding only when the request carries none.
        if (kind === 'reference') await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'identity' } });
        let wireBytes = 0;
        let compressed = 0;
        let answers = 0;
        cdp.on('Network.responseReceived', (event) => {
          answers++;
          const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
          if (headers['content-encoding']) compressed++;
        });
        cdp.on('Network.loadingFinished', (event) => {
          wireBytes += event.encodedDataLength;
        });

        const started = performance.now();
        await page.goto(`${url}/offices`, { waitUntil: 'commit' });
        await page.locator('nav[aria-label="Main"]').waitFor();
        const shell = performance.now() - started;
        await page.locator('[data-testid="office-card"]').first().waitFor();
        const content = performance.now() - started;
        // Measured in the page from its own navigation start, which the commit above follows.
        const firstPaint = await page.evaluate(() => performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN);
        result[kind].push({ firstPaint, shell, content, wireBytes, compressed, answers });
        await context.close();
      }
    }
    return result;
  });
}
