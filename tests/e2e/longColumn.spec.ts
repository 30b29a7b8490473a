import { expect, test } from '@playwright/test';
import { apiAs, signedInPage } from './support/app';
import { card, column, createDeal, key, openBoard, uniqueName } from './support/deals';

test.describe('a long column', () => {
  test('renders only the cards near its scroll position, scrolls on its own, and its cards still move by keyboard', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1600, height: 900 });
    const prefix = uniqueName('Long Column');
    const total = 60;
    // Created one after another: each goes on top of Tour Completed, so the first is last.
    for (let i = 1; i <= total; i++) {
      const { id } = await createDeal(admin.page, admin.token, `${prefix} #${i}`);
      expect((await apiAs(admin.page, admin.token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    }
    await openBoard(admin.page);
    await admin.page.getByLabel('Search deals').fill(prefix);
    const longColumn = column(admin.page, 'tour_completed');
    await expect(longColumn.locator('[data-column-count]')).toHaveText(String(total));
    await expect(card(admin.page, `${prefix} #${total}`)).toBeVisible();

    // Only part of the column is in the admin.page; the rest comes as it scrolls.
    const rendered = await longColumn.locator('[data-testid="deal-card"]').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(total);
    await expect(card(admin.page, `${prefix} #1`)).toHaveCount(0);
    await longColumn.locator('[data-virtual-column]').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(card(admin.page, `${prefix} #1`)).toBeVisible();
    await expect(card(admin.page, `${prefix} #${total}`)).toHaveCount(0);

    // The bottom card moves right by keyboard, announced with its place in the long column.
    await card(admin.page, `${prefix} #1`).focus();
    await key(admin.page, 'Space', `Picked up ${prefix} #1. Tour Completed, position ${total} of ${total}`);
    await key(admin.page, 'ArrowRight', `${prefix} #1. Agreement Sent, position 1 of 1`);
    await key(admin.page, 'Space', `Dropped ${prefix} #1. Agreement Sent, position 1 of 1`);
    await expect(card(admin.page, `${prefix} #1`)).toHaveAttribute('data-stage', 'agreement_sent');
    await expect(longColumn.locator('[data-column-count]')).toHaveText(String(total - 1));
    await admin.context.close();
  });
});
