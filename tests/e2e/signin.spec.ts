import { expect, test } from '@playwright/test';
import { PASSWORD, USERS, signInWithForm, signedInContext } from './support/app';

test.describe('sign-in', () => {
  test('shows the product, signs in and lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'FlexSpace' })).toBeVisible();
    await expect(page.getByText('Operations Platform')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await signInWithForm(page, USERS.admin.email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-name')).toHaveText(USERS.admin.name);
    await expect(page.getByText('Administrator')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('shows the server message for a wrong password, and clears it on the next attempt', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, USERS.viewer.email, 'not-the-password');
    const error = page.getByRole('alert');
    await expect(error).toHaveText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
    // The error area empties as soon as a new attempt starts.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('fills the demo account with the demo button', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Demo Account')).toBeVisible();
    await expect(page.getByText(`${USERS.admin.email} / ${PASSWORD}`)).toBeVisible();
    await page.getByRole('button', { name: 'Use Demo Credentials' }).click();
    await expect(page.getByLabel('Email')).toHaveValue(USERS.admin.email);
    await expect(page.getByLabel('Password')).toHaveValue(PASSWORD);
  });

  test('sends a signed-out visitor to /login and back to the page first asked for', async ({ page }) => {
    await page.goto('/members');
    await expect(page).toHaveURL(/\/login$/);
    await signInWithForm(page, USERS.manager.email, PASSWORD);
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    // History was replaced: going back does not return to the sign-in page.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login$/);
  });

  test('guards every shell path, unknown ones included', async ({ page }) => {
    for (const path of ['/', '/offices', '/crm/deals', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
  });

  test('logs out to /login and forgets the session', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    await page.goto('/tasks');
    await expect(page.getByTestId('user-name')).toHaveText(USERS.manager.name);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/tasks');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });

  test('a 401 from the API clears the token and sends the browser to /login', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expect(page.getByTestId('user-name')).toBeVisible();
    // The server stops accepting this session's token for the locations call.
    await page.route('**/api/locations', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
