import { expect, test } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInPage } from './support/app';
import { locationId } from './support/data';

test.describe('the Activity tab of offices and members', () => {
  test('an office’s Activity tab names who changed its rates, with the old and new values', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const number = `ACT-${Date.now() % 1_000_000}`;
    const created = await apiAs(admin.page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(admin.page, admin.token, 'Bushwick') });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    await admin.page.goto(`/offices/${id}`);
    await expectLive(admin.page);
    await admin.page.getByRole('tab', { name: 'Activity' }).click();
    const entries = admin.page.getByTestId('activity-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(`${USERS.admin.name} added office ${number}`);

    const rates = { monthly: 1200, six_month: 1100, twelve_month: 1000 };
    expect((await apiAs(admin.page, admin.token, 'PUT', `/api/offices/${id}`, { marketed_rates: rates })).status).toBe(200);
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(`${USERS.admin.name} changed the marketed rates of office ${number}`);
    await expect(entries.first()).toContainText('Marketed rates:');
    await admin.context.close();
  });
});
