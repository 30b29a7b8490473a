import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';

async function locationId(page: Page, token: string, name: string): Promise<string> {
  const locations = (await apiAs(page, token, 'GET', '/api/locations')).body as { id: string; name: string }[];
  return locations.find((l) => l.name === name)!.id;
}

const row = (page: Page, name: string) => page.locator(`[data-member-name="${name}"]`);

test.describe('member directory', () => {
  test('Add Company validates and creates; search finds it by an employee; Add Employee validates', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/members');
    await expectLive(page);
    await expect(page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    const name = `Quokka ${Date.now() % 100000} LLC`;

    await page.getByRole('button', { name: 'Add Company' }).click();
    const add = page.getByRole('dialog', { name: 'Add Company' });
    await add.getByRole('button', { name: 'Add Company' }).click();
    await expect(add.getByText('Company name, location, contact name, and contact email are required')).toBeVisible();
    await add.getByLabel('Company name').fill(name);
    await add.getByLabel('Location').selectOption({ label: 'Greenpoint' });
    await expect(add.getByLabel('Membership type')).toHaveValue('Standard');
    await add.getByLabel('Contact name').fill('Quinn Quokka');
    await add.getByLabel('Contact email').fill('quinn@quokka.example');
    await add.getByRole('button', { name: 'Add Company' }).click();
    await expect(add).toBeHidden();
    await expect(row(page, name)).toBeVisible();

    await row(page, name).getByRole('button', { name: `Add employee to ${name}` }).click();
    const employee = page.getByRole('dialog', { name: 'Add Employee' });
    await employee.getByRole('button', { name: 'Add Employee' }).click();
    await expect(employee.getByText('Name and email are required')).toBeVisible();
    await employee.getByLabel('Name').fill('Zed Zebra-Unique');
    await employee.getByLabel('Email').fill('zed@quokka.example');
    await employee.getByRole('button', { name: 'Add Employee' }).click();
    await expect(employee).toBeHidden();

    await page.getByLabel('Search members').fill('zebra-unique');
    await expect(page.locator('[data-member-id]')).toHaveCount(1);
    await row(page, name).getByRole('button', { expanded: false }).click();
    await expect(row(page, name)).toContainText('quinn@quokka.example');
    await expect(row(page, name)).toContainText('ZZ');
    await context.close();
  });

  test('assigning a vacant office from the directory shows it LEASED in the office grid', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/members');
    await expectLive(page);
    const tag = Date.now() % 100000;
    const vinegar = await locationId(page, token, 'Vinegar Hill');
    const office = await apiAs(page, token, 'POST', '/api/offices', { office_number: `V${tag}`, location_id: vinegar });
    expect([200, 201]).toContain(office.status);
    const company = `Wombat ${tag}`;
    const member = await apiAs(page, token, 'POST', '/api/members', {
      company_name: company,
      location_id: vinegar,
      primary_contact: { name: 'Wes Wombat', email: `wes${tag}@wombat.example` },
      membership_type: 'Premium',
    });
    expect([200, 201]).toContain(member.status);

    await page.getByLabel('Search members').fill(company);
    await row(page, company).getByRole('button', { name: `Assign office to ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Office' });
    await expect(dialog.getByRole('button', { name: 'Assign Office' })).toBeDisabled();
    await dialog.getByText(`Office V${tag}`).click();
    await dialog.getByRole('button', { name: 'Assign Office' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, company)).toContainText(`Office V${tag}`);

    await page.goto('/offices');
    await page.getByLabel('Search offices').fill(`V${tag}`);
    const card = page.locator(`[data-testid="office-card"][data-office-number="V${tag}"]`);
    await expect(card).toContainText('LEASED');
    await expect(card).toContainText(company);
    await context.close();
  });

  test('the member profile edits, saves and cancels; unknown ids say Member not found', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/members');
    const tag = Date.now() % 100000;
    const member = await apiAs(page, token, 'POST', '/api/members', {
      company_name: `Numbat ${tag}`,
      location_id: await locationId(page, token, 'Bushwick'),
      primary_contact: { name: 'Nia Numbat', email: `nia${tag}@numbat.example` },
    });
    await page.goto(`/members/${member.body.id}`);
    await expect(page.getByRole('heading', { name: `Numbat ${tag}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Employees (0)' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Company name').fill(`Numbat ${tag} Renamed`);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: `Numbat ${tag}` })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Company name').fill(`Numbat ${tag} Renamed`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: `Numbat ${tag} Renamed` })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: `Numbat ${tag} Renamed` })).toBeVisible();
    await page.goto('/members/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Member not found')).toBeVisible();
    await context.close();
  });
});
