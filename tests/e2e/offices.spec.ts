import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';

async function locationId(page: Page, token: string, name: string): Promise<string> {
  const locations = (await apiAs(page, token, 'GET', '/api/locations')).body as { id: string; name: string }[];
  return locations.find((l) => l.name === name)!.id;
}

async function createOffice(page: Page, token: string, location: string, number: string, extra: Record<string, unknown> = {}) {
  const created = await apiAs(page, token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(page, token, location), desks: 3, ...extra });
  expect([200, 201]).toContain(created.status);
  return created.body as { id: string };
}

const card = (page: Page, number: string) => page.locator(`[data-testid="office-card"][data-office-number="${number}"]`);

test.describe('office management', () => {
  test('search, status filter, desk filter, list sorting both ways, and the view survives a reload', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const tag = `S${Date.now() % 100000}`;
    await createOffice(page, token, 'Greenpoint', `${tag}-A`, { desks: 17 });
    await createOffice(page, token, 'Greenpoint', `${tag}-B`, { desks: 4 });

    await page.getByLabel('Search offices').fill(tag);
    await expect(page.getByTestId('office-card')).toHaveCount(2);
    await page.getByLabel('Desk count filter').fill('17');
    await expect(page.getByTestId('office-card')).toHaveCount(1);
    await expect(card(page, `${tag}-A`)).toBeVisible();
    await page.getByLabel('Desk count filter').fill('');
    await page.getByLabel('Status filter').selectOption('LEASED');
    await expect(page.getByText('No offices found matching your criteria.')).toBeVisible();
    await page.getByLabel('Status filter').selectOption('VACANT');
    await expect(page.getByTestId('office-card')).toHaveCount(2);

    await page.getByRole('button', { name: 'List view' }).click();
    const rows = page.locator('[data-testid="office-table"] tbody tr[data-office-number]');
    await page.locator('[data-sort-key="desks"]').click();
    await expect(rows.first()).toHaveAttribute('data-office-number', `${tag}-B`);
    await page.locator('[data-sort-key="desks"]').click();
    await expect(rows.first()).toHaveAttribute('data-office-number', `${tag}-A`);

    await page.reload();
    await expect(page.getByTestId('office-table')).toBeVisible();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await context.close();
  });

  test('Add Office validates, creates, and is hidden from a manager', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    await page.getByRole('button', { name: 'Add Office' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Office' });
    await dialog.getByRole('button', { name: 'Create Office' }).click();
    await expect(dialog.getByText('Office number and location are required')).toBeVisible();
    const number = `N${Date.now() % 100000}`;
    await dialog.getByLabel('Office number').fill(number);
    await dialog.getByLabel('Location').selectOption({ label: 'Bushwick' });
    await dialog.getByRole('button', { name: 'Create Office' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Search offices').fill(number);
    await expect(card(page, number)).toContainText('VACANT');
    await context.close();

    const manager = await signedInContext(browser, 'manager');
    const managerPage = await manager.context.newPage();
    await managerPage.goto('/offices');
    await expectLive(managerPage);
    await managerPage.getByLabel('Location').selectOption({ label: 'All Locations' });
    await expect(managerPage.getByText('Loading offices...')).toBeHidden();
    await expect(managerPage.getByRole('button', { name: 'Add Office' })).toHaveCount(0);
    await manager.context.close();
  });

  test('status, rates and contacts dialogs save and validate', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = `D${Date.now() % 100000}`;
    await createOffice(page, token, 'East Austin', number, { marketed_rates: { monthly: 2000 } });
    await page.getByLabel('Search offices').fill(number);
    const office = card(page, number);

    await office.getByRole('button', { name: 'Edit status' }).click();
    await page.getByRole('dialog').getByLabel('Status').selectOption('PENDING');
    await page.getByRole('button', { name: 'Update Status' }).click();
    await expect(office).toContainText('PENDING');

    await office.getByRole('button', { name: 'Edit rates & lease' }).click();
    const rates = page.getByRole('dialog', { name: 'Edit Rates & Lease Info' });
    await rates.getByLabel('Signed rate').fill('1800');
    await rates.getByLabel('Lease term').fill('6');
    await rates.getByLabel('Start date').fill('2030-01-15');
    await expect(rates.getByTestId('lease-end-date')).toContainText('Jul 15, 2030');
    await rates.getByRole('button', { name: 'Save Changes' }).click();
    await expect(rates).toBeHidden();
    await expect(office).toContainText('-$200 vs monthly');
    await expect(office).toContainText('Upcoming');

    await office.getByRole('button', { name: 'Manage contacts' }).click();
    const contacts = page.getByRole('dialog', { name: 'Manage Contacts' });
    await contacts.getByRole('button', { name: 'Add Contact' }).click();
    await expect(contacts.getByText('Name and email are required')).toBeVisible();
    await contacts.getByLabel('Name', { exact: true }).fill('Pat Doe');
    await contacts.getByLabel('Email').fill('pat@example.com');
    await contacts.getByLabel('Primary contact').check();
    await contacts.getByRole('button', { name: 'Add Contact' }).click();
    await expect(contacts.getByTestId('contact-list')).toContainText('Pat Doe');
    await expect(contacts.getByTestId('contact-list')).toContainText('Primary');
    await contacts.getByRole('button', { name: 'Remove Pat Doe' }).click();
    await expect(contacts.getByText('No contacts yet.')).toBeVisible();
    await contacts.getByRole('button', { name: 'Close' }).first().click();
    await context.close();
  });

  test('the Assign Member Company dialog assigns and unassigns, and a company rename reaches the card live', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = `A${Date.now() % 100000}`;
    await createOffice(page, token, 'Bushwick', number);
    const company = `Assignable ${number}`;
    const member = await apiAs(page, token, 'POST', '/api/members', {
      company_name: company,
      location_id: await locationId(page, token, 'Bushwick'),
      primary_contact: { name: 'Casey Lane', email: 'casey@example.com' },
    });
    expect(member.status).toBe(201);
    await page.getByLabel('Search offices').fill(number);
    const office = card(page, number);
    await expect(office).toContainText('No company assigned');

    await office.getByRole('button', { name: 'Assign company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign Member Company' });
    await expect(dialog.getByRole('button', { name: 'Assign Company' })).toBeDisabled();
    await dialog.getByLabel('Member company').selectOption({ label: `${company} (Standard)` });
    await dialog.getByRole('button', { name: 'Assign Company' }).click();
    await expect(dialog).toBeHidden();
    await expect(office).toContainText(company);
    await expect(office).toContainText('LEASED');

    // Renamed elsewhere: the card follows without a reload.
    const renamed = await apiAs(page, token, 'PUT', `/api/members/${member.body.id}`, { company_name: `${company} Group` });
    expect(renamed.status).toBe(200);
    await expect(office).toContainText(`${company} Group`);

    await office.getByRole('button', { name: 'Assign company' }).click();
    await dialog.getByRole('button', { name: 'Unassign' }).click();
    await expect(office).toContainText('No company assigned');
    await expect(office).toContainText('VACANT');
    await context.close();
  });

  test('Edit Status refuses VACANT for an office a company holds, saying which company to unassign first', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    const number = `H${Date.now() % 100000}`;
    const { id } = await createOffice(page, token, 'Bushwick', number);
    const company = `Holding ${number}`;
    const member = await apiAs(page, token, 'POST', '/api/members', {
      company_name: company,
      location_id: await locationId(page, token, 'Bushwick'),
      primary_contact: { name: 'Hale Holder', email: 'hale@example.com' },
    });
    expect(member.status).toBe(201);
    expect((await apiAs(page, token, 'PATCH', `/api/members/${member.body.id}/office`, { office_id: id })).status).toBe(200);
    await page.getByLabel('Search offices').fill(number);
    const office = card(page, number);
    await expect(office).toContainText(company);

    await office.getByRole('button', { name: 'Edit status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Office Status' });
    await dialog.getByLabel('Status').selectOption('VACANT');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog).toContainText(`Office ${number} is assigned to ${company}: unassign the company before setting the office VACANT`);
    await expect(dialog).toBeVisible();
    expect((await apiAs(page, token, 'GET', `/api/offices/${id}`)).body).toMatchObject({ status: 'LEASED', member_id: member.body.id });
    await expect(office).toContainText('LEASED');
    await context.close();
  });

  test('the office profile edits, saves and cancels; unknown ids say Office not found', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/offices');
    const number = `P${Date.now() % 100000}`;
    const { id } = await createOffice(page, token, 'Center City', number);
    await page.goto(`/offices/${id}`);
    await expect(page.getByRole('heading', { name: `Office ${number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Desks').fill('9');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('3');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Desks').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tabpanel')).toContainText('9');
    await page.goto('/offices/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Office not found')).toBeVisible();
    await context.close();
  });

  test("a manager's status change reaches the admin's grid, tiles and occupancy without a reload", async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const adminPage = await admin.context.newPage();
    const managerPage = await manager.context.newPage();
    await adminPage.goto('/offices');
    await expectLive(adminPage);
    await adminPage.getByLabel('Location').selectOption({ label: 'All Locations' });
    const number = `L${Date.now() % 100000}`;
    await createOffice(adminPage, admin.token, '60 Broad', number, { desks: 5 });
    await adminPage.getByLabel('Search offices').fill(number);
    await expect(card(adminPage, number)).toContainText('VACANT');
    const leasedTile = adminPage.locator('[data-stat="Leased"] [data-stat-value]');
    const occupancy = adminPage.locator('[data-stat="Occupancy"] [data-stat-value]');
    await expect(leasedTile).toHaveText('0');
    await expect(occupancy).toHaveText('0%');

    await managerPage.goto('/offices');
    await expectLive(managerPage);
    await managerPage.getByLabel('Location').selectOption({ label: 'All Locations' });
    await managerPage.getByLabel('Search offices').fill(number);
    await card(managerPage, number).getByRole('button', { name: 'Edit status' }).click();
    await managerPage.getByRole('dialog').getByLabel('Status').selectOption('LEASED');
    await managerPage.getByRole('button', { name: 'Update Status' }).click();

    await expect(card(adminPage, number)).toContainText('LEASED');
    await expect(leasedTile).toHaveText('1');
    await expect(occupancy).toHaveText('100%');
    await expect(card(adminPage, number).locator('[data-highlight]')).toHaveCount(1);
    await admin.context.close();
    await manager.context.close();
  });

  test('a viewer sees no mutation buttons, and the API refuses its changes', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    await page.goto('/offices');
    await expectLive(page);
    await expect(page.getByTestId('office-card').first()).toBeVisible();
    for (const name of ['Add Office', 'Edit status', 'Assign company', 'Edit rates & lease', 'Manage contacts']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
    await page.goto('/members');
    await expect(page.locator('[data-member-id]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Company' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Assign office|Add employee|Unassign)/ })).toHaveCount(0);

    // The server, not only the screen, refuses a viewer's change.
    const offices = (await apiAs(page, token, 'GET', '/api/offices')).body as { id: string; status: string }[];
    const target = offices[0]!;
    const refused = await apiAs(page, token, 'PATCH', `/api/offices/${target.id}/status`, { status: 'UNAVAILABLE' });
    expect(refused.status).toBe(403);
    expect(typeof refused.body.message).toBe('string');
    const after = (await apiAs(page, token, 'GET', `/api/offices/${target.id}`)).body as { status: string };
    expect(after.status).toBe(target.status);
    await context.close();
  });
});
