import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInPage } from './support/app';

test.describe('an office moved out of a manager’s locations', () => {
  test('says where it went, on the grid and on its open profile, instead of vanishing', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    await admin.page.goto('/');
    const locations = (await apiAs(admin.page, admin.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const at = (name: string) => locations.find((l) => l.name === name)!.id;
    const number = `MV${Date.now() % 1_000_000}`;
    const created = await apiAs(admin.page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: at('55 Broadway') });
    expect(created.status).toBe(201);
    const office = created.body as { id: string };

    await manager.page.goto('/offices');
    await expectLive(manager.page);
    await manager.page.getByLabel('Search offices').fill(number);
    await expect(manager.page.locator(`[data-testid="office-card"][data-office-number="${number}"]`)).toBeVisible();
    const profile = await manager.context.newPage();
    await profile.goto(`/offices/${office.id}`);
    await expectLive(profile);
    await expect(profile.getByRole('heading', { name: `Office ${number}` }).first()).toBeVisible();

    const moved = await apiAs(admin.page, admin.token, 'PUT', `/api/offices/${office.id}`, { location_id: at('Market Street') });
    expect(moved.status).toBe(200);

    const text = `Office ${number} moved to Market Street, which you don't manage`;
    await expect(manager.page.getByTestId('moved-away')).toHaveText(text);
    await expect(manager.page.locator(`[data-testid="office-card"][data-office-number="${number}"]`)).toHaveCount(0);
    await expect(profile.getByRole('heading', { name: text })).toBeVisible();
    await expect(profile.getByText('Office not found')).toHaveCount(0);

    // Dismissed, the notice goes.
    await manager.page.getByRole('button', { name: `Dismiss: Office ${number} moved to Market Street` }).click();
    await expect(manager.page.getByTestId('moved-away')).toHaveCount(0);
    await admin.context.close();
    await manager.context.close();
  });
});
