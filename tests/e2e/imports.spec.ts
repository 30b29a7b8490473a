import { expect, test } from '@playwright/test';
import { expectLive, signedInPage } from './support/app';

test.describe('CSV import', () => {
  test('a file with a bad row previews it with its problem and imports the rest, which another browser sees at once', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const other = await signedInPage(browser, 'admin');
    const tag = `CSV${Date.now() % 1_000_000}`;
    await other.page.goto('/offices');
    await expectLive(other.page);
    await other.page.getByLabel('Search offices').fill(tag);

    await admin.page.goto('/offices');
    await expectLive(admin.page);
    await admin.page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Import offices from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'offices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Office #,Location,Desks,Monthly', `${tag}-1,55 Broadway,4,3200`, `${tag}-2,Atlantis,2,900`, `${tag}-3,Bushwick,2,1100`].join('\n')),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('3 rows: 2 ready to import, 1 row with problems (left out).');
    await expect(dialog.locator('[data-testid="import-row"][data-line="3"]')).toContainText('Unknown location “Atlantis”');
    // The mapping found in the header is shown, one column per header.
    await expect(dialog.getByTestId('import-mapping')).toHaveCount(4);
    await expect(dialog.getByTestId('import-mapping').first()).toHaveValue('office_number');

    await dialog.getByRole('button', { name: 'Import 2 offices' }).click();
    await expect(dialog.getByTestId('import-finished')).toContainText('Imported 2 offices');
    await expect(dialog.getByTestId('import-finished')).toContainText('1 row with problems left out');
    await dialog.getByRole('button', { name: 'Done' }).click();

    for (const p of [admin.page, other.page]) {
      if (p === admin.page) await p.getByLabel('Search offices').fill(tag);
      await expect(p.locator('[data-testid="office-card"]')).toHaveCount(2);
      await expect(p.locator(`[data-testid="office-card"][data-office-number="${tag}-1"]`)).toBeVisible();
    }
    await admin.context.close();
    await other.context.close();
  });

  test('contacts: every reason of a rejected row reads in full, and a company that does not exist is created, as the preview says', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    const tag = `Imp${Date.now() % 1_000_000}`;
    await admin.page.goto('/crm/contacts');
    await expectLive(admin.page);
    await admin.page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Import contacts from CSV' });
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['Name,Email,Status,Company', `${tag} Ready,${tag.toLowerCase()}@x.example,,${tag} Holdings`, `${tag} Broken,not-an-email,Customer,`].join('\n')),
    });
    await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows: 1 ready to import, 1 row with problems (left out).');
    await expect(dialog.locator('[data-testid="import-row"][data-line="2"]')).toContainText(`Creates company “${tag} Holdings”`);
    const reasons = dialog.locator('[data-testid="import-row"][data-line="3"] [data-testid="import-status"]');
    await expect(reasons.getByRole('listitem')).toHaveCount(2);
    await expect(reasons).toContainText('Enter a valid e-mail address');
    await expect(reasons).toContainText('Status must be one of');
    // Nothing cut off: the cell holds all its text.
    const clipped = await reasons.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
    expect(clipped).toBe(false);

    await dialog.getByRole('button', { name: 'Import 1 contact' }).click();
    await expect(dialog.getByTestId('import-finished')).toContainText('Imported 1 contact');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await admin.page.goto('/crm/companies');
    await admin.page.getByLabel('Search companies by name or industry').fill(`${tag} Holdings`);
    await expect(admin.page.locator('[data-testid="company-card"]')).toHaveCount(1);
    await admin.context.close();
  });

  test('a viewer has no import', async ({ browser }) => {
    const viewer = await signedInPage(browser, 'viewer');
    await viewer.page.goto('/members');
    await expectLive(viewer.page);
    await expect(viewer.page.getByRole('heading', { name: 'Member Directory' })).toBeVisible();
    await expect(viewer.page.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
    await viewer.context.close();
  });
});
