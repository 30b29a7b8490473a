import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInPage } from './support/app';
import { uniqueName } from './support/deals';
import { pdfBytes } from '../support/sampleFiles';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
const item = (page: Page, name: string) => page.locator(`[data-testid="resource-item"][data-resource-name="${name}"]`);
const tile = (page: Page, label: string) => page.locator(`[data-stat="${label}"] [data-stat-value]`);

async function openResources(page: Page) {
  await page.goto('/resources');
  await expectLive(page);
  await expect(page.getByTestId('resource-categories')).toBeVisible();
}

test.describe('employee resources', () => {
  test('a manager uploads a PDF that another user sees arrive, finds it by search and downloads it byte for byte', async ({ browser }) => {
    const manager = await signedInPage(browser, 'manager');
    const viewer = await signedInPage(browser, 'viewer');
    await openResources(manager.page);
    await openResources(viewer.page);

    // Two categories open at first; a viewer has nothing to upload or delete with.
    const expanded = manager.page.locator('[data-testid="resource-category"] button[aria-expanded="true"]');
    await expect(expanded).toHaveCount(2);
    await expect(expanded).toContainText(['HR Policies & Guidelines', 'Payroll Information']);
    await expect(viewer.page.getByRole('button', { name: 'Upload Document' })).toHaveCount(0);
    await expect(viewer.page.getByRole('button', { name: /^Delete / })).toHaveCount(0);

    const name = uniqueName('Parking Rules');
    const bytes = await pdfBytes(name);
    await manager.page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('File').setInputFiles({ name: 'parking-rules.pdf', mimeType: 'application/pdf', buffer: bytes });
    await expect(dialog.getByLabel('Document name')).toHaveValue('parking rules');
    await dialog.getByLabel('Document name').fill(name);
    await dialog.getByLabel('Category').selectOption('Safety & Compliance');
    await dialog.getByLabel('Description').fill('Where members and staff may park');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog).toBeHidden();

    // The viewer's manager.page shows it live, once its category is opened.
    const safety = viewer.page.locator('[data-testid="resource-category"][data-category="Safety & Compliance"]');
    await safety.getByRole('button', { name: /Safety & Compliance/ }).click();
    await expect(item(viewer.page, name)).toBeVisible();
    await expect(item(viewer.page, name).getByTestId('resource-type')).toHaveText('PDF');

    // Search shows the spec's count line and opens the category holding the match.
    const total = Number(await tile(viewer.page, 'Total Documents').innerText());
    await viewer.page.getByLabel('Search documents').fill('where members and staff may park');
    await expect(viewer.page.getByTestId('resource-count-line')).toHaveText(`Showing 1 of ${total} documents`);
    await expect(viewer.page.locator('[data-testid="resource-category"]')).toHaveCount(1);

    const downloading = viewer.page.waitForEvent('download');
    await item(viewer.page, name).getByRole('button', { name: `Download ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('parking-rules.pdf');
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(bytes));

    expect(serious((await new AxeBuilder({ page: viewer.page }).exclude('[data-sonner-toaster]').analyze()).violations)).toEqual([]);
    await manager.context.close();
    await viewer.context.close();
  });

  test('a file that is no PDF, Word, text or image is refused at the file, whatever it is named', async ({ browser }) => {
    const manager = await signedInPage(browser, 'manager');
    await openResources(manager.page);
    await manager.page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = manager.page.getByRole('dialog', { name: 'Upload Document' });
    await dialog.getByLabel('File').setInputFiles({ name: 'handbook.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400)]) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByText(/This kind of file is not accepted/)).toBeVisible();
    await expect(dialog.getByLabel('File')).toHaveAttribute('aria-invalid', 'true');
    await manager.context.close();
  });

  test("an administrator changes the vacation days and everyone's resources page shows them", async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const viewer = await signedInPage(browser, 'viewer');
    await openResources(admin.page);
    await openResources(viewer.page);
    const before = await tile(viewer.page, 'Vacation Days').innerText();
    const next = before === '27' ? '28' : '27';

    await admin.page.locator('[data-stat="Vacation Days"]').getByRole('button', { name: 'Change' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Company Time Off' });
    await dialog.getByLabel('Vacation days').fill('101');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Vacation days must be at most 100')).toBeVisible();
    await dialog.getByLabel('Vacation days').fill(next);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await expect(tile(admin.page, 'Vacation Days')).toHaveText(next);
    await expect(tile(viewer.page, 'Vacation Days')).toHaveText(next);
    await viewer.page.reload();
    await expect(tile(viewer.page, 'Vacation Days')).toHaveText(next);
    // The viewer has no way to change them.
    await expect(viewer.page.locator('[data-stat="Vacation Days"]').getByRole('button', { name: 'Change' })).toHaveCount(0);
    const refused = await apiAs(viewer.page, viewer.token, 'PUT', '/api/settings/system', { vacation_days: 3 });
    expect(refused.status).toBe(403);
    await admin.context.close();
    await viewer.context.close();
  });
});
