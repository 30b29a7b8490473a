import { expect, test } from '@playwright/test';
import { apiAs, signedInContext } from './support/app';
import { column, createDeal, openBoard, uniqueName } from './support/deals';
import { countRenders, readRenders, resetRenders } from './support/renders';

/**
 * Another user's move on the deal board renders the moved card, and of every other card at most
 * its frame (which follows the drag library's list of its column), once per commit: never what
 * the other cards show. React's own count of what it ran after the push (support/renders.ts).
 */
test("a card moved by someone else renders no other card's contents", async ({ browser }) => {
  const { context, token } = await signedInContext(browser, 'admin');
  await countRenders(context);
  const page = await context.newPage();
  const prefix = uniqueName('Rendered Move');
  const ids: string[] = [];
  for (const n of [1, 2, 3]) ids.push((await createDeal(page, token, `${prefix} ${n}`)).id);
  await openBoard(page);
  for (const id of ids) await expect(column(page, 'form_submitted').locator(`[data-deal-id="${id}"]`)).toBeAttached();

  await resetRenders(page);
  const moved = ids[1]!;
  expect((await apiAs(page, token, 'PATCH', `/api/deals/${moved}/stage`, { stage: 'tour_booked' })).status).toBe(200);
  await expect(column(page, 'tour_booked').locator(`[data-deal-id="${moved}"]`)).toBeAttached();
  const renders = await readRenders(page);

  expect(renders.commits).toBeGreaterThan(0);
  expect(renders.rows[moved]).toBeGreaterThan(0);
  // A card's contents are a dozen components; its frame is one.
  const others = Object.entries(renders.rows).filter(([id]) => id !== moved);
  for (const [id, count] of others) expect(count, `components of card ${id}`).toBeLessThanOrEqual(renders.commits);
  await context.close();
});
