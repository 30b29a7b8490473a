import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signInWithForm, signedInPage } from './support/app';
import { locationId } from './support/data';

const ACCESS_DENIED = 'Access Denied - You need administrator or manager privileges to access settings.';
const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const userRow = (page: Page, email: string) => page.locator(`[data-testid="user-row"][data-email="${email}"]`);
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now() % 1_000_000}@example.com`;

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expectLive(page);
}

test.describe('settings', () => {
  test('opens on User Management for an administrator and on Integrations for a manager', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await openSettings(admin.page);
    const tabs = admin.page.getByRole('tablist', { name: 'Settings' }).getByRole('tab');
    await expect(tabs).toHaveText(['User Management', 'Locations', 'Integrations', 'System']);
    await expect(admin.page.getByRole('tab', { name: 'User Management' })).toHaveAttribute('aria-selected', 'true');
    await expect(userRow(admin.page, 'manager@flexspace.demo')).toContainText('2 locations');
    // Administrators have no Delete; other accounts do.
    await expect(admin.page.getByRole('button', { name: 'Delete admin@flexspace.demo' })).toHaveCount(0);
    await expect(admin.page.getByRole('button', { name: 'Delete viewer@flexspace.demo' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: admin.page }).include('main').analyze()).violations)).toEqual([]);
    await admin.page.getByRole('button', { name: 'Add User' }).click();
    await expect(admin.page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
    expect(serious((await new AxeBuilder({ page: admin.page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
    await admin.context.close();

    const manager = await signedInPage(browser, 'manager');
    await openSettings(manager.page);
    // System settings are for administrators: a manager is not offered the tab at all.
    await expect(manager.page.getByRole('tablist', { name: 'Settings' }).getByRole('tab')).toHaveText(['Locations', 'Integrations']);
    await expect(manager.page.getByRole('tab', { name: 'System' })).toHaveCount(0);
    await expect(manager.page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    await expect(manager.page.getByRole('heading', { name: 'Gmail' })).toBeVisible();
    await expect(manager.page.getByRole('heading', { name: 'Slack' })).toHaveCount(0);
    // Asking for User Management in the address opens the manager's default instead.
    await manager.page.goto('/settings?tab=users');
    await expect(manager.page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    // So does a link to the System tab: no refusal panel, no System tab.
    await manager.page.goto('/settings?tab=system');
    await expect(manager.page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    await expect(manager.page.getByRole('tab', { name: 'System' })).toHaveCount(0);
    await manager.page.getByRole('tab', { name: 'Locations' }).click();
    await expect(manager.page.getByTestId('location-card')).toHaveCount(2);
    await expect(manager.page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    expect(serious((await new AxeBuilder({ page: manager.page }).include('main').analyze()).violations)).toEqual([]);
    await manager.context.close();
  });

  test('an administrator adds a user, who signs in; demoted while signed in, their screen loses Settings at once; deleted, they are signed out', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await openSettings(admin.page);
    const email = uniqueEmail('casey');

    await admin.page.getByRole('button', { name: 'Add User' }).click();
    const add = admin.page.getByRole('dialog', { name: 'Add User' });
    // Nothing typed: the spec's message, and each field says what it needs.
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByRole('alert').filter({ hasText: 'Email, password, and name are required' })).toBeVisible();
    await expect(add.getByLabel('Name')).toBeFocused();
    await add.getByLabel('Name').fill('Casey Brooks');
    await add.getByLabel('Email').fill(email);
    await add.getByLabel('Password').fill('casey-password');
    await expect(add.getByLabel('Role')).toHaveValue('viewer');
    await add.getByLabel('Role').selectOption('manager');
    await add.getByRole('checkbox', { name: /Greenpoint/ }).check();
    await add.getByRole('checkbox', { name: /Bushwick/ }).check();
    const greenpoint = await locationId(admin.page, admin.token, 'Greenpoint');
    await add.getByLabel('Primary location').selectOption(greenpoint);
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add).toBeHidden();
    const row = userRow(admin.page, email);
    await expect(row).toContainText('Casey Brooks');
    await expect(row).toContainText('Manager');
    await expect(row).toContainText('Greenpoint');
    await expect(row).toContainText('2 locations');

    // The new user signs in through the form and works as a manager of their two locations.
    const casey = await browser.newContext();
    const page = await casey.newPage();
    await page.goto('/login');
    await signInWithForm(page, email, 'casey-password');
    await expect(page.getByTestId('user-name')).toHaveText('Casey Brooks');
    await expect(page.locator('#location-selector option')).toHaveText(['All Locations', 'Bushwick', 'Greenpoint']);
    await expect(page.locator('#location-selector')).toHaveValue(greenpoint);
    await openSettings(page);
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');

    // Demoted to a viewer of Greenpoint only, while their tab is open: it follows without a reload.
    await userRow(admin.page, email).getByRole('button', { name: `Edit ${email}` }).click();
    const edit = admin.page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('Password')).toHaveValue('');
    await edit.getByLabel('Role').selectOption('viewer');
    await edit.getByRole('checkbox', { name: /Bushwick/ }).uncheck();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(userRow(admin.page, email)).toContainText('Viewer');
    await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
    await expect(page.locator('#location-selector option')).toHaveText(['All Locations', 'Greenpoint']);
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Viewer');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The password was left blank: the old one still signs in.
    const again = await page.request.post('/api/auth/login', { data: { email, password: 'casey-password' } });
    expect(again.status()).toBe(200);

    // Deleted: the open tab is signed out.
    await userRow(admin.page, email).getByRole('button', { name: `Delete ${email}` }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete User' });
    await expect(confirm).toContainText(`Are you sure you want to delete user "${email}"? This action cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(userRow(admin.page, email)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await casey.close();
    await admin.context.close();
  });

  test("an administrator renames a location and the shell's selector follows, in their tab and another user's", async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const viewer = await signedInPage(browser, 'viewer');
    const id = await locationId(admin.page, admin.token, 'Market Street');
    await viewer.page.goto('/');
    await expectLive(viewer.page);
    await openSettings(admin.page);
    await admin.page.getByRole('tab', { name: 'Locations' }).click();
    const card = admin.page.locator(`[data-testid="location-card"][data-location-id="${id}"]`);
    try {
      await card.getByRole('button', { name: 'Edit Market Street' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Edit Location' });
      await expect(dialog.getByLabel('Floors')).toHaveValue('12, 14');
      await dialog.getByLabel('Name').fill('Market Street Exchange');
      await dialog.getByLabel('Floors').fill('12, 14, 15');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toContainText('Market Street Exchange');
      await expect(card).toContainText('Floors 12, 14, 15');
      await expect(admin.page.locator('#location-selector option', { hasText: 'Market Street Exchange' })).toHaveCount(1);
      await expect(viewer.page.locator('#location-selector option', { hasText: 'Market Street Exchange' })).toHaveCount(1);
      await expect(viewer.page.locator('#location-selector option', { hasText: /^Market Street$/ })).toHaveCount(0);

      // A blank name is refused at its field.
      await card.getByRole('button', { name: 'Edit Market Street Exchange' }).click();
      await dialog.getByLabel('Name').fill(' ');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await apiAs(admin.page, admin.token, 'PUT', `/api/locations/${id}`, { name: 'Market Street', floors: [12, 14] });
    }
    await expect(viewer.page.locator('#location-selector option', { hasText: /^Market Street$/ })).toHaveCount(1);
    await admin.context.close();
    await viewer.context.close();
  });
});
