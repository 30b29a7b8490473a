import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { USERS, expectLive, signedInContext } from './support/app';

test.describe('shell', () => {
  test('shows the navigation, the user and the version', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Dashboard', 'CRM', 'Office Management', 'Member Directory', 'Task Management', 'Reporting', 'Marketing Templates', 'Employee Resources']) {
      await expect(nav.getByText(label, { exact: true })).toBeVisible();
    }
    await nav.getByRole('button', { name: 'CRM' }).click();
    await nav.getByRole('link', { name: 'Deals' }).click();
    await expect(page).toHaveURL(/\/crm\/deals$/);
    await expect(page.getByRole('heading', { name: 'Deals' })).toBeVisible();
    await expect(page.getByText('version 2.0')).toBeVisible();
    await expect(page.getByText(USERS.admin.email)).toBeVisible();
    await expectLive(page);
    await context.close();
  });

  test('offers Settings to an admin and a manager, not to a viewer', async ({ browser }) => {
    for (const [who, offered] of [['admin', true], ['manager', true], ['viewer', false]] as const) {
      const { context } = await signedInContext(browser, who);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(offered ? 1 : 0);
      await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await context.close();
    }
  });

  test('shows a viewer the Access Denied text on /settings', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText('Access Denied - You need administrator or manager privileges to access settings.')).toBeVisible();
    await expect(page.getByText('Viewer', { exact: true })).toBeVisible();
    await context.close();
  });

  test('lists All Locations first, then the user’s locations, and keeps the choice across a reload', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    await page.goto('/');
    const selector = page.getByLabel('Location');
    // The manager's primary location is the initial choice; only its two locations are listed.
    await expect(selector.locator('option')).toHaveText(['All Locations', '55 Broadway', '60 Broad']);
    await expect(selector).toHaveValue(/[0-9a-f-]{36}/);
    await expect(selector.locator('option:checked')).toHaveText('55 Broadway');
    await selector.selectOption({ label: '60 Broad' });
    await page.reload();
    await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('60 Broad');
    await page.getByLabel('Location').selectOption({ label: 'All Locations' });
    await page.reload();
    await expect(page.getByLabel('Location').locator('option:checked')).toHaveText('All Locations');
    await context.close();
  });

  test('works as a drawer on a phone', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Task Management' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await context.close();
  });

  test('has no serious or critical accessibility violations on /login and in the shell', async ({ browser }) => {
    const anonymous = await browser.newContext();
    const login = await anonymous.newPage();
    await login.goto('/login');
    await expect(login.getByRole('button', { name: 'Use Demo Credentials' })).toBeVisible();
    const loginResults = await new AxeBuilder({ page: login }).analyze();
    expect(loginResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await anonymous.close();

    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    await expect(page.getByRole('heading', { name: 'Office Management' })).toBeVisible();
    const shellResults = await new AxeBuilder({ page }).analyze();
    expect(shellResults.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await context.close();
  });
});
