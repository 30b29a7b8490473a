import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, uniqueNumber } from './support/data';

test.describe('errors a person can act on', () => {
  test("Add Office shows each problem at its field, the server's duplicate-number message included, and the next dialog starts clean", async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = uniqueNumber('E');
    await createOffice(page, token, 'Greenpoint', number);

    await page.getByRole('button', { name: 'Add Office' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Office' });
    const officeNumber = dialog.getByLabel('Office number');
    const desks = dialog.getByLabel('Desks');

    // Checked in the browser first: every problem at its own field, in words.
    await officeNumber.fill('');
    await desks.fill('-2');
    await dialog.getByRole('button', { name: 'Create Office' }).click();
    await expect(dialog.getByText('Office number and location are required')).toBeVisible();
    await expect(officeNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(officeNumber).toHaveAccessibleDescription('Office number is required');
    await expect(officeNumber).toBeFocused();
    await expect(dialog.getByLabel('Location')).toHaveAccessibleDescription('Location is required');
    await expect(desks).toHaveAccessibleDescription('Desks cannot be negative');
    await expect(dialog.getByText(/Too small|expected number/)).toHaveCount(0);

    // Fixing a field clears its message at once.
    await desks.fill('2');
    await expect(desks).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('Desks cannot be negative')).toHaveCount(0);

    // The server refuses a number already taken at that location: its message, at the number field.
    await officeNumber.fill(number);
    await dialog.getByLabel('Location').selectOption({ label: 'Greenpoint' });
    await dialog.getByRole('button', { name: 'Create Office' }).click();
    await expect(officeNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(officeNumber).toHaveAccessibleDescription('An office with this number already exists at this location');
    await expect(officeNumber).toBeFocused();
    await expect(dialog).toBeVisible();

    // Closing drops the dialog's errors: the next one opened has none.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Office' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('An office with this number already exists at this location')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(page.getByText('Failed to create office')).toHaveCount(0);
    await context.close();
  });

  test('a profile edit shows each problem at its field, opening the tab the first one is on', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    const number = uniqueNumber('V');
    const { id } = await createOffice(page, token, 'Center City', number);
    await page.goto(`/offices/${id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Desks').fill('-1');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await page.getByLabel('Monthly rate').fill('-5');
    await page.getByRole('button', { name: 'Save' }).click();

    // The first problem is on Overview: that tab opens with the field focused and described.
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    const desks = page.getByLabel('Desks');
    await expect(desks).toBeFocused();
    await expect(desks).toHaveAccessibleDescription('Desks cannot be negative');
    await desks.fill('6');
    await expect(desks).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('tab', { name: 'Pricing' }).click();
    await expect(page.getByLabel('Monthly rate')).toHaveAccessibleDescription('Monthly rate cannot be negative');
    await page.getByLabel('Monthly rate').fill('900');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    const saved = (await apiAs(page, token, 'GET', `/api/offices/${id}`)).body;
    expect(saved.desks).toBe(6);
    expect(saved.marketed_rates.monthly).toBe(900);
    await context.close();
  });

  test('a failed list load says why and offers Retry, never zero tiles or an empty list', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    let failures = 1;
    await page.route(/\/api\/members(\?|$)/, async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 503, json: { message: 'The member service is briefly unavailable' } });
      else await route.continue();
    });
    await page.goto('/members');

    const failed = page.getByTestId('load-failed');
    await expect(failed).toContainText('Failed to load members');
    await expect(failed).toContainText('The member service is briefly unavailable');
    await expect(page.locator('[data-stat]')).toHaveCount(0);
    await expect(page.getByText('No member companies yet.')).toHaveCount(0);

    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toHaveCount(0);
    await expect(page.locator('[data-member-id]').first()).toBeVisible();
    await expect(page.locator('[data-stat="Member Companies"] [data-stat-value]')).not.toHaveText('0');
    await context.close();
  });

  test('a failed load retries by itself once the connection is back, without a click on Retry', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    let failures = 1;
    await page.route(/\/api\/members(\?|$)/, async (route) => {
      if (failures-- > 0) await route.abort('internetdisconnected');
      else await route.continue();
    });
    await page.goto('/members');
    const failed = page.getByTestId('load-failed');
    await expect(failed).toContainText('Failed to load members');

    // The network drops and comes back: the list loads on its own.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(failed).toHaveCount(0);
    await expect(page.locator('[data-member-id]').first()).toBeVisible();
    await context.close();
  });

  test('the location selector says when the locations did not load, and Retry fills it', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    let failures = 1;
    await page.route(/\/api\/locations(\?|$)/, async (route) => {
      if (failures-- > 0) await route.fulfill({ status: 500, json: { message: 'Something went wrong on our side. Please try again.' } });
      else await route.continue();
    });
    await page.goto('/members');
    const sidebar = page.locator('aside');
    await expect(sidebar.getByRole('alert')).toContainText('Failed to load locations');
    await expect(sidebar.getByRole('alert')).toContainText('Something went wrong on our side. Please try again.');
    await sidebar.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByLabel('Location').locator('option', { hasText: 'Greenpoint' })).toHaveCount(1);
    await expect(sidebar.getByRole('alert')).toHaveCount(0);
    await context.close();
  });

  test('a profile that failed to load says why, with Retry and the way back', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    const number = uniqueNumber('F');
    const { id } = await createOffice(page, token, 'Bushwick', number);
    let failures = 1;
    await page.route(`**/api/offices/${id}`, async (route) => {
      if (failures-- > 0) await route.abort('connectionrefused');
      else await route.continue();
    });
    await page.goto(`/offices/${id}`);

    const failed = page.getByTestId('load-failed');
    await expect(failed).toContainText('Failed to load office');
    await expect(failed).toContainText('Could not reach the server');
    await expect(page.getByText('Office not found')).toHaveCount(0);
    await expect(failed.getByRole('link', { name: 'Back to offices' })).toHaveAttribute('href', '/offices');

    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: `Office ${number}` })).toBeVisible();
    await context.close();
  });

  test("a screen whose code fails to load shows Retry inside the shell, and Retry loads it", async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    // The server goes away while the user navigates: the Member Directory's code does not arrive.
    let down = true;
    await page.route(/\/assets\/MembersPage-[\w-]+\.js$/, (route) => (down ? route.abort('connectionrefused') : route.continue()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Member Directory' }).click();

    const failed = page.getByTestId('screen-failed');
    await expect(failed).toContainText('This screen could not be loaded');
    // The rest of the app still works around it.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    down = false;
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    await expect(failed).toHaveCount(0);
    await context.close();
  });
});
