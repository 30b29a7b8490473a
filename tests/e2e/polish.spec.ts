import { expect, test } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';
import { createDeal, uniqueName } from './support/deals';

test.describe('finishing touches', () => {
  test("the signing page names the deal's location once", async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const page = await admin.context.newPage();
    const name = uniqueName('Location Line');
    const office = await createOffice(page, admin.token, '55 Broadway', uniqueNumber('LL'));
    const deal = await createDeal(page, admin.token, name, { office_ids: [office.id], start_date: '2031-03-01', term_months: 12, offered_price: 2000 });
    expect((await apiAs(page, admin.token, 'PATCH', `/api/deals/${deal.id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    expect((await apiAs(page, admin.token, 'POST', `/api/deals/${deal.id}/agreement`, {})).status).toBe(200);
    const sent = await apiAs(page, admin.token, 'POST', `/api/deals/${deal.id}/signature`, {});
    expect(sent.status).toBe(200);

    const signer = await browser.newContext();
    const signPage = await signer.newPage();
    await signPage.goto(sent.body.signing_url as string);
    const location = signPage.getByTestId('signing-summary').locator('div', { has: signPage.locator('dt', { hasText: 'Location' }) }).locator('dd');
    await expect(location).toHaveText('55 Broadway, New York, NY 10006');
    await signer.close();
    await admin.context.close();
  });

  test('the term analysis chart titles its axes', async ({ browser }) => {
    const { context } = await signedInContext(browser, 'viewer');
    const page = await context.newPage();
    await page.goto('/term-analysis');
    await expectLive(page);
    const chart = page.getByRole('figure', { name: 'Chart of the average discount by lease term' });
    await expect(chart.locator('text.recharts-label', { hasText: /^Average discount \(%\)$/ })).toHaveAttribute('transform', /rotate\(-90/);
    await expect(chart.locator('text.recharts-label', { hasText: /^Lease term$/ })).toBeVisible();
    await context.close();
  });

  test('a conflict the dialog explains is not logged as a console error', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const manager = await signedInContext(browser, 'manager');
    const page = await admin.context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const number = uniqueNumber('Q');
    const { id } = await createOffice(page, admin.token, '55 Broadway', number);
    await page.goto('/offices');
    await expectLive(page);
    await page.getByLabel('Search offices').fill(number);
    await officeCard(page, number).getByRole('button', { name: 'Edit status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Office Status' });
    await expect(dialog.getByLabel('Status')).toBeVisible();

    // Someone else changes the office meanwhile; saving is refused and the dialog says by whom.
    expect((await apiAs(page, manager.token, 'PUT', `/api/offices/${id}`, { desks: 7 })).status).toBe(200);
    await expect(dialog.getByTestId('change-notice')).toBeVisible();
    await dialog.getByLabel('Status').selectOption('PENDING');
    await dialog.getByRole('button', { name: 'Update Status' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Jordan Lee changed this office');
    // The browser's own network line for the 409 response is not the app's logging.
    expect(errors.filter((text) => !text.startsWith('Failed to load resource'))).toEqual([]);
    await admin.context.close();
    await manager.context.close();
  });
});
