import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, signedInPage } from './support/app';
import { locationId } from './support/data';
import { card, createDeal, openBoard, uniqueName } from './support/deals';
import { countRenders, readRenders, resetRenders } from './support/renders';

/**
 * A pipeline meeting: the admin (Alex) presents the deal board, the viewer (Sam, every location)
 * and the manager (Jordan, two locations) follow it from their own browsers.
 */

const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
/** Axe finds nothing serious in the part of the page `selector` names. */
async function accessible(page: Page, selector: string) {
  // A dialog fading in reads as faint text: axe looks once the finite animations have ended.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  expect(serious(results.violations)).toEqual([]);
}

const followBar = (page: Page) => page.getByTestId('following-bar');
const pointerOf = (page: Page, name: string) => page.locator('[data-meeting-pointer]').filter({ hasText: name });

/** A deal of this test's own at Greenpoint, a location the manager does not have. */
async function greenpointDeal(page: Page, token: string, name: string) {
  const created = await apiAs(page, token, 'POST', '/api/deals', {
    deal_name: name,
    company_name: `${name} Inc`,
    contact: { name: 'Pat Doe', email: 'pat@example.com' },
    location_id: await locationId(page, token, 'Greenpoint'),
    offered_price: 2000,
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

test.describe('meetings on the deal board', () => {
  test('a follower sees what the presenter sees: filters, view, the open deal and pointers; leaves with Escape; takes the lead', async ({ browser }) => {
    // Three browsers, and a pointer left still until it fades (3 s): longer than one screen's test.
    test.setTimeout(120_000);
    const admin = await signedInPage(browser, 'admin');
    const viewer = await signedInPage(browser, 'viewer');
    const manager = await signedInPage(browser, 'manager');
    // React's own count of what it renders on the admin's page (support/renders.ts).
    await countRenders(admin.context);
    // Screens of different sizes: pointers are placed on cards and columns, not on pixels.
    await viewer.page.setViewportSize({ width: 1600, height: 1000 });
    const stamp = uniqueName('Meet');
    const broadway = `${stamp} Broadway`;
    const broadwayDeal = await createDeal(admin.page, admin.token, broadway);
    await greenpointDeal(admin.page, admin.token, `${stamp} Greenpoint`);

    await Promise.all([openBoard(admin.page), openBoard(viewer.page), openBoard(manager.page)]);
    // The viewer's own filters, to find again on leaving.
    await viewer.page.getByLabel('Search deals').fill('zz-own-search');

    await admin.page.getByRole('button', { name: 'Present' }).click();
    await expect(admin.page.getByTestId('presenting-bar')).toContainText('You are presenting this board');
    // Everyone else on the board is offered to follow.
    for (const other of [viewer.page, manager.page]) await expect(other.getByTestId('meeting-offer')).toContainText(`${USERS.admin.name} is presenting this board.`);
    await accessible(viewer.page, '[data-testid="meeting-offer"]');
    await accessible(admin.page, '[data-testid="presenting-bar"]');
    await viewer.page.getByRole('button', { name: "Follow Alex's board" }).click();
    await expect(followBar(viewer.page)).toContainText('Following Alex · Leave (Esc)');
    await expect(viewer.page.getByLabel('Search deals')).toHaveValue('');
    await accessible(viewer.page, '[data-testid="following-bar"]');

    // Filters and the view follow.
    await admin.page.getByLabel('Search deals').fill(stamp);
    await expect(viewer.page.getByLabel('Search deals')).toHaveValue(stamp);
    await expect(card(viewer.page, broadway)).toBeVisible();
    await expect(viewer.page.getByTestId('deal-card')).toHaveCount(2);
    await admin.page.getByLabel('Stage filter').selectOption('form_submitted');
    await expect(viewer.page.getByLabel('Stage filter')).toHaveValue('form_submitted');
    await expect(viewer.page.getByTestId('deal-column')).toHaveCount(1);
    await admin.page.getByRole('button', { name: 'List View' }).click();
    await expect(viewer.page.getByTestId('deal-table')).toBeVisible();
    await expect(viewer.page.getByTestId('deal-row')).toHaveCount(2);
    await admin.page.getByRole('button', { name: 'Pipeline' }).click();
    await expect(viewer.page.getByTestId('deal-board')).toBeVisible();

    // The deal the presenter opens opens for the follower; closing it closes it there too.
    await card(admin.page, broadway).getByRole('heading', { name: broadway }).click();
    await expect(admin.page.getByTestId('deal-detail')).toBeVisible();
    await expect(viewer.page.getByRole('dialog')).toContainText(broadway);
    await admin.page.getByRole('button', { name: 'Close' }).first().click();
    await expect(viewer.page.getByRole('dialog')).toBeHidden();

    // Pointers: each sees the other's, with the name, on the same card, whatever the screen size.
    const seenCard = card(viewer.page, broadway);
    const box = (await seenCard.boundingBox())!;
    await viewer.page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.5);
    const samOnAdmin = pointerOf(admin.page, USERS.viewer.name);
    await expect(samOnAdmin).toHaveCSS('opacity', '1');
    // The pointer moves one element: nothing of the admin's page renders for it.
    await resetRenders(admin.page);
    await viewer.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5, { steps: 5 });
    await expect.poll(async () => (await samOnAdmin.boundingBox())!.x).toBeGreaterThan((await card(admin.page, broadway).boundingBox())!.x + (await card(admin.page, broadway).boundingBox())!.width * 0.27);
    expect((await readRenders(admin.page)).commits).toBe(0);
    const target = (await card(admin.page, broadway).boundingBox())!;
    const at = (await samOnAdmin.boundingBox())!;
    expect(at.x).toBeGreaterThan(target.x + target.width * 0.2);
    expect(at.x).toBeLessThan(target.x + target.width * 0.4);
    expect(at.y).toBeGreaterThan(target.y + target.height * 0.3);
    expect(at.y).toBeLessThan(target.y + target.height * 0.7);
    const adminBox = (await card(admin.page, broadway).boundingBox())!;
    await admin.page.mouse.move(adminBox.x + adminBox.width / 2, adminBox.y + adminBox.height / 2, { steps: 3 });
    await expect(pointerOf(viewer.page, USERS.admin.name)).toHaveCSS('opacity', '1');
    // Still for three seconds: it fades.
    await expect(samOnAdmin).toHaveCSS('opacity', '0', { timeout: 6_000 });

    // Escape leaves: the viewer's own filters come back, and the meeting is offered again.
    await viewer.page.mouse.move(5, 5);
    await viewer.page.keyboard.press('Escape');
    await expect(followBar(viewer.page)).toBeHidden();
    await expect(viewer.page.getByLabel('Search deals')).toHaveValue('zz-own-search');
    await expect(viewer.page.getByTestId('meeting-offer')).toBeVisible();

    // Take the lead: the viewer presents from where the meeting was, the admin follows.
    await viewer.page.getByRole('button', { name: "Follow Alex's board" }).click();
    await expect(followBar(viewer.page)).toBeVisible();
    await viewer.page.getByRole('button', { name: 'Take the lead' }).click();
    await expect(viewer.page.getByTestId('presenting-bar')).toBeVisible();
    await expect(followBar(admin.page)).toContainText('Following Sam · Leave (Esc)');
    await expect(viewer.page.getByLabel('Search deals')).toHaveValue(stamp);
    await viewer.page.getByLabel('Search deals').fill(broadway);
    await expect(admin.page.getByLabel('Search deals')).toHaveValue(broadway);

    // A deal moves during the meeting.
    const moved = await apiAs(admin.page, admin.token, 'PATCH', `/api/deals/${broadwayDeal.id}/stage`, { stage: 'tour_booked' });
    expect(moved.status).toBe(200);

    // The presenter ends it: the others are told, and the presenter gets what changed during it.
    await viewer.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await viewer.page.getByRole('button', { name: 'End meeting' }).click();
    await expect(admin.page.getByTestId('meeting-ended')).toContainText('Sam Rivera ended the meeting.');
    await expect(followBar(admin.page)).toBeHidden();
    const summary = viewer.page.getByRole('dialog', { name: 'Meeting summary' });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('list', { name: 'Changes during the meeting' })).toContainText(`Alex Morgan moved ${broadway} from Form Submitted to Tour Booked`);
    await expect(summary.getByTestId('meeting-summary-line')).toContainText('1 moved · 0 new');
    await accessible(viewer.page, '[role="dialog"]');
    await summary.getByRole('button', { name: 'Copy as Markdown' }).click();
    await expect(summary.getByText('Copied as Markdown')).toBeVisible();
    const markdown = await viewer.page.evaluate(() => navigator.clipboard.readText());
    expect(markdown).toContain('## Pipeline meeting');
    expect(markdown).toContain(`Alex Morgan moved ${broadway} from Form Submitted to Tour Booked`);
    await summary.getByRole('button', { name: 'Close' }).click();
    await expect(manager.page.getByTestId('meeting-offer')).toBeHidden();

    for (const who of [admin, viewer, manager]) await who.context.close();
  });

  test('a follower with fewer locations sees only its own deals under the presenter\'s filters, and is told so', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const stamp = uniqueName('Scope');
    const broadway = `${stamp} Broadway`;
    const greenpoint = `${stamp} Greenpoint`;
    await createDeal(admin.page, admin.token, broadway);
    await greenpointDeal(admin.page, admin.token, greenpoint);
    await Promise.all([openBoard(admin.page), openBoard(manager.page)]);

    await admin.page.getByLabel('Search deals').fill(stamp);
    await expect(admin.page.getByTestId('deal-card')).toHaveCount(2);
    await admin.page.getByRole('button', { name: 'Present' }).click();
    await manager.page.getByRole('button', { name: "Follow Alex's board" }).click();
    await expect(followBar(manager.page)).toBeVisible();
    await expect(manager.page.getByTestId('meeting-scope-note')).toHaveText("You see Alex's filters applied to your own locations only.");
    await expect(card(manager.page, broadway)).toBeVisible();
    await expect(manager.page.getByTestId('deal-card')).toHaveCount(1);
    await expect(card(manager.page, greenpoint)).toHaveCount(0);

    // The presenter opens the Greenpoint deal: the manager is told, and sees nothing of it.
    await card(admin.page, greenpoint).getByRole('heading', { name: greenpoint }).click();
    await expect(manager.page.getByTestId('meeting-scope-note')).toContainText('Alex opened a deal you do not have access to.');
    await expect(manager.page.getByRole('dialog')).toHaveCount(0);
    await expect(manager.page.getByText(greenpoint)).toHaveCount(0);
    await admin.page.getByRole('button', { name: 'Close' }).first().click();

    // The meeting ends: the manager's board is its own again.
    await admin.page.getByRole('button', { name: 'End meeting' }).click();
    await expect(manager.page.getByTestId('meeting-ended')).toContainText('Alex Morgan ended the meeting.');
    await expect(manager.page.getByTestId('deal-card').first()).toBeVisible();
    await admin.page.keyboard.press('Escape');

    for (const who of [admin, manager]) await who.context.close();
  });
});
