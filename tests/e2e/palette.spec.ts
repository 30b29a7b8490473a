import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';
import { locationId } from './support/data';

test.describe('find anything', () => {
  test('Ctrl+K from any screen finds an office by a few letters and opens it by keyboard; "Add deal" opens the Add Deal dialog', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    const number = `PAL-${Date.now() % 1_000_000}`;
    const created = await apiAs(page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(page, admin.token, 'Bushwick') });
    expect(created.status).toBe(201);

    await page.goto('/members');
    await expectLive(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Find anything' });
    await expect(palette).toBeVisible();
    await page.keyboard.type(number.toLowerCase());
    const first = palette.getByTestId('palette-item').first();
    await expect(first).toContainText(`Office ${number}`);
    await expect(first).toContainText('Bushwick');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/offices/${(created.body as { id: string }).id}`);
    await expect(palette).toBeHidden();

    await page.keyboard.press('Control+k');
    await page.keyboard.type('add deal');
    await expect(palette.getByRole('option', { name: 'Add deal' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/crm/deals');
    await expect(page.getByRole('dialog', { name: 'Add Deal' })).toBeVisible();
    await admin.context.close();
  });

  test('finds a task under Tasks with the words typed marked; "Add task" opens the New Task dialog', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    const word = `Quillwort${Date.now() % 1_000_000}`;
    const created = await apiAs(page, admin.token, 'POST', '/api/tasks', { title: `Water the ${word} fern`, description: 'Weekly', location_id: await locationId(page, admin.token, 'Bushwick') });
    expect(created.status).toBe(201);

    await page.goto('/offices');
    await expectLive(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Find anything' });
    await page.keyboard.type(word.toLowerCase());
    const tasks = palette.getByRole('group', { name: 'Tasks' });
    await expect(tasks.getByTestId('palette-item')).toHaveCount(1);
    await expect(tasks.getByTestId('palette-item')).toContainText(`Water the ${word} fern`);
    await expect(tasks.locator('mark')).toHaveText(word);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/tasks');

    await page.keyboard.press('Control+k');
    await page.keyboard.type('add task');
    await expect(palette.getByRole('option', { name: 'Add task' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New Task' })).toBeVisible();
    await admin.context.close();
  });

  test('a manager does not find offices of other locations', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await manager.context.newPage();
    const number = `HIDE-${Date.now() % 1_000_000}`;
    expect((await apiAs(page, admin.token, 'POST', '/api/offices', { office_number: number, location_id: await locationId(page, admin.token, 'Greenpoint') })).status).toBe(201);
    expect((await apiAs(page, admin.token, 'POST', '/api/offices', { office_number: `${number}-M`, location_id: await locationId(page, admin.token, '55 Broadway') })).status).toBe(201);
    await page.goto('/offices');
    await expectLive(page);
    await page.getByRole('button', { name: 'Find anything…' }).click();
    await page.keyboard.type(number);
    const palette = page.getByRole('dialog', { name: 'Find anything' });
    await expect(palette.getByTestId('palette-item')).toHaveCount(1);
    await expect(palette.getByTestId('palette-item')).toContainText(`Office ${number}-M`);
    await admin.context.close();
    await manager.context.close();
  });
});
