import { expect, test } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInPage } from './support/app';
import { locationId } from './support/data';

test.describe('dashboard', () => {
  test('shows the figures of the read models, and a change in a second browser reaches Recent Activity and the tiles without a reload', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInPage(browser, 'manager');
    await admin.page.goto('/');
    await expectLive(admin.page);
    await expect(admin.page.getByRole('heading', { name: 'Operations' })).toBeVisible();
    await expect(admin.page.getByTestId('multi-location')).toContainText('Multi-Location Overview · managing 8 locations across');
    const total = admin.page.getByTestId('dashboard-tiles').getByText('Total Offices').locator('..');
    const before = (await apiAs(admin.page, admin.token, 'GET', '/api/dashboard')).body as { totalOffices: number; openTasks: number };
    await expect(total).toContainText(String(before.totalOffices));

    // The manager adds a task with a due date, then the admin's dashboard shows it, unprompted.
    const title = `Dashboard check ${Date.now() % 1_000_000}`;
    const created = await apiAs(manager.page, manager.token, 'POST', '/api/tasks', {
      title,
      description: 'Seen on the dashboard',
      location_id: await locationId(manager.page, manager.token, '55 Broadway'),
      priority: 'high',
      // Long overdue: the first of the upcoming tasks, which are sorted by due date.
      due_date: new Date(Date.now() - 300 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await expect(admin.page.getByTestId('recent-activity').locator('li').first()).toContainText(`${USERS.manager.name} `);
    await expect(admin.page.getByTestId('recent-activity')).toContainText(title);
    await expect(admin.page.getByTestId('upcoming-tasks')).toContainText(title);
    await expect(admin.page.getByTestId('upcoming-tasks').locator('li', { hasText: title })).toContainText('Overdue');
    const openTasks = admin.page.getByTestId('dashboard-tiles').getByText('Open Tasks').locator('..');
    await expect(openTasks).toContainText(String(before.openTasks + 1));
    await admin.context.close();
    await manager.context.close();
  });
});

test.describe('dashboard, read in full', () => {
  test('tile hints show whole at 1440 px; recent activity is newest first and every type is a word, a settings change reading Settings', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    // A change of the system settings: the newest activity, of a kind the dashboard once showed by its stream name.
    const current = (await apiAs(admin.page, admin.token, 'GET', '/api/settings/system')).body as { company_holidays: number; vacation_days: number };
    const changed = await apiAs(admin.page, admin.token, 'PUT', '/api/settings/system', { company_holidays: current.company_holidays === 12 ? 13 : 12, vacation_days: current.vacation_days });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await admin.page.goto('/');
    await expectLive(admin.page);

    const hints = admin.page.getByTestId('dashboard-tiles').locator('[data-stat-hint]');
    await expect(hints).toHaveCount(4);
    for (const hint of await hints.all()) {
      // Nothing cut: the text is as wide as its box allows, and no ellipsis style is set.
      expect(await hint.evaluate((el) => el.scrollWidth <= el.clientWidth && getComputedStyle(el).textOverflow !== 'ellipsis')).toBe(true);
    }
    await expect(admin.page.getByTestId('dashboard-tiles')).toContainText('Email & notification templates');

    const items = admin.page.getByTestId('recent-activity').locator('li');
    await expect(items.first()).toContainText('Settings');
    await expect(items.first()).toContainText('set company time off');
    const types = await items.locator('span.rounded-full').allTextContents();
    for (const type of types) expect(type).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    const times = await items.locator('time').evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The company's time off as it was, for the screens that show it.
    await apiAs(admin.page, admin.token, 'PUT', '/api/settings/system', { company_holidays: current.company_holidays, vacation_days: current.vacation_days });
    await admin.context.close();
  });
});
