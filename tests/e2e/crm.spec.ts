import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { USERS, expectLive, signedInContext } from './support/app';

test.describe('contacts and companies', () => {
  test('add a contact with a new company from the nested dialog; edit it on its profile; the Activity tab shows the edit; another browser sees a status change live', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await admin.context.newPage();
    const other = await manager.context.newPage();
    const tag = `${Date.now() % 1_000_000}`;
    const person = `Nora Nested ${tag}`;
    const companyName = `Nested Labs ${tag}`;

    await page.goto('/crm/contacts');
    await expectLive(page);
    await page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name and email are required');
    await dialog.getByLabel('Name').fill(person);
    await dialog.getByLabel('Email').fill(`nora${tag}@nested.example`);
    await dialog.getByRole('button', { name: 'Create New Company' }).click();
    const nested = page.getByRole('dialog', { name: 'Create New Company' });
    await nested.getByRole('button', { name: 'Create Company' }).click();
    await expect(nested.getByRole('alert')).toHaveText('Company name is required');
    await nested.getByLabel('Company name').fill(companyName);
    await nested.getByRole('button', { name: 'Create Company' }).click();
    await expect(nested).toBeHidden();
    // The new company is selected for the contact.
    await expect(dialog.getByLabel('Company')).toHaveValue(/.+/);
    await expect(dialog.getByLabel('Company').locator('option:checked')).toHaveText(companyName);
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search contacts by name, email or title').fill(person);
    const card = page.locator('[data-testid="contact-card"]');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(companyName);

    // The manager's screen of the company's contacts follows a status change made by the admin.
    await other.goto('/crm/contacts');
    await expectLive(other);
    await other.getByLabel('Search contacts by name, email or title').fill(person);
    await expect(other.locator('[data-testid="contact-card"]')).toHaveCount(1);
    await card.getByLabel(`Status of ${person}`).selectOption('Member');
    await expect(other.locator('[data-testid="contact-card"]')).toContainText('Member');

    // Edit on the profile; the Activity tab has the edit with the old and new value.
    await card.getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: person })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit contact' });
    await edit.getByLabel('Title').fill('Head of Space');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Head of Space').first()).toBeVisible();
    await page.getByRole('tab', { name: 'Activity' }).click();
    const entries = page.getByTestId('activity-entry');
    await expect(entries.first()).toContainText(`${USERS.admin.name} edited contact ${person} (title)`);
    await expect(entries.first()).toContainText('Title: — → Head of Space');
    // Toasts fade in and out: axe measures their contrast mid-fade. Their colours are set for AA
    // in index.css; the check here is of the screen.
    const violations = (await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

    // The company counts its contact; deleting it says what goes with it.
    await page.goto('/crm/companies');
    await page.getByLabel('Search companies by name or industry').fill(companyName);
    const company = page.locator('[data-testid="company-card"]');
    await expect(company.locator('[data-contact-count]')).toHaveText('1');
    await company.getByRole('button', { name: `Delete ${companyName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Company' });
    await expect(confirm).toContainText('Are you sure you want to delete this company? This will also remove all associated contacts.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(company).toHaveCount(0);
    await expect(other.locator('[data-testid="contact-card"]')).toHaveCount(0);
    await admin.context.close();
    await manager.context.close();
  });

  test('an unknown contact says so with a way back; a viewer has no Add, Edit or Delete', async ({ browser }) => {
    const viewer = await signedInContext(browser, 'viewer');
    const page = await viewer.context.newPage();
    await page.goto('/crm/contacts/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to contacts' }).click();
    await expect(page.locator('[data-testid="contact-card"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Contact' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(page.locator('[data-testid="contact-card"]').first().getByRole('combobox')).toBeDisabled();
    await viewer.context.close();
  });
});
