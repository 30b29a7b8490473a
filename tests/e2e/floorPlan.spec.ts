import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext, signedInPage } from './support/app';
import { createOffice, locationId, uniqueNumber } from './support/data';
import { sensorListening } from './support/keyboardDrag';

const LOCATION = 'East Austin';
/** A floor of this run's own: the offices the spec creates stand on it, nobody else's. */
const FLOOR = 100 + (Date.now() % 90);

const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const shape = (page: Page, id: string) => page.locator(`[data-testid="floor-shape"][data-office-id="${id}"]`);
const boxOf = async (page: Page, id: string) => (await shape(page, id).getAttribute('data-box'))!.split(',').map(Number);

async function openFloor(page: Page) {
  await page.goto('/offices');
  await expectLive(page);
  await page.getByRole('button', { name: 'Floor plan view' }).click();
  // Under All Locations the plan offers its own choice of location (the shell's is in a drawer on a phone).
  await page.getByLabel('Floor plan location').selectOption({ label: LOCATION });
  await page.getByLabel('Floor', { exact: true }).selectOption(String(FLOOR));
  await expect(page.getByRole('group', { name: 'Floor plan' })).toBeVisible();
}

test.describe('live floor plans', () => {
  const offices: { id: string; number: string }[] = [];
  let token = '';
  let location = '';

  test.beforeAll(async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    token = admin.token;
    location = await locationId(admin.page, token, LOCATION);
    for (const suffix of ['A', 'B', 'C']) {
      const number = uniqueNumber(`F${suffix}`);
      const { id } = await createOffice(admin.page, token, LOCATION, number, { floor: FLOOR });
      offices.push({ id, number });
    }
    // The third stands on the plan from the start, for the tests that read it.
    const placed = await apiAs(admin.page, token, 'PUT', `/api/floor-plans/${location}/${FLOOR}/placements/${offices[2]!.id}`, { x: 0.6, y: 0.5, width: 0.1, height: 0.1 });
    expect(placed.status).toBe(200);
    await admin.context.close();
  });

  test.afterAll(async ({ browser }) => {
    // The spec's offices leave the plan, so nothing of it stays placed for later spec files.
    const admin = await signedInPage(browser, 'admin');
    for (const office of offices) await apiAs(admin.page, token, 'DELETE', `/api/floor-plans/${location}/${FLOOR}/placements/${office.id}`, {});
    await admin.context.close();
  });

  test('an office placed by drag and by keyboard, moved with the keyboard, and a status change, all seen live in a second browser with who is on the floor', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const viewer = await signedInPage(browser, 'viewer');
    await openFloor(admin.page);
    await openFloor(viewer.page);
    const [first, second] = offices as [(typeof offices)[number], (typeof offices)[number]];

    // Presence: each sees the other on this floor.
    await expect(viewer.page.getByLabel(`Also on this floor: ${USERS.admin.name}`)).toBeVisible();
    // The viewer reads the plan; only editors get the tools and the offices to place.
    await expect(viewer.page.getByRole('group', { name: 'Edit the plan' })).toHaveCount(0);
    await expect(admin.page.getByRole('group', { name: 'Edit the plan' })).toBeVisible();

    // Drag with the mouse from the list of offices not yet placed onto the plan (both in view).
    await admin.page.getByTestId('floor-viewport').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const source = admin.page.locator(`[data-unplaced-office="${first.id}"]`);
    const from = (await source.boundingBox())!;
    const plan = (await admin.page.getByRole('group', { name: 'Floor plan' }).boundingBox())!;
    await admin.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await admin.page.mouse.down();
    await admin.page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await admin.page.mouse.move(plan.x + plan.width * 0.3, plan.y + plan.height * 0.3, { steps: 12 });
    await admin.page.mouse.up();
    await expect(shape(admin.page, first.id)).toBeVisible();
    await expect(shape(viewer.page, first.id)).toBeVisible();
    await expect(admin.page.locator(`[data-unplaced-office="${first.id}"]`)).toHaveCount(0);

    const said = admin.page.getByTestId('floor-announcement');
    // Place the second with the keyboard: Enter puts it at the first free spot (the top-left corner
    // here), and the focus moves onto it.
    await admin.page.locator(`[data-unplaced-office="${second.id}"]`).focus();
    await admin.page.keyboard.press('Enter');
    await expect(said).toHaveText(`Placed office ${second.number}.`);
    await expect(shape(admin.page, second.id)).toBeVisible();
    await expect(shape(viewer.page, second.id)).toBeVisible();

    // Its accessible name says number and status; the list beside the plan says the same.
    const button = shape(admin.page, second.id).getByRole('button', { name: `Office ${second.number}, Vacant` });
    await expect(button).toBeFocused();
    await expect(viewer.page.getByTestId('floor-list').getByRole('button', { name: `Office ${second.number}, Vacant` })).toBeVisible();

    // Move it three grid steps right with the keyboard: the viewer's plan follows, naming who moved it.
    const before = await boxOf(admin.page, second.id);
    await button.focus();
    await admin.page.keyboard.press('Space');
    await expect(said).toContainText(`Picked up office ${second.number}`);
    await sensorListening(admin.page);
    for (let i = 0; i < 3; i++) await admin.page.keyboard.press('ArrowRight');
    await admin.page.keyboard.press('Space');
    await expect(said).toHaveText(`Moved office ${second.number}.`);
    await expect.poll(async () => (await boxOf(admin.page, second.id))[0]).toBeCloseTo(before[0]! + 3 / 40, 5);
    const moved = await shape(admin.page, second.id).getAttribute('data-box');
    await expect(shape(viewer.page, second.id)).toHaveAttribute('data-box', moved!);
    await expect(viewer.page.getByTestId('floor-last-change')).toContainText(`Updated by ${USERS.admin.name}`);

    // Its corner handle resizes it two grid steps wider with the keyboard.
    await shape(admin.page, second.id).getByRole('button', { name: `Resize office ${second.number}` }).focus();
    await admin.page.keyboard.press('Space');
    await expect(said).toContainText(`Picked up office ${second.number}`);
    await sensorListening(admin.page);
    for (let i = 0; i < 2; i++) await admin.page.keyboard.press('ArrowRight');
    await admin.page.keyboard.press('Space');
    await expect(said).toHaveText(`Resized office ${second.number}.`);
    await expect.poll(async () => (await boxOf(viewer.page, second.id))[2]).toBeCloseTo(before[2]! + 2 / 40, 5);
    await admin.page.getByRole('button', { name: 'Undo' }).click();
    await expect(shape(viewer.page, second.id)).toHaveAttribute('data-box', moved!);

    // Undo puts it back, for both.
    await admin.page.getByRole('button', { name: 'Undo' }).click();
    await expect(shape(viewer.page, second.id)).toHaveAttribute('data-box', before.join(','));

    // Arrow keys without a drag step between offices.
    // The second lies near the top-left corner; the first (dropped at 30%) is the nearest office the way it lies from there.
    const [x1, y1, w1, h1] = await boxOf(admin.page, first.id);
    const [x2, y2, w2, h2] = await boxOf(admin.page, second.id);
    const dx = x1! + w1! / 2 - (x2! + w2! / 2);
    const dy = y1! + h1! / 2 - (y2! + h2! / 2);
    const [there, back] = Math.abs(dx) >= Math.abs(dy) ? (dx > 0 ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight']) : dy > 0 ? ['ArrowDown', 'ArrowUp'] : ['ArrowUp', 'ArrowDown'];
    await button.focus();
    await admin.page.keyboard.press(there);
    await expect(admin.page.locator(':focus')).toHaveAttribute('data-floor-office', first.id);
    await admin.page.keyboard.press(back);
    await expect(button).toBeFocused();

    // A click opens the office's quick actions: a status change through the usual dialog, live on the other plan.
    await button.click();
    const actions = admin.page.getByTestId('floor-quick-actions');
    await actions.getByRole('button', { name: 'Edit status' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Status').selectOption('PENDING');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog).toBeHidden();
    await expect(shape(viewer.page, second.id)).toHaveAttribute('data-status', 'PENDING');
    await expect(viewer.page.getByTestId('floor-list').getByRole('button', { name: `Office ${second.number}, Pending` })).toBeVisible();

    await admin.context.close();
    await viewer.context.close();
  });

  test('a past day shows the floor as it stood then, read-only, and the heat overlay keeps the plan axe clean', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await openFloor(page);
    await expect(shape(page, offices[2]!.id)).toBeVisible();

    const results = await new AxeBuilder({ page }).include('[data-testid="floor-plan-view"]').analyze();
    expect(serious(results.violations)).toEqual([]);
    await page.getByRole('button', { name: 'Lease heat' }).click();
    await expect(page.getByRole('list', { name: 'Lease heat legend' })).toBeVisible();
    // Colours fade between the two looks: axe reads them once they have settled.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const heat = await new AxeBuilder({ page }).include('[data-testid="floor-plan-view"]').analyze();
    expect(serious(heat.violations)).toEqual([]);

    // Yesterday the spec's offices did not exist yet: the floor stood empty, and nothing can be edited.
    const yesterday = new Date(Date.now() - 86_400_000);
    const day = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;
    await page.getByLabel('As of day').fill(day);
    await expect(page.getByTestId('floor-as-of')).toContainText('read-only');
    await expect(page.getByTestId('floor-shape')).toHaveCount(0);
    await expect(page.getByTestId('floor-nothing-placed')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Edit the plan' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Back to today' }).click();
    await expect(shape(page, offices[2]!.id)).toBeVisible();
    await context.close();
  });

  test('on a phone the same offices are a list of large buttons', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await openFloor(page);
    const list = page.getByTestId('floor-list');
    const placed = list.getByRole('button', { name: new RegExp(`^Office ${offices[2]!.number},`) });
    await placed.scrollIntoViewIfNeeded();
    await expect(placed).toBeInViewport();
    expect((await placed.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Nothing scrolls the page sideways.
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await context.close();
  });
});
