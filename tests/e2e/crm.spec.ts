import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatCurrency } from '@shared/domain/money';
import { USERS, apiAs, expectLive, signedInPage } from './support/app';
import { createDeal } from './support/deals';

/** The value a profile shows under a label of its overview. */
const detail = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.describe('contacts and companies', () => {
  test('add a contact with a new company from the nested dialog; edit it on its profile; the Activity tab shows the edit; another browser sees a status change live', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const tag = `${Date.now() % 1_000_000}`;
    const person = `Nora Nested ${tag}`;
    const companyName = `Nested Labs ${tag}`;

    await admin.page.goto('/crm/contacts');
    await expectLive(admin.page);
    await admin.page.getByRole('button', { name: 'Add Contact' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByRole('button', { name: 'Add Contact' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Name and email are required');
    await dialog.getByLabel('Name').fill(person);
    await dialog.getByLabel('Email').fill(`nora${tag}@nested.example`);
    await dialog.getByRole('button', { name: 'Create New Company' }).click();
    const nested = admin.page.getByRole('dialog', { name: 'Create New Company' });
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

    await admin.page.getByLabel('Search contacts by name, email or title').fill(person);
    const card = admin.page.locator('[data-testid="contact-card"]');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(companyName);

    // The manager's screen of the company's contacts follows a status change made by the admin.
    await manager.page.goto('/crm/contacts');
    await expectLive(manager.page);
    await manager.page.getByLabel('Search contacts by name, email or title').fill(person);
    await expect(manager.page.locator('[data-testid="contact-card"]')).toHaveCount(1);
    await card.getByLabel(`Status of ${person}`).selectOption('Member');
    await expect(manager.page.locator('[data-testid="contact-card"]')).toContainText('Member');

    // Edit on the profile; the Activity tab has the edit with the old and new value.
    await card.getByRole('button').first().click();
    await expect(admin.page.getByRole('heading', { name: person })).toBeVisible();
    await admin.page.getByRole('button', { name: 'Edit' }).click();
    const edit = admin.page.getByRole('form', { name: 'Edit contact' });
    await edit.getByLabel('Title').fill('Head of Space');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(admin.page.getByText('Head of Space').first()).toBeVisible();
    await admin.page.getByRole('tab', { name: 'Activity' }).click();
    const entries = admin.page.getByTestId('activity-entry');
    await expect(entries.first()).toContainText(`${USERS.admin.name} edited contact ${person} (title)`);
    await expect(entries.first()).toContainText('Title: — → Head of Space');
    // Toasts fade in and out: axe measures their contrast mid-fade. Their colours are set for AA
    // in index.css; the check here is of the screen.
    const violations = (await new AxeBuilder({ page: admin.page }).exclude('[data-sonner-toaster]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);

    // The company counts its contact; deleting it says what goes with it.
    await admin.page.goto('/crm/companies');
    await admin.page.getByLabel('Search companies by name or industry').fill(companyName);
    const company = admin.page.locator('[data-testid="company-card"]');
    await expect(company.locator('[data-contact-count]')).toHaveText('1');
    await company.getByRole('button', { name: `Delete ${companyName}` }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete Company' });
    await expect(confirm).toContainText('Are you sure you want to delete this company? This will also remove all associated contacts.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(company).toHaveCount(0);
    await expect(manager.page.locator('[data-testid="contact-card"]')).toHaveCount(0);
    await admin.context.close();
    await manager.context.close();
  });

  test("a company's and a contact's profiles show their deal statistics as the API counts them", async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const tag = `${Date.now() % 1_000_000}`;
    const party = { company_name: `Tallied Rooms ${tag}`, contact: { name: `Tess Tally ${tag}`, email: `tess${tag}@tallied.example` } };
    // Two deals open, one signed, one lost (so no two figures agree by chance), of different sizes.
    const open = await createDeal(admin.page, admin.token, `Tallied open ${tag}`, { ...party, offered_price: 1000 });
    await createDeal(admin.page, admin.token, `Tallied second open ${tag}`, { ...party, offered_price: 1750 });
    const signed = await createDeal(admin.page, admin.token, `Tallied signed ${tag}`, { ...party, offered_price: 2500 });
    const lost = await createDeal(admin.page, admin.token, `Tallied lost ${tag}`, { ...party, offered_price: 400 });
    for (const [deal, stage] of [[signed, 'agreement_signed'], [lost, 'close_lost']] as const) {
      expect((await apiAs(admin.page, admin.token, 'PATCH', `/api/deals/${deal.id}/stage`, { stage, version: deal.version })).status).toBe(200);
    }
    const { company_id, contact_id } = (await apiAs(admin.page, admin.token, 'GET', `/api/deals/${open.id}`)).body as { company_id: string; contact_id: string };

    const company = (await apiAs(admin.page, admin.token, 'GET', `/api/companies/${company_id}`)).body as Record<string, number>;
    expect(company).toMatchObject({ deal_count: 4, active_deal_count: 2, won_deal_count: 1 });
    await admin.page.goto(`/crm/companies/${company_id}`);
    await expectLive(admin.page);
    await expect(detail(admin.page, 'Active deals')).toHaveText(String(company.active_deal_count));
    await expect(detail(admin.page, 'Won deals')).toHaveText(String(company.won_deal_count));
    await expect(detail(admin.page, 'Total deal value')).toHaveText(formatCurrency(company.total_deal_value));
    await expect(detail(admin.page, 'Average deal size')).toHaveText(formatCurrency(company.average_deal_value));
    await expect(detail(admin.page, 'Deals')).toHaveText('4');

    // A contact's figures are those of the deals the API lists for it: open ones active, signed ones won.
    const deals = (await apiAs(admin.page, admin.token, 'GET', `/api/deals?contact_id=${contact_id}`)).body as { stage: string }[];
    expect(deals.map((d) => d.stage).sort()).toEqual(['agreement_signed', 'close_lost', 'form_submitted', 'form_submitted']);
    const active = deals.filter((d) => d.stage !== 'agreement_signed' && d.stage !== 'close_lost').length;
    const won = deals.filter((d) => d.stage === 'agreement_signed').length;
    await admin.page.goto(`/crm/contacts/${contact_id}`);
    await expectLive(admin.page);
    await expect(detail(admin.page, 'Active deals')).toHaveText(String(active));
    await expect(detail(admin.page, 'Won deals')).toHaveText(String(won));
    await expect(detail(admin.page, 'Deals')).toHaveText(String(deals.length));
    await admin.context.close();
  });

  test('an unknown contact says so with a way back; a viewer has no Add, Edit or Delete', async ({ browser }) => {
    const viewer = await signedInPage(browser, 'viewer');
    await viewer.page.goto('/crm/contacts/00000000-0000-4000-8000-000000000000');
    await expect(viewer.page.getByRole('heading', { name: 'Contact not found' })).toBeVisible();
    await viewer.page.getByRole('link', { name: 'Back to contacts' }).click();
    await expect(viewer.page.locator('[data-testid="contact-card"]').first()).toBeVisible();
    await expect(viewer.page.getByRole('button', { name: 'Add Contact' })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(viewer.page.locator('[data-testid="contact-card"]').first().getByRole('combobox')).toBeDisabled();
    await viewer.context.close();
  });
});
