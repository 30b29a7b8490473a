import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, signedInContext } from './support/app';
import { card, column, createDeal, openBoard, uniqueName } from './support/deals';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The browser's own wall clock as a datetime-local field takes it, to the second. */
const localNow = (page: Page) =>
  page.evaluate(() => {
    const at = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  });

test.describe('the deal board’s history', () => {
  test('Since… lists what changed with who and marks the cards; the board as of an instant is read only, marked, and holds still under live pushes', async ({ browser }) => {
    const manager = await signedInContext(browser, 'manager');
    const admin = await signedInContext(browser, 'admin');
    const page = await manager.context.newPage();
    await page.goto('/');
    const sinceField = await localNow(page);
    await pause(1100);
    const moved = uniqueName('Since Moved');
    const still = uniqueName('Since Still');
    const a = await createDeal(page, manager.token, moved);
    const b = await createDeal(page, manager.token, still);
    await pause(1100);
    const asOfField = await localNow(page);
    await pause(1100);
    expect((await apiAs(page, admin.token, 'PATCH', `/api/deals/${a.id}/stage`, { stage: 'tour_booked' })).status).toBe(200);

    await openBoard(page);
    await expect(card(page, moved)).toBeVisible();

    // Since an instant before both deals: the panel lists the move (by the admin) and the two new deals.
    await page.getByLabel('Show changes since').selectOption('instant');
    await page.getByLabel('Changes since the instant').fill(sinceField);
    const panel = page.getByTestId('changes-panel');
    await expect(panel).toBeVisible();
    const rows = panel.getByTestId('change-row');
    await expect(rows.filter({ hasText: moved }).first()).toContainText('moved Form Submitted → Tour Booked');
    await expect(rows.filter({ hasText: moved }).first()).toContainText(USERS.admin.name);
    await expect(rows.filter({ hasText: still })).toContainText('created in Form Submitted');
    await expect(panel.getByTestId('changes-summary')).toContainText('Moved');
    await expect(card(page, moved).getByTestId('history-mark')).toContainText(`Moved Form Submitted → Tour Booked · ${USERS.admin.name}`);
    await expect(card(page, still).getByTestId('history-mark')).toContainText('Created in Form Submitted');
    // A move made now shows in the panel without a reload, newest first.
    expect((await apiAs(page, admin.token, 'PATCH', `/api/deals/${b.id}/stage`, { stage: 'tour_booked' })).status).toBe(200);
    await expect(rows.first()).toContainText(still);
    await expect(rows.first()).toContainText('moved Form Submitted → Tour Booked');
    const axePanel = await new AxeBuilder({ page }).include('[data-testid="changes-panel"]').include('[aria-label="Changes since"]').include('[aria-label="Board as of a past time"]').analyze();
    expect(axePanel.violations).toEqual([]);
    await panel.getByRole('button', { name: 'Close the changes panel' }).click();
    await expect(panel).toBeHidden();

    // The board as it stood between the deals' creation and their moves.
    await page.getByLabel('Show the board as of').fill(asOfField);
    await page.getByRole('button', { name: 'Show board then' }).click();
    const banner = page.getByTestId('as-of-banner');
    await expect(banner).toContainText('Board as of');
    await expect(column(page, 'form_submitted').locator(`[data-deal-name="${moved}"]`)).toBeVisible();
    await expect(column(page, 'form_submitted').locator(`[data-deal-name="${still}"]`)).toBeVisible();
    await expect(card(page, moved).getByTestId('history-mark')).toContainText('Now in Tour Booked');
    await expect(card(page, moved)).toHaveAttribute('aria-roledescription', 'deal');
    await expect(page.getByRole('button', { name: 'Add Deal' })).toBeHidden();
    // A live push does not move a card of the past board.
    expect((await apiAs(page, admin.token, 'PATCH', `/api/deals/${b.id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    await pause(800);
    await expect(column(page, 'form_submitted').locator(`[data-deal-name="${still}"]`)).toBeVisible();
    const axeBanner = await new AxeBuilder({ page }).include('[data-testid="as-of-banner"]').analyze();
    expect(axeBanner.violations).toEqual([]);

    // Back to now: the live board, the cards where they are.
    await banner.getByRole('button', { name: 'Back to now' }).click();
    await expect(banner).toBeHidden();
    await expect(column(page, 'tour_booked').locator(`[data-deal-name="${moved}"]`)).toBeVisible();
    await expect(column(page, 'tour_completed').locator(`[data-deal-name="${still}"]`)).toBeVisible();
    await expect(card(page, moved)).toHaveAttribute('aria-roledescription', 'draggable deal');

    // The spec's own deals leave the open columns, so later specs see the columns as seeded.
    for (const id of [a.id, b.id]) expect((await apiAs(page, admin.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'close_lost' })).status).toBe(200);
    await manager.context.close();
    await admin.context.close();
  });
});
