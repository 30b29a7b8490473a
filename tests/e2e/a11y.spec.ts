import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectLive, signedInContext } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';

const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

test.describe('layout, focus and labels', () => {
  test('the office list fits a 1440×900 screen with every column, Actions included', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/offices');
    await expectLive(page);
    await expect(page.getByLabel('Location')).toHaveValue('All Locations');
    await page.getByRole('button', { name: 'List view' }).click();
    const table = page.getByTestId('office-table');
    await expect(table.locator('tbody tr[data-office-number]').first()).toBeVisible();

    // Nothing scrolls sideways: not the page, not the table inside its card.
    const page_ = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
    expect(page_.scroll).toBeLessThanOrEqual(page_.client);
    const box = await table.evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, client: t.parentElement!.clientWidth }));
    expect(box.scroll).toBeLessThanOrEqual(box.client);

    // Every header, the last ones included, is wholly on screen.
    for (const name of ['Lease End', 'Contacts', 'Actions']) {
      const header = table.getByRole('columnheader', { name });
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport({ ratio: 1 });
    }
    const firstRow = table.locator('tbody tr[data-office-number]').first();
    await firstRow.scrollIntoViewIfNeeded();
    await expect(firstRow.getByRole('button', { name: 'Manage contacts' })).toBeInViewport({ ratio: 1 });
    await context.close();
  });

  test('card actions are labelled in words, not only by icons and tooltips', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = uniqueNumber('W');
    await createOffice(page, token, 'East Austin', number);
    await page.getByLabel('Search offices').fill(number);
    const card = officeCard(page, number);
    for (const [name, label] of [
      ['View profile', 'View'],
      ['Edit status', 'Status'],
      ['Assign company', 'Assign'],
      ['Edit rates & lease', 'Rates'],
      ['Manage contacts', 'Contacts'],
    ] as const) {
      await expect(card.getByRole(name === 'View profile' ? 'link' : 'button', { name })).toHaveText(label);
    }
    await expect(card.getByRole('group', { name: `Actions for office ${number}` }).locator('[title]')).toHaveCount(0);
    await context.close();
  });

  test('a dialog opens on its first field and Escape gives the focus back to the control that opened it', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = uniqueNumber('K');
    await createOffice(page, token, 'Market Street', number);
    await page.getByLabel('Search offices').fill(number);

    const opener = officeCard(page, number).getByRole('button', { name: 'Edit status' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Edit Office Status' });
    await expect(dialog.getByLabel('Status')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const addOffice = page.getByRole('button', { name: 'Add Office' });
    await addOffice.focus();
    await page.keyboard.press('Enter');
    const add = page.getByRole('dialog', { name: 'Add Office' });
    await expect(add.getByLabel('Office number')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(add).toBeHidden();
    await expect(addOffice).toBeFocused();

    // Cancel returns it as well, and so does the Rates dialog.
    const rates = officeCard(page, number).getByRole('button', { name: 'Edit rates & lease' });
    await rates.click();
    await expect(page.getByRole('dialog', { name: 'Edit Rates & Lease Info' }).getByLabel('Monthly', { exact: true })).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(rates).toBeFocused();
    await context.close();
  });

  test('a dialog without fields opens on itself, not on its close button', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const opener = page.getByTestId('office-card').first().getByRole('button', { name: 'View contacts' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Manage Contacts' });
    await expect(dialog).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    await context.close();
  });

  test('on a phone, closing the navigation drawer gives the focus back to its button', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/offices');
    await expectLive(page);
    const menu = page.getByRole('button', { name: 'Open navigation' });
    await menu.click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(menu).toBeFocused();
    await context.close();
  });

  test('the first Tab reaches "Skip to main content", which moves the focus past the navigation', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    // The screen has loaded its controls, so the Tab after the skip link has somewhere to land.
    await expect(page.getByRole('main').getByRole('button', { name: 'Add Office' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    // The next Tab lands inside the screen, not in the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    await context.close();
  });

  test('an Add Office dialog showing field errors has no serious accessibility violations', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    await page.getByRole('button', { name: 'Add Office' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Office' });
    await dialog.getByRole('button', { name: 'Create Office' }).click();
    await expect(dialog.getByLabel('Office number')).toHaveAttribute('aria-invalid', 'true');
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(serious(results.violations)).toEqual([]);
    await context.close();
  });
});
