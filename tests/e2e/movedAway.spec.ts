import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';

test.describe('an office moved out of a manager’s locations', () => {
  test('says where it went, on the grid and on its open profile, instead of vanishing', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const adminPage = await admin.context.newPage();
    await adminPage.goto('/');
    const locations = (await apiAs(adminPage, admin.token, 'GET', '/api/locations')).body as { id: string; name: string }[];
    const at = (name: string) => locations.find((l) => l.name === name)!.id;
    const number = `MV${Date.now() % 1_000_000}`;
    const created = await apiAs(adminPage, admin.token, 'POST', '/api/offices', { office_number: number, location_id: at('55 Broadway') });
    expect(created.status).toBe(201);
    const office = created.body as { id: string };

    const grid = await manager.context.newPage();
    await grid.goto('/offices');
    await expectLive(grid);
    await grid.getByLabel('Search offices').fill(number);
    await expect(grid.locator(`[data-testid="office-card"][data-office-number="${number}"]`)).toBeVisible();
    const profile = await manager.context.newPage();
    await profile.goto(`/offices/${office.id}`);
    await expectLive(profile);
    await expect(profile.getByRole('heading', { name: `Office ${number}` }).first()).toBeVisible();

    const moved = await apiAs(adminPage, admin.token, 'PUT', `/api/offices/${office.id}`, { location_id: at('Market Street') });
    expect(moved.status).toBe(200);

    const text = `Office ${number} moved to Market Street, which you don't manage`;
    await expect(grid.getByTestId('moved-away')).toHaveText(text);
    await expect(grid.locator(`[data-testid="office-card"][data-office-number="${number}"]`)).toHaveCount(0);
    await expect(profile.getByRole('heading', { name: text })).toBeVisible();
    await expect(profile.getByText('Office not found')).toHaveCount(0);

    // Dismissed, the notice goes.
    await grid.getByRole('button', { name: `Dismiss: Office ${number} moved to Market Street` }).click();
    await expect(grid.getByTestId('moved-away')).toHaveCount(0);
    await admin.context.close();
    await manager.context.close();
  });
});
