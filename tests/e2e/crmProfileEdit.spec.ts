import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext } from './support/app';

const unique = (prefix: string) => `${prefix} ${Date.now() % 1_000_000}`;

/** The page's console errors, less the browser's own network line for a refused response. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return errors;
}

test.describe('CRM profiles edit in place', () => {
  test('a contact: Edit shows its fields on the profile; Cancel restores them; Save keeps the change and leaves edit mode', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    await page.goto('/');
    const name = unique('Inplace Person');
    const created = await apiAs(page, admin.token, 'POST', '/api/contacts', { name, email: `inplace${Date.now() % 1_000_000}@example.com` });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    await page.goto(`/crm/contacts/${id}`);
    await expectLive(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit contact' });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form.getByLabel('Name')).toHaveValue(name);
    await form.getByLabel('Title').fill('Throwaway');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Throwaway')).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(form.getByLabel('Title')).toHaveValue('');
    await form.getByLabel('Title').fill('Community Lead');
    await form.getByLabel('Status').selectOption('Member');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(page.getByText('Community Lead').first()).toBeVisible();
    const saved = (await apiAs(page, admin.token, 'GET', `/api/contacts/${id}`)).body as { title: string; status: string };
    expect(saved).toMatchObject({ title: 'Community Lead', status: 'Member' });
    await admin.context.close();
  });

  test("a company: edits in place, names another user's save, and Reload keeps what was typed", async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await admin.context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/');
    const name = unique('Inplace Co');
    const created = await apiAs(page, admin.token, 'POST', '/api/companies', { name });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    await page.goto(`/crm/companies/${id}`);
    await expectLive(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit company' });
    await form.getByLabel('Industry').fill('Biotech');

    // Meanwhile the manager changes the website from elsewhere.
    const other = await apiAs(page, manager.token, 'PUT', `/api/companies/${id}`, { website: 'https://inplace.example' });
    expect(other.status).toBe(200);
    await expect(page.getByTestId('change-notice')).toContainText(`${USERS.manager.name} changed this company (website) since you opened it.`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText(`${USERS.manager.name} changed this company (website) since you opened it. Reload to see the change.`);
    // The conflict is the form's to explain, not an error of the app.
    expect(errors).toEqual([]);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(form.getByLabel('Website')).toHaveValue('https://inplace.example');
    await expect(form.getByLabel('Industry')).toHaveValue('Biotech');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText('Biotech').first()).toBeVisible();
    const saved = (await apiAs(page, admin.token, 'GET', `/api/companies/${id}`)).body as { industry: string; website: string };
    expect(saved).toMatchObject({ industry: 'Biotech', website: 'https://inplace.example' });
    await admin.context.close();
    await manager.context.close();
  });

  test("a contact: another user's save meanwhile is named on Save, and not logged as a console error", async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await admin.context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/');
    const created = await apiAs(page, admin.token, 'POST', '/api/contacts', { name: unique('Stale Person'), email: `stale${Date.now() % 1_000_000}@example.com` });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    await page.goto(`/crm/contacts/${id}`);
    await expectLive(page);

    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit contact' });
    await form.getByLabel('Title').fill('Operations');
    expect((await apiAs(page, manager.token, 'PUT', `/api/contacts/${id}`, { title: 'Founder' })).status).toBe(200);
    await expect(page.getByTestId('change-notice')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert')).toContainText(`${USERS.manager.name} changed this contact`);
    expect(errors).toEqual([]);
    await admin.context.close();
    await manager.context.close();
  });
});
