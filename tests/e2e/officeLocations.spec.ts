import { expect, test } from '@playwright/test';
import { expectLive, signedInPage } from './support/app';

test.describe('office management: the location panel', () => {
  test('collapses so the whole first office card is above the fold at 1440×900, and stays collapsed after a reload', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'admin');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/offices');
    await expectLive(page);
    const firstCard = page.locator('[data-testid="office-card"]').first();
    await expect(firstCard).toBeVisible();
    // Above the fold: the whole first card, its actions included, is on the first screen without scrolling.
    const wholeCardAboveTheFold = async () => {
      await expect(firstCard).toBeInViewport({ ratio: 1 });
      const box = await firstCard.boundingBox();
      expect(box, 'the first office card has a box').not.toBeNull();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(900);
    };

    const toggle = page.getByRole('button', { name: /locations/i, expanded: true });
    await expect(page.getByTestId('location-card').first()).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('button', { name: /locations/i, expanded: false })).toBeVisible();
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await wholeCardAboveTheFold();

    await page.reload();
    await expectLive(page);
    await expect(firstCard).toBeVisible();
    await expect(page.getByRole('button', { name: /locations/i, expanded: false })).toBeVisible();
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await wholeCardAboveTheFold();

    // One location chosen: its own card folds the same way, and opens again.
    await page.getByLabel('Location', { exact: true }).selectOption({ label: '55 Broadway' });
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await page.getByRole('button', { name: /55 Broadway/, expanded: false }).click();
    await expect(page.getByTestId('location-card')).toBeVisible();
    await context.close();
  });
});
