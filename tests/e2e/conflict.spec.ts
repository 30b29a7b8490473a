import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext, signedInPage } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';

/** Opens the office list filtered to one office, as a user would find it. */
async function findOffice(page: Page, number: string) {
  await page.goto('/offices');
  await expectLive(page);
  await page.getByLabel('Search offices').fill(number);
  await expect(officeCard(page, number)).toBeVisible();
  return officeCard(page, number);
}

test.describe('editing one office together', () => {
  test('two Edit Rates dialogs: the second is told who changed what, reloads keeping what was typed, and saves', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const number = uniqueNumber('C');
    const { id } = await createOffice(admin.page, admin.token, '55 Broadway', number, { marketed_rates: { monthly: 1000, six_month: 950, twelve_month: 900 } });

    // Both open Edit Rates on the same office.
    await (await findOffice(admin.page, number)).getByRole('button', { name: 'Edit rates & lease' }).click();
    await (await findOffice(manager.page, number)).getByRole('button', { name: 'Edit rates & lease' }).click();
    const first = admin.page.getByRole('dialog', { name: 'Edit Rates & Lease Info' });
    const second = manager.page.getByRole('dialog', { name: 'Edit Rates & Lease Info' });
    await expect(second.getByLabel('Monthly', { exact: true })).toHaveValue('1000');

    // The first saves a new monthly rate.
    await first.getByLabel('Monthly', { exact: true }).fill('1250');
    await first.getByRole('button', { name: 'Save Changes' }).click();
    await expect(first).toBeHidden();

    // The second dialog says, while still open, that the office changed and who changed it.
    const notice = second.getByTestId('change-notice');
    await expect(notice).toContainText(`${USERS.admin.name} changed this office (marketed rates) since you opened it.`);
    await expect(notice.getByRole('button', { name: 'Reload' })).toBeVisible();

    // Saving anyway is refused with the server's message naming the first user.
    await second.getByLabel('Signed rate').fill('1100');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expect(second.getByRole('alert')).toContainText(`${USERS.admin.name} changed this office (marketed rates) since you opened it. Reload to see the change.`);
    // The notice's words say "reload" once (the button aside), and the label keeps its hint apart.
    const words = await second.getByRole('alert').locator('p').allTextContents();
    expect(words.join(' ').match(/reload/gi)).toHaveLength(1);
    await expect(second.getByLabel('Signed rate (monthly)', { exact: true })).toBeVisible();
    await expect(second).toBeVisible();
    expect((await apiAs(manager.page, manager.token, 'GET', `/api/offices/${id}`)).body.signed_rate).toBeNull();

    // Reload takes the latest row and keeps what was typed.
    await second.getByRole('button', { name: 'Reload' }).click();
    await expect(second.getByLabel('Monthly', { exact: true })).toHaveValue('1250');
    await expect(second.getByLabel('Signed rate')).toHaveValue('1100');
    await expect(second.getByTestId('change-notice')).toHaveCount(0);

    // Now the save goes through, on top of the first user's change.
    await second.getByRole('button', { name: 'Save Changes' }).click();
    await expect(second).toBeHidden();
    const saved = (await apiAs(manager.page, manager.token, 'GET', `/api/offices/${id}`)).body;
    expect(saved.signed_rate).toBe(1100);
    expect(saved.marketed_rates.monthly).toBe(1250);
    await expect(officeCard(admin.page, number)).toContainText('$1,100');
    await admin.context.close();
    await manager.context.close();
  });

  test('two Edit Status dialogs: a refused update keeps the chosen status through Reload and then applies it', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const number = uniqueNumber('T');
    const { id } = await createOffice(admin.page, admin.token, '60 Broad', number);

    await (await findOffice(admin.page, number)).getByRole('button', { name: 'Edit status' }).click();
    await manager.page.goto('/offices');
    await expectLive(manager.page);
    await manager.page.getByLabel('Location').selectOption({ label: '60 Broad' });
    await manager.page.getByLabel('Search offices').fill(number);
    await officeCard(manager.page, number).getByRole('button', { name: 'Edit status' }).click();
    const first = admin.page.getByRole('dialog', { name: 'Edit Office Status' });
    const second = manager.page.getByRole('dialog', { name: 'Edit Office Status' });
    // Both dialogs are open (their code loads on first use) before either saves.
    await expect(first).toBeVisible();
    await expect(second).toBeVisible();

    await first.getByLabel('Status').selectOption('PENDING');
    await first.getByRole('button', { name: 'Update Status' }).click();
    await expect(first).toBeHidden();
    await expect(second.getByTestId('change-notice')).toContainText(`${USERS.admin.name} changed this office (status)`);

    await second.getByLabel('Status').selectOption('UNAVAILABLE');
    await second.getByRole('button', { name: 'Update Status' }).click();
    await expect(second.getByRole('alert')).toContainText(`${USERS.admin.name} changed this office`);
    // The refused change was shown at once and is put back: the card reads PENDING again.
    await expect(officeCard(manager.page, number)).toContainText('PENDING');

    await second.getByRole('button', { name: 'Reload' }).click();
    await expect(second.getByLabel('Status')).toHaveValue('UNAVAILABLE');
    await second.getByRole('button', { name: 'Update Status' }).click();
    await expect(second).toBeHidden();
    expect((await apiAs(manager.page, manager.token, 'GET', `/api/offices/${id}`)).body.status).toBe('UNAVAILABLE');
    await admin.context.close();
    await manager.context.close();
  });

  test("the office profile in edit mode names another user's save, and Reload keeps what was typed", async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const number = uniqueNumber('P');
    const { id } = await createOffice(admin.page, admin.token, '55 Broadway', number, { desks: 4 });
    await admin.page.goto(`/offices/${id}`);
    await expectLive(admin.page);
    await admin.page.getByRole('button', { name: 'Edit' }).click();
    await admin.page.getByLabel('Type').fill('Corner Suite');

    // Meanwhile the manager changes the desks from elsewhere.
    const other = await apiAs(admin.page, manager.token, 'PUT', `/api/offices/${id}`, { desks: 8 });
    expect(other.status).toBe(200);
    await expect(admin.page.getByTestId('change-notice')).toContainText(`${USERS.manager.name} changed this office (desks) since you opened it.`);

    await admin.page.getByRole('button', { name: 'Save' }).click();
    await expect(admin.page.getByRole('alert')).toContainText(`${USERS.manager.name} changed this office (desks) since you opened it. Reload to see the change.`);
    await admin.page.getByRole('button', { name: 'Reload' }).click();
    await expect(admin.page.getByLabel('Desks')).toHaveValue('8');
    await expect(admin.page.getByLabel('Type')).toHaveValue('Corner Suite');
    await admin.page.getByRole('button', { name: 'Save' }).click();
    await expect(admin.page.getByRole('button', { name: 'Edit' })).toBeVisible();
    const saved = (await apiAs(admin.page, admin.token, 'GET', `/api/offices/${id}`)).body;
    expect(saved.type).toBe('Corner Suite');
    expect(saved.desks).toBe(8);
    await admin.context.close();
    await manager.context.close();
  });

  test("another user's change is marked with their name; one's own change is not", async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const number = uniqueNumber('M');
    await createOffice(admin.page, admin.token, '55 Broadway', number);
    const adminCard = await findOffice(admin.page, number);
    const managerCard = await findOffice(manager.page, number);
    await expect(adminCard.getByText(/Updated by/)).toHaveCount(0);

    await managerCard.getByRole('button', { name: 'Edit status' }).click();
    await manager.page.getByRole('dialog').getByLabel('Status').selectOption('LEASED');
    await manager.page.getByRole('button', { name: 'Update Status' }).click();

    await expect(adminCard).toContainText('LEASED');
    await expect(adminCard.getByText(`Updated by ${USERS.manager.name}`)).toBeVisible();
    await expect(managerCard).toContainText('LEASED');
    await expect(managerCard.getByText(/Updated by/)).toHaveCount(0);

    // The list view says the same in the office's row.
    await admin.page.getByRole('button', { name: 'List view' }).click();
    await expect(admin.page.locator(`tr[data-office-number="${number}"]`).getByText(`Updated by ${USERS.manager.name}`)).toBeVisible();
    await admin.context.close();
    await manager.context.close();
  });
});
