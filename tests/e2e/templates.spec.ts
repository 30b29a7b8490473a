import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { USERS, apiAs, expectLive, signedInContext, signedInPage } from './support/app';
import { uniqueName } from './support/deals';

const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const card = (page: Page, name: string) => page.locator(`[data-testid="template-card"][data-template-name="${name}"]`);

/** The templates screen, searched down to one template, as a user would find it. */
async function findTemplate(page: Page, name: string) {
  await page.goto('/templates');
  await expectLive(page);
  await page.getByLabel('Search templates').fill(name);
  await expect(card(page, name)).toBeVisible();
  return card(page, name);
}

test.describe('marketing templates', () => {
  test('edit a template with its placeholders shown as they are typed, then find the earlier version in History with its diff', async ({ browser }) => {
    const manager = await signedInPage(browser, 'manager');
    await manager.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = uniqueName('Tour Follow-up');
    const created = await apiAs(manager.page, manager.token, 'POST', '/api/templates', {
      name,
      category: 'Email',
      content: 'Hi [Name],\nThanks for touring [Place] today.\nBest,\n[Sender]',
    });
    expect(created.status).toBe(201);

    const found = await findTemplate(manager.page, name);
    await expect(found.getByTestId('template-preview')).toContainText('Thanks for touring [Place] today.');
    await expect(found.getByTestId('placeholder-chips').getByRole('listitem')).toHaveText(['Name', 'Place', 'Sender']);

    // Copy puts the content on the clipboard and says so in the spec's words.
    await found.getByRole('button', { name: `Copy ${name}` }).click();
    await expect(manager.page.getByText('Template copied to clipboard!')).toBeVisible();
    expect(await manager.page.evaluate(() => navigator.clipboard.readText())).toBe('Hi [Name],\nThanks for touring [Place] today.\nBest,\n[Sender]');

    await found.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Edit Template' });
    const content = dialog.getByLabel('Content');
    await content.fill('Hi [Name],\nThanks for visiting [Place] with [Host] today.\nBest,\n[Sender]');
    await expect(dialog.getByTestId('placeholder-chips').getByRole('listitem')).toHaveText(['Name', 'Place', 'Host', 'Sender']);
    // An emptied content is refused at its field with the spec's message above the form.
    await content.fill('   ');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Template name and content are required' })).toBeVisible();
    await expect(content).toHaveAttribute('aria-invalid', 'true');
    await expect(content).toBeFocused();
    await content.fill('Hi [Name],\nThanks for visiting [Place] with [Host] today.\nBest,\n[Sender]');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(found.getByTestId('template-preview')).toContainText('Thanks for visiting [Place] with [Host] today.');
    await expect(found).toContainText('version 2');

    await found.getByRole('button', { name: `History of ${name}` }).click();
    const history = manager.page.getByRole('dialog', { name: `History: ${name}` });
    const versions = history.getByTestId('history-versions').getByRole('button');
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText('Version 1');
    await expect(versions.first()).toContainText(USERS.manager.name);
    await expect(history.getByTestId('history-summary')).toHaveText('1 line added, 1 line removed since version 1');
    const diff = history.getByTestId('history-diff');
    await expect(diff.locator('tr[data-diff="removed"] del')).toHaveText(['Removed: Thanks for touring [Place] today.']);
    await expect(diff.locator('tr[data-diff="added"] ins')).toHaveText(['Added: Thanks for visiting [Place] with [Host] today.']);
    await expect(diff.locator('[data-diff="same"]')).toHaveCount(3);

    // Word by word shows the words that changed inside the line.
    await history.getByRole('button', { name: 'Word by word' }).click();
    await expect(diff.locator('del[data-diff="removed"]')).toContainText(['touring']);
    await expect(diff.locator('ins[data-diff="added"]')).toContainText(['visiting']);

    // An edit made elsewhere while History is open: the version it replaced joins the list.
    expect((await apiAs(manager.page, manager.token, 'PUT', `/api/templates/${created.body.id}`, { name: `${name} v3` })).status).toBe(200);
    await expect(history).toHaveAccessibleName(`History: ${name} v3`);
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText('Version 2');
    await manager.context.close();
  });

  test('a second browser sees a new template appear and a deleted one go without a reload; a viewer has no change controls', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const viewer = await signedInPage(browser, 'viewer');
    const name = uniqueName('Community Breakfast');

    await viewer.page.goto('/templates');
    await expectLive(viewer.page);
    await expect(viewer.page.getByTestId('template-grid')).toBeVisible();
    await expect(viewer.page.getByRole('button', { name: 'New Template' })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: /^Copy / }).first()).toBeVisible();
    await expect(viewer.page.getByTestId('template-count-line')).toContainText('Read-only');
    const total = Number(await viewer.page.locator('[data-stat="Total Templates"] [data-stat-value]').textContent());
    const social = Number(await viewer.page.locator('[data-stat="Social Media"] [data-stat-value]').textContent());

    await admin.page.goto('/templates');
    await expectLive(admin.page);
    await admin.page.getByRole('button', { name: 'New Template' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'New Template' });
    // Nothing filled: the spec's message, and each missing field marked.
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Template name and content are required' })).toBeVisible();
    await expect(dialog.getByLabel('Template name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Content')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('Template name')).toBeFocused();
    await dialog.getByLabel('Template name').fill(name);
    await dialog.getByLabel('Category').selectOption('Social');
    await dialog.getByLabel('Description').fill('Friday breakfast post');
    await dialog.getByLabel('Content').fill('Breakfast at [Location Name] this [Day]! RSVP: [Link]');
    await expect(dialog.getByTestId('placeholder-chips').getByRole('listitem')).toHaveText(['Location Name', 'Day', 'Link']);
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog).toBeHidden();

    // The viewer's screen, never reloaded, has it: the card, marked with who added it, and the tiles.
    const seen = card(viewer.page, name);
    await expect(seen).toBeVisible();
    await expect(seen).toContainText('Social Media');
    await expect(seen).toContainText(`Updated by ${USERS.admin.name}`);
    await expect(viewer.page.locator('[data-stat="Total Templates"] [data-stat-value]')).toHaveText(String(total + 1));
    await expect(viewer.page.locator('[data-stat="Social Media"] [data-stat-value]')).toHaveText(String(social + 1));

    // Deleting asks first; once confirmed the card leaves both screens.
    const mine = await findTemplate(admin.page, name);
    await mine.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete Template' });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete Template' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(admin.page, name)).toHaveCount(0);
    await expect(card(viewer.page, name)).toHaveCount(0);
    await expect(viewer.page.locator('[data-stat="Total Templates"] [data-stat-value]')).toHaveText(String(total));
    await admin.context.close();
    await viewer.context.close();
  });

  test('a save over someone else\'s change is refused with their name, and the card keeps their version', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const name = uniqueName('Parking Notice');
    const created = await apiAs(admin.page, admin.token, 'POST', '/api/templates', { name, category: 'Notification', content: 'Garage closed on [Date].' });
    expect(created.status).toBe(201);

    const found = await findTemplate(admin.page, name);
    await found.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Edit Template' });
    await dialog.getByLabel('Content').fill('Garage closed all day on [Date].');

    // Meanwhile the manager changes it: the open dialog says so.
    expect((await apiAs(admin.page, manager.token, 'PUT', `/api/templates/${created.body.id}`, { content: 'Garage closed on [Date] until [Time].' })).status).toBe(200);
    await expect(dialog.getByTestId('change-notice')).toContainText(`${USERS.manager.name} changed this template (content) since you opened it.`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Reload to see the change.' })).toContainText(
      `${USERS.manager.name} changed this template (content) since you opened it. Reload to see the change.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(found.getByTestId('template-preview')).toHaveText('Garage closed on [Date] until [Time].');
    await admin.context.close();
    await manager.context.close();
  });

  test('the screen, its New Template errors and a History comparison have no serious accessibility violations, and work from the keyboard', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, 'manager');
    await page.goto('/templates');
    await expectLive(page);
    await expect(page.getByTestId('template-grid')).toBeVisible();
    expect(serious((await new AxeBuilder({ page }).include('main').analyze()).violations)).toEqual([]);

    await page.getByRole('button', { name: 'New Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Template' });
    await expect(dialog.getByLabel('Template name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(dialog.getByLabel('Content')).toHaveAttribute('aria-invalid', 'true');
    expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // History opens from the keyboard, picks a version with it, and gives the focus back on Escape.
    const opener = card(page, 'Welcome Email').getByRole('button', { name: 'History of Welcome Email' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const history = page.getByRole('dialog', { name: 'History: Welcome Email' });
    await expect(history.getByTestId('history-diff')).toBeVisible();
    await expect(history.getByTestId('history-versions').getByRole('button').first()).toHaveAttribute('aria-pressed', 'true');
    expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();
    await expect(opener).toBeFocused();
    await context.close();
  });
});
