import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInContext, signedInPage } from './support/app';
import { locationId } from './support/data';

test.describe('find anything', () => {
  test('Ctrl+K from any screen finds an office by a few letters and opens it by keyboard; "Add deal" and "Add office" open their dialogs', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const number = `PAL-${Date.now() % 1_000_000}`;
    const created = await apiAs(admin.page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(admin.page, admin.token, 'Bushwick') });
    expect(created.status).toBe(201);

    await admin.page.goto('/members');
    await expectLive(admin.page);
    await admin.page.keyboard.press('Control+k');
    const palette = admin.page.getByRole('dialog', { name: 'Find anything' });
    await expect(palette).toBeVisible();
    await admin.page.keyboard.type(number.toLowerCase());
    const first = palette.getByTestId('palette-item').first();
    await expect(first).toContainText(`Office ${number}`);
    await expect(first).toContainText('Bushwick');
    await admin.page.keyboard.press('Enter');
    await expect(admin.page).toHaveURL(`/offices/${(created.body as { id: string }).id}`);
    await expect(palette).toBeHidden();

    await admin.page.keyboard.press('Control+k');
    await admin.page.keyboard.type('add deal');
    await expect(palette.getByRole('option', { name: 'Add deal' })).toBeVisible();
    await admin.page.keyboard.press('Enter');
    await expect(admin.page).toHaveURL('/crm/deals');
    await expect(admin.page.getByRole('dialog', { name: 'Add Deal' })).toBeVisible();
    await admin.page.keyboard.press('Escape');
    await expect(admin.page.getByRole('dialog', { name: 'Add Deal' })).toHaveCount(0);

    await admin.page.keyboard.press('Control+k');
    await admin.page.keyboard.type('add office');
    await expect(palette.getByRole('option', { name: 'Add office' })).toBeVisible();
    await admin.page.keyboard.press('Enter');
    await expect(admin.page).toHaveURL('/offices');
    await expect(admin.page.getByRole('dialog', { name: 'Add Office' })).toBeVisible();
    await admin.context.close();
  });

  test('finds a task under Tasks with the words typed marked; "Add task" opens the New Task dialog', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const word = `Quillwort${Date.now() % 1_000_000}`;
    const created = await apiAs(admin.page, admin.token, 'POST', '/api/tasks', { title: `Water the ${word} fern`, description: 'Weekly', location_id: await locationId(admin.page, admin.token, 'Bushwick') });
    expect(created.status).toBe(201);

    await admin.page.goto('/offices');
    await expectLive(admin.page);
    await admin.page.keyboard.press('Control+k');
    const palette = admin.page.getByRole('dialog', { name: 'Find anything' });
    await admin.page.keyboard.type(word.toLowerCase());
    const tasks = palette.getByRole('group', { name: 'Tasks' });
    await expect(tasks.getByTestId('palette-item')).toHaveCount(1);
    await expect(tasks.getByTestId('palette-item')).toContainText(`Water the ${word} fern`);
    await expect(tasks.locator('mark')).toHaveText(word);
    await admin.page.keyboard.press('Enter');
    await expect(admin.page).toHaveURL('/tasks');

    await admin.page.keyboard.press('Control+k');
    await admin.page.keyboard.type('add task');
    await expect(palette.getByRole('option', { name: 'Add task' })).toBeVisible();
    await admin.page.keyboard.press('Enter');
    await expect(admin.page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
    await admin.context.close();
  });

  test('a manager does not find offices of other locations', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    const number = `HIDE-${Date.now() % 1_000_000}`;
    expect((await apiAs(manager.page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(manager.page, admin.token, 'Greenpoint') })).status).toBe(201);
    expect((await apiAs(manager.page, admin.token, 'POST', '/api/offices', { office_number: `${number}-M`, location_id: await locationId(manager.page, admin.token, '55 Broadway') })).status).toBe(201);
    await manager.page.goto('/offices');
    await expectLive(manager.page);
    await manager.page.getByRole('button', { name: 'Find anything…' }).click();
    await manager.page.keyboard.type(number);
    const palette = manager.page.getByRole('dialog', { name: 'Find anything' });
    await expect(palette.getByTestId('palette-item')).toHaveCount(1);
    await expect(palette.getByTestId('palette-item')).toContainText(`Office ${number}-M`);
    await admin.context.close();
    await manager.context.close();
  });
});
