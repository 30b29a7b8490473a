import { expect, type Locator, type Page } from '@playwright/test';
import { apiAs, expectLive } from './app';
import { locationId } from './data';

/** A deal of this test's own, created through the API at 55 Broadway (the manager's first location, which its board opens on). */
export async function createDeal(page: Page, token: string, name: string, extra: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const created = await apiAs(page, token, 'POST', '/api/deals', {
    deal_name: name,
    company_name: `${name} Inc`,
    contact: { name: 'Pat Doe', email: 'pat@example.com' },
    location_id: await locationId(page, token, '55 Broadway'),
    offered_price: 1000,
    term_months: 12,
    probability: 50,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body as { id: string; version: number };
}

export const uniqueName = (prefix: string) => `${prefix} ${Date.now() % 1_000_000}`;
export const column = (page: Page, stage: string) => page.locator(`[data-testid="deal-column"][data-stage="${stage}"]`);
export const card = (page: Page, name: string) => page.locator(`[data-testid="deal-card"][data-deal-name="${name}"]`);
export const count = (page: Page, stage: string) => column(page, stage).locator('[data-column-count]');
export const countOf = async (page: Page, stage: string) => Number(await count(page, stage).textContent());

/**
 * One key of a keyboard drag, then what the live region says after it. dnd-kit starts listening
 * for the arrows a tick after the pick-up, as a person's next key press always is.
 */
export async function key(page: Page, pressed: string, says: string | RegExp) {
  await page.keyboard.press(pressed);
  await expect(page.getByTestId('board-announcer')).toHaveText(says);
}

export async function openBoard(page: Page) {
  await page.goto('/crm/deals');
  await expectLive(page);
  await expect(page.locator('[data-testid="deal-card"]').first()).toBeVisible();
}

/** A real pointer drag: press, move past the activation distance, across in steps, release. */
export async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 20);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 25, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, b.y + 90, { steps: 2 });
  await page.mouse.up();
}

