import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { apiAs, signedInContext } from './support/app';
import { card, openBoard, uniqueName } from './support/deals';

test.describe('a deal’s company and contact', () => {
  test('Add Deal offers existing companies as you type and then that company’s contacts; picked by keyboard, the deal links them and creates no copies', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    const companies = (await apiAs(page, admin.token, 'GET', '/api/companies?q=Tandem Mobility')).body as { id: string; name: string; contact_count: number }[];
    expect(companies).toHaveLength(1);
    const [tandem] = companies;
    const contacts = (await apiAs(page, admin.token, 'GET', `/api/contacts?company_id=${tandem!.id}`)).body as { id: string; name: string; email: string }[];
    expect(contacts.length).toBeGreaterThan(0);

    await openBoard(page);
    await page.getByRole('button', { name: 'Add Deal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Deal' });
    const name = uniqueName('Picked Parties');
    await dialog.getByLabel('Deal name').fill(name);
    const company = dialog.getByRole('combobox', { name: 'Company name' });
    await company.pressSequentially('tandem mob');
    await expect(dialog.getByTestId('suggestion').first()).toContainText('Tandem Mobility');
    // With its suggestions open, the dialog has no serious accessibility violation.
    const violations = (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await company.press('ArrowDown');
    await company.press('Enter');
    await expect(company).toHaveValue('Tandem Mobility');
    await expect(dialog.getByText('Existing company')).toBeVisible();

    // The company's contacts, offered before typing anything.
    const contact = dialog.getByRole('combobox', { name: 'Contact name' });
    await contact.focus();
    await contact.press('ArrowDown');
    await expect(dialog.getByTestId('suggestion')).toHaveCount(contacts.length);
    await contact.press('ArrowDown');
    await contact.press('Enter');
    await expect(contact).toHaveValue(contacts[0]!.name);
    await expect(dialog.getByLabel('Contact email')).toHaveValue(contacts[0]!.email);
    await expect(dialog.getByText('Existing contact')).toBeVisible();

    await dialog.getByLabel('Location').selectOption({ label: '55 Broadway' });
    await dialog.getByLabel('Offered price').fill('1500');
    await dialog.getByRole('button', { name: 'Add Deal' }).click();
    await expect(page.getByText(`Deal ${name} added`)).toBeVisible();
    await expect(card(page, name)).toContainText('Tandem Mobility');

    const deals = (await apiAs(page, admin.token, 'GET', `/api/deals?q=${encodeURIComponent(name)}`)).body as { company_id: string; contact_id: string }[];
    expect(deals).toEqual([expect.objectContaining({ company_id: tandem!.id, contact_id: contacts[0]!.id })]);
    expect((await apiAs(page, admin.token, 'GET', '/api/companies?q=Tandem Mobility')).body).toHaveLength(1);
    await admin.context.close();
  });
});
