import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInPage } from './support/app';
import { createOffice, uniqueNumber } from './support/data';
import { createDeal, uniqueName } from './support/deals';
import { signaturesInDatabase } from './support/signatures';

const signatures = signaturesInDatabase();

test('a member leasing several offices shows all of them in the directory and on its profile', async ({ browser }) => {
  const { context, token, page } = await signedInPage(browser, 'admin');
  await page.goto('/');
  const first = uniqueNumber('MO');
  const second = `${first}B`;
  const offices = [await createOffice(page, token, '55 Broadway', first), await createOffice(page, token, '55 Broadway', second)];
  const name = uniqueName('Two Offices');
  const { id } = await createDeal(page, token, name, { office_ids: offices.map((o) => o.id), offered_price: 2400, start_date: '2025-09-01' });
  await signatures.sign(id);
  await expect.poll(async () => ((await apiAs(page, token, 'GET', `/api/deals/${id}`)).body as { member_id: string | null }).member_id, { timeout: 20_000 }).toBeTruthy();
  const memberId = ((await apiAs(page, token, 'GET', `/api/deals/${id}`)).body as { member_id: string }).member_id;

  await page.goto('/members');
  await expectLive(page);
  await page.getByLabel('Search members').fill(name);
  const row = page.locator(`[data-member-name="${name} Inc"]`);
  await expect(row).toContainText(`Offices ${first}, ${second}`);

  await page.goto(`/members/${memberId}`);
  await page.getByRole('tab', { name: 'Office Assignment' }).click();
  const list = page.getByRole('list', { name: `Offices ${first}, ${second}` });
  await expect(list.getByRole('link', { name: `Office ${first} · 55 Broadway` })).toBeVisible();
  await expect(list.getByRole('link', { name: `Office ${second} · 55 Broadway` })).toBeVisible();
  await context.close();
});
