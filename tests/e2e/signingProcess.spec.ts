import { expect, test } from '@playwright/test';
import { createPool } from '../../events/store/connect';
import type { Pool } from '../../events/store/types';
import { readDatabaseUrl } from '../../server/db/embedded';
import { E2E_DATA_DIR } from '../../playwright.config';
import { signDeal } from '../support/signature';
import { apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';
import { card, createDeal, openBoard, uniqueName } from './support/deals';

/**
 * The signature itself comes from the public signing page; here the test records it in the e2e
 * database directly (tests/support/signature.ts), and watches what the signing process does.
 */
let sql: Pool;
test.beforeAll(async () => {
  // This worker's server's database: each worker has its own server.
  const url = await readDatabaseUrl(E2E_DATA_DIR);
  if (!url) throw new Error(`the e2e server left no database URL in ${E2E_DATA_DIR}`);
  sql = createPool(url, { max: 2 });
});
test.afterAll(async () => {
  await sql?.end({ timeout: 5 });
});

const monthly = (rate: number) => ({ marketed_rates: { monthly: rate, six_month: rate, twelve_month: rate } });

test.describe('signing', () => {
  test('a signed deal moves to Agreement Signed live, and its offices show LEASED on the offices grid', async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    const small = uniqueNumber('S');
    const large = `${small}L`;
    const offices = [await createOffice(page, token, '55 Broadway', small, monthly(500)), await createOffice(page, token, '55 Broadway', large, monthly(1500))];
    const name = uniqueName('Signed Live');
    const { id } = await createDeal(page, token, name, { office_ids: offices.map((o) => o.id), offered_price: 2400, start_date: '2025-09-01' });

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');

    await signDeal(sql, id);
    // No reload: the process's moves arrive as pushed rows.
    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name)).toHaveAttribute('aria-label', `${name}, ${name} Inc (closed)`);

    await page.goto('/offices');
    await expectLive(page);
    await page.getByLabel('Search offices').fill(small);
    await expect(officeCard(page, small)).toContainText('LEASED');
    await expect(officeCard(page, large)).toContainText('LEASED');
    const leased = (await apiAs(page, token, 'GET', `/api/offices/${offices[1]!.id}`)).body as { signed_rate: number };
    expect(leased.signed_rate).toBe(1800);
    await context.close();
  });

  test("a deal whose office was leased to another company meanwhile says 'Needs attention' and why, and Try again completes it once freed", async ({ browser }) => {
    const { context, token } = await signedInContext(browser, 'admin');
    const page = await context.newPage();
    const number = uniqueNumber('C');
    const office = await createOffice(page, token, '55 Broadway', number, monthly(1000));
    const name = uniqueName('Signed Conflict');
    const { id } = await createDeal(page, token, name, { office_ids: [office.id] });
    const location = ((await apiAs(page, token, 'GET', `/api/deals/${id}`)).body as { location_id: string }).location_id;
    const other = await apiAs(page, token, 'POST', '/api/members', {
      company_name: `Tenant ${number}`,
      location_id: location,
      primary_contact: { name: 'Ola Tenant', email: 'ola@tenant.example', phone: '(212) 555-0111' },
    });
    expect(other.status).toBe(201);
    expect((await apiAs(page, token, 'PATCH', `/api/members/${other.body.id}/office`, { office_id: office.id })).status).toBe(200);

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await signDeal(sql, id);

    await expect(card(page, name).getByTestId('deal-attention')).toHaveText(`Needs attention: Office ${number} is leased to Tenant ${number}`);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await card(page, name).click();
    await expect(page.getByTestId('deal-detail').getByTestId('deal-attention')).toContainText(`Office ${number} is leased to Tenant ${number}`);

    // The office freed, "Try again" completes the signing from the same signature.
    expect((await apiAs(page, token, 'PATCH', `/api/members/${other.body.id}/office`, { office_id: null })).status).toBe(200);
    await page.getByTestId('deal-detail').getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name).getByTestId('deal-attention')).toHaveCount(0);
    await context.close();
  });
});
