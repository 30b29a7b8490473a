import type { BrowserContext, Page } from '@playwright/test';
import { withBrowser } from './browser';
import type { BenchDatabase } from './database';

export interface FloorRenderRun {
  offices: number;
  /** Navigation to every office of the floor drawn on the plan, per run, ms. */
  firstRender: number[];
  /** Every frame's interval while one office is dragged across the plan, ms (all runs). */
  frames: number[];
}

export interface FloorRenderResult {
  large: FloorRenderRun;
  small: FloorRenderRun;
}

/** Floors of the bench's own, beyond the demo's. */
const LARGE_FLOOR = 150;
const SMALL_FLOOR = 151;
/** Pointer moves in one drag; each waits for a frame, so the drag lasts about this many frames. */
const DRAG_STEPS = 60;

/**
 * The floor plan in Debian's Chromium: a floor of `large` placed offices against one of `small`,
 * in the same run, as an admin: the time from navigation to every shape drawn, and the frame
 * intervals while one office is dragged across the plan (the plan must keep up with the pointer).
 */
export async function benchFloorplanRender(database: BenchDatabase, large: number, small: number, runs: number, progress: (line: string) => void): Promise<FloorRenderResult | null> {
  return withBrowser(database, async ({ url, browser, token, userId }) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const locations = (await (await fetch(`${url}/api/locations`, { headers })).json()) as { id: string; name: string }[];
    const location = [...locations].sort((a, b) => a.name.localeCompare(b.name))[0]!;
    await fillFloor(url, headers, location.id, LARGE_FLOOR, large, progress);
    await fillFloor(url, headers, location.id, SMALL_FLOOR, small, progress);
    const result: FloorRenderResult = { large: { offices: large, firstRender: [], frames: [] }, small: { offices: small, firstRender: [], frames: [] } };
    for (let run = 0; run < runs; run++) {
      // Alternate which floor goes first, so neither always meets a colder browser.
      const order = run % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const which of order) {
        const floor = which === 'large' ? LARGE_FLOOR : SMALL_FLOOR;
        progress(`floor plan of ${result[which].offices} offices in Chromium, run ${run + 1} of ${runs}`);
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        await context.addInitScript(
          ({ token, userId, locationId, floor }) => {
            localStorage.setItem('token', token);
            localStorage.setItem('selectedLocation', JSON.stringify({ userId, value: locationId }));
            localStorage.setItem('officeManagement.view', JSON.stringify('floor'));
            localStorage.setItem('officeManagement.floor', JSON.stringify({ [locationId]: floor }));
          },
          { token, userId, locationId: location.id, floor },
        );
        const page = await context.newPage();
        const started = performance.now();
        await page.goto(`${url}/offices`);
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="floor-shape"]').length === n, result[which].offices, { timeout: 60_000 });
        result[which].firstRender.push(performance.now() - started);
        result[which].frames.push(...(await dragFrames(page)));
        await closeQuietly(context);
      }
    }
    return result;
  });
}

/** Creates `count` offices on the floor and lays them out on its plan (the server's automatic layout). */
async function fillFloor(url: string, headers: Record<string, string>, locationId: string, floor: number, count: number, progress: (line: string) => void) {
  progress(`creating ${count} offices on floor ${floor} and laying them out`);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const res = await fetch(`${url}/api/offices`, { method: 'POST', headers, body: JSON.stringify({ office_number: `P${floor}-${i + 1}`, location_id: locationId, desks: 1 + (i % 8), floor }) });
      if (res.status !== 201) throw new Error(`POST /api/offices answered ${res.status}: ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const laid = await fetch(`${url}/api/floor-plans/${locationId}/${floor}/auto-layout`, { method: 'POST', headers, body: '{}' });
  if (!laid.ok) throw new Error(`auto-layout answered ${laid.status}: ${await laid.text()}`);
}

/** Records every frame's interval in window.__frames while window.__recording holds. */
const RECORD_FRAMES = `(() => {
  window.__frames = [];
  window.__recording = true;
  let last = 0;
  function tick(now) {
    if (!window.__recording) return;
    window.__frames.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(function (now) {
    last = now;
    requestAnimationFrame(tick);
  });
})()`;

/**
 * Drags the first office across the plan with the mouse, one small step per frame, while the
 * page records every frame's interval; lets go where it started with Escape (nothing is saved).
 */
async function dragFrames(page: Page): Promise<number[]> {
  // The plan at the top of the window, so the drag stays inside it (as a person's would).
  await page.getByTestId('floor-viewport').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const shape = page.locator('[data-testid="floor-shape"] button[data-floor-office]').first();
  const box = (await shape.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 10, y + 10, { steps: 2 });
  // A script in words, not a function: the bench runs under tsx, whose helpers the page lacks.
  await page.evaluate(RECORD_FRAMES);
  for (let i = 1; i <= DRAG_STEPS; i++) {
    await page.mouse.move(x + 10 + i * 6, y + 10 + i * 3);
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
  }
  const frames = (await page.evaluate('(() => { window.__recording = false; return window.__frames; })()')) as number[];
  await page.keyboard.press('Escape');
  await page.mouse.up();
  return frames;
}

async function closeQuietly(context: BrowserContext) {
  await context.close().catch(() => undefined);
}
