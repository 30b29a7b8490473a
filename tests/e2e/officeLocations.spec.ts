import { expect, test } from '@playwright/test';
import { expectLive, signedInContext } from './support/app';

test.describe('office management: the location panel', () => {
  test('collapses so the first office card (name, status, rates) is above the fold at 1440×900, and stays collapsed after a reload', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/offices');
    await expectLive(page);
    const firstCard = page.locator('[data-testid="office-card"]').first();
    await expect(firstCard).toBeVisible();
    // Above the fold: the first card's name, status and rates are on the first screen.
    const cardTop = firstCard.locator('h3');
    const rates = firstCard.locator('dl', { hasText: 'Monthly' });

    const toggle = page.getByRole('button', { name: /locations/i, expanded: true });
    await expect(page.getByTestId('location-card').first()).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('button', { name: /locations/i, expanded: false })).toBeVisible();
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await expect(cardTop).toBeInViewport({ ratio: 1 });
    await expect(rates).toBeInViewport({ ratio: 1 });

    await page.reload();
    await expectLive(page);
    await expect(firstCard).toBeVisible();
    await expect(page.getByRole('button', { name: /locations/i, expanded: false })).toBeVisible();
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await expect(cardTop).toBeInViewport({ ratio: 1 });
    await expect(rates).toBeInViewport({ ratio: 1 });

    // One location chosen: its own card folds the same way, and opens again.
    await page.getByLabel('Location', { exact: true }).selectOption({ label: '55 Broadway' });
    await expect(page.getByTestId('location-card')).toHaveCount(0);
    await page.getByRole('button', { name: /55 Broadway/, expanded: false }).click();
    await expect(page.getByTestId('location-card')).toBeVisible();
    await context.close();
  });
});
