import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, locationId, uniqueNumber } from './support/data';

const card = (page: Page, title: string) => page.locator(`[data-testid="task-card"][data-task-title="${title}"]`);

/** A task created through the API (as another tool or tab would), answering its id. */
async function createTask(page: Page, token: string, location: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await apiAs(page, token, 'POST', '/api/tasks', { title, description: `About ${title}`, location_id: await locationId(page, token, location), ...extra });
  expect(created.status).toBe(201);
  return (created.body as { id: string }).id;
}

/** YYYY-MM-DD of today plus `days`, on this machine's calendar (the browser's too). */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

test.describe('task management', () => {
  test('New Task validates, creates a task with an office and a due date, and it is there after a reload', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const { context, token } = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    const number = uniqueNumber('T');
    // Offices are added by administrators.
    await createOffice(page, admin.token, '55 Broadway', number);
    await admin.context.close();
    await page.goto('/tasks');
    await expectLive(page);
    await expect(page.getByRole('heading', { name: 'Task Management' })).toBeVisible();
    await expect(page.getByTestId('location-badge')).toHaveText('55 Broadway');
    const title = `Replace carpet ${number}`;

    await page.getByRole('button', { name: 'New Task' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog.getByText('Title, description, and location are required')).toBeVisible();
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('The carpet by the window is worn through.');
    await expect(dialog.getByLabel('Location')).toHaveValue(await locationId(page, token, '55 Broadway'));
    await dialog.getByLabel('Office').selectOption({ label: `Office ${number} · floor 1` });
    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByLabel('Due date').fill('2030-06-15');
    await dialog.getByLabel('Assigned to').fill('Facilities Team');
    await dialog.getByRole('button', { name: 'Create Task' }).click();
    await expect(dialog).toBeHidden();

    const created = card(page, title);
    await expect(created).toContainText('Jun 15, 2030');
    await expect(created).toContainText(`Office ${number}`);
    await expect(created).toContainText('Facilities Team');
    await expect(created).toContainText('High');
    await expect(created).toContainText('Pending');

    await page.reload();
    await expectLive(page);
    await expect(card(page, title)).toContainText('Jun 15, 2030');
    await expect(card(page, title).locator('[data-task-status]')).toHaveText('Pending');
    await context.close();
  });

  test('Start then Mark Complete, seen by a second browser without a reload; the viewer has no controls', async ({ browser }) => {
    const a = await signedInContext(browser, 'admin');
    const b = await signedInContext(browser, 'viewer');
    const pageA = await a.context.newPage();
    const pageB = await b.context.newPage();
    const title = `Service printer ${uniqueNumber('')}`;
    await pageA.goto('/tasks');
    await pageB.goto('/tasks');
    await expectLive(pageA);
    await expectLive(pageB);
    await createTask(pageA, a.token, 'Bushwick', title);
    await pageA.getByLabel('Search tasks').fill(title);
    await pageB.getByLabel('Search tasks').fill(title);
    await expect(card(pageB, title)).toBeVisible();
    await expect(card(pageB, title).getByRole('button', { name: /Start Task/ })).toHaveCount(0);
    await expect(pageB.getByRole('button', { name: 'New Task' })).toHaveCount(0);
    await expect(pageB.getByTestId('task-count-line')).toContainText('Read-only');

    await card(pageA, title).getByRole('button', { name: /Start Task/ }).click();
    await expect(card(pageA, title).locator('[data-task-status]')).toHaveText('In Progress');
    await expect(card(pageB, title).locator('[data-task-status]')).toHaveText('In Progress');
    await expect(card(pageB, title)).toContainText(`Updated by ${USERS.admin.name}`);

    await card(pageA, title).getByRole('button', { name: /Mark Complete/ }).click();
    await expect(card(pageA, title).locator('[data-task-status]')).toHaveText('Completed');
    await expect(card(pageB, title).locator('[data-task-status]')).toHaveText('Completed');
    // A completed task offers no further status change.
    await expect(card(pageA, title).getByRole('button', { name: /Start Task|Mark Complete|Cancel/ })).toHaveCount(0);

    await pageB.getByLabel('Status filter').selectOption({ label: 'Pending' });
    await expect(card(pageB, title)).toHaveCount(0);
    await pageB.getByLabel('Status filter').selectOption({ label: 'Completed' });
    await expect(card(pageB, title)).toBeVisible();
    await a.context.close();
    await b.context.close();
  });

  test('an overdue task is marked, and Cancel asks first', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    await page.goto('/tasks');
    await expectLive(page);
    const late = `Late inspection ${uniqueNumber('')}`;
    const soon = `Soon inspection ${uniqueNumber('')}`;
    await createTask(page, token, 'Greenpoint', late, { due_date: day(-2), priority: 'high' });
    await createTask(page, token, 'Greenpoint', soon, { due_date: day(1) });
    await page.getByLabel('Search tasks').fill('inspection');
    await expect(card(page, late).locator('[data-due]')).toHaveAttribute('data-due', 'overdue');
    await expect(card(page, late)).toContainText('Overdue by 2 days');
    await expect(card(page, soon)).toContainText('Due tomorrow');
    await expect(card(page, soon).locator('[data-due]')).toHaveAttribute('data-due', 'soon');

    await card(page, late).getByRole('button', { name: /Cancel/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this task?' });
    await confirm.getByRole('button', { name: 'Keep task' }).click();
    await expect(card(page, late).locator('[data-task-status]')).toHaveText('Pending');
    await card(page, late).getByRole('button', { name: /Cancel/ }).click();
    await confirm.getByRole('button', { name: 'Cancel task' }).click();
    await expect(card(page, late).locator('[data-task-status]')).toHaveText('Cancelled');
    // A cancelled task is no longer overdue.
    await expect(card(page, late).locator('[data-due]')).toHaveAttribute('data-due', 'none');
    await context.close();
  });

  test('Edit saves, and a change by someone else meanwhile is refused naming who made it', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    const title = `Rekey door ${uniqueNumber('')}`;
    const id = await createTask(page, token, '60 Broad', title);
    await page.goto('/tasks');
    await expectLive(page);
    await page.getByLabel('Search tasks').fill(title);
    await card(page, title).getByRole('button', { name: /Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Task' });
    await dialog.getByLabel('Description').fill('Both keys are lost; rekey and issue new cards.');
    const changed = await apiAs(page, manager.token, 'PUT', `/api/tasks/${id}`, { priority: 'high' });
    expect(changed.status).toBe(200);
    await expect(dialog.getByTestId('change-notice')).toContainText(`${USERS.manager.name} changed this task (priority) since you opened it.`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: `${USERS.manager.name} changed this task` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect(dialog.getByLabel('Priority')).toHaveValue('high');
    await expect(dialog.getByLabel('Description')).toHaveValue('Both keys are lost; rekey and issue new cards.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, title)).toContainText('Both keys are lost');
    await expect(card(page, title)).toContainText('High');
    await context.close();
    await manager.context.close();
  });

  test('the office profile lists its tasks, and each opens with its actions', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    const number = uniqueNumber('P');
    const office = await createOffice(page, token, 'East Austin', number);
    const title = `Paint office ${number}`;
    await createTask(page, token, 'East Austin', title, { office_id: office.id, assigned_to: 'Cleaning Crew' });
    await createTask(page, token, 'East Austin', `Elsewhere ${number}`);
    await page.goto(`/offices/${office.id}`);
    await expectLive(page);
    const section = page.getByTestId('office-tasks');
    await expect(section).toContainText('1 open of 1');
    await expect(section).not.toContainText(`Elsewhere ${number}`);
    await section.getByRole('button', { name: new RegExp(title) }).click();
    const detail = page.getByRole('dialog', { name: title });
    await expect(detail).toContainText('Cleaning Crew');
    await detail.getByRole('button', { name: /Start Task/ }).click();
    await expect(detail.locator('[data-task-status]')).toHaveText('In Progress');
    await detail.getByRole('button', { name: 'Close' }).last().click();
    await expect(section.locator(`[data-task-title="${title}"]`)).toContainText('In Progress');

    await section.getByRole('button', { name: 'New Task' }).click();
    const add = page.getByRole('dialog', { name: 'New Task' });
    await expect(add.getByLabel('Office')).toHaveValue(office.id);
    await add.getByLabel('Title').fill(`Second job ${number}`);
    await add.getByLabel('Description').fill('Another thing for this office');
    await add.getByRole('button', { name: 'Create Task' }).click();
    await expect(add).toBeHidden();
    await expect(section).toContainText('2 open of 2');
    await context.close();
  });

  test('the task list and its dialogs have no serious accessibility violations, and work from the keyboard', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'manager');
    const page = await context.newPage();
    await page.goto('/tasks');
    await expectLive(page);
    await expect(page.getByTestId('task-card').first()).toBeVisible();
    const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

    // New Task opens from the keyboard, with the focus on its first field, and Escape gives it back.
    const newTask = page.getByRole('button', { name: 'New Task' });
    await newTask.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New Task' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(newTask).toBeFocused();
    await context.close();
  });
});
