import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInPage } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';
import { card, column, createDeal, drag, openBoard, uniqueName } from './support/deals';
import { signaturesInDatabase } from './support/signatures';

/**
 * The signature itself comes from the public signing page; here the test records it in the e2e
 * database directly, and watches what the signing process does.
 */
const signatures = signaturesInDatabase();

const monthly = (rate: number) => ({ marketed_rates: { monthly: rate, six_month: rate, twelve_month: rate } });

/** Another member company, at the deal's location, takes the office before the deal is signed. */
async function leaseToAnotherTenant(page: Page, token: string, dealId: string, officeId: string, company_name: string): Promise<{ id: string }> {
  const location = ((await apiAs(page, token, 'GET', `/api/deals/${dealId}`)).body as { location_id: string }).location_id;
  const other = await apiAs(page, token, 'POST', '/api/members', {
    company_name,
    location_id: location,
    primary_contact: { name: 'Ola Tenant', email: 'ola@tenant.example', phone: '(212) 555-0111' },
  });
  expect(other.status).toBe(201);
  expect((await apiAs(page, token, 'PATCH', `/api/members/${other.body.id}/office`, { office_id: officeId })).status).toBe(200);
  return { id: other.body.id };
}

test.describe('signing', () => {
  test('a signed deal moves to Agreement Signed live, and its offices show LEASED on the offices grid', async ({ browser }) => {
    const { context, token, page } = await signedInPage(browser, 'admin');
    const small = uniqueNumber('S');
    const large = `${small}L`;
    const offices = [await createOffice(page, token, '55 Broadway', small, monthly(500)), await createOffice(page, token, '55 Broadway', large, monthly(1500))];
    const name = uniqueName('Signed Live');
    const { id } = await createDeal(page, token, name, { office_ids: offices.map((o) => o.id), offered_price: 2400, start_date: '2025-09-01' });

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');

    await signatures.sign(id);
    // No reload: the process's moves arrive as pushed rows.
    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name)).toHaveAccessibleName(new RegExp(`^Closed ${name} .*${name} Inc`));

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
    const { context, token, page } = await signedInPage(browser, 'admin');
    const number = uniqueNumber('C');
    const office = await createOffice(page, token, '55 Broadway', number, monthly(1000));
    const name = uniqueName('Signed Conflict');
    const { id } = await createDeal(page, token, name, { office_ids: [office.id] });
    const other = await leaseToAnotherTenant(page, token, id, office.id, `Tenant ${number}`);

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await signatures.sign(id);

    await expect(card(page, name).getByTestId('deal-attention')).toHaveText(`Needs attention: Office ${number} is leased to Tenant ${number}`);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await card(page, name).click();
    await expect(page.getByTestId('deal-detail').getByTestId('deal-attention')).toContainText(`Office ${number} is leased to Tenant ${number}`);

    // The office freed, "Try again" completes the signing from the same signature.
    expect((await apiAs(page, token, 'PATCH', `/api/members/${other.id}/office`, { office_id: null })).status).toBe(200);
    await page.getByTestId('deal-detail').getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name).getByTestId('deal-attention')).toHaveCount(0);
    await context.close();
  });
});

test.describe('signed by any path', () => {
  test('dragging a card to Agreement Signed leases its offices and the card names who signed; no Undo is offered', async ({ browser }) => {
    const { context, token, page } = await signedInPage(browser, 'admin');
    await page.setViewportSize({ width: 1920, height: 1000 });
    const number = uniqueNumber('D');
    const office = await createOffice(page, token, '55 Broadway', number, monthly(1000));
    const name = uniqueName('Dragged Signed');
    const { id } = await createDeal(page, token, name, { office_ids: [office.id], offered_price: 2400, start_date: '2025-01-31', term_months: 1, term_days: 3 });

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'form_submitted');
    await drag(page, card(page, name), column(page, 'agreement_signed'));

    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name).getByTestId('deal-signed-by')).toHaveText('Signed by Alex Morgan');
    await expect(page.getByText(`Moved ${name} to Agreement Signed`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);
    await expect
      .poll(async () => (await apiAs(page, token, 'GET', `/api/offices/${office.id}`)).body)
      .toMatchObject({ status: 'LEASED', tenant: `${name} Inc`, signed_rate: 2400, lease_info: { start_date: '2025-01-31', end_date: '2025-03-03' } });
    const deal = (await apiAs(page, token, 'GET', `/api/deals/${id}`)).body as { member_id: string | null; attention_reason: string | null };
    expect(deal.member_id).toBeTruthy();
    expect(deal.attention_reason).toBeNull();
    await expect(card(page, name).getByTestId('deal-attention')).toHaveCount(0);
    await context.close();
  });

  test("choosing Agreement Signed in the card's menu when an office is leased to another company says 'Needs attention' and why", async ({ browser }) => {
    const { context, token, page } = await signedInPage(browser, 'admin');
    const number = uniqueNumber('M');
    const office = await createOffice(page, token, '55 Broadway', number, monthly(1000));
    const name = uniqueName('Menu Signed');
    const { id } = await createDeal(page, token, name, { office_ids: [office.id], start_date: '2025-09-01' });
    const other = await leaseToAnotherTenant(page, token, id, office.id, `Tenant ${number}`);

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Agreement Signed' }).click();

    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name).getByTestId('deal-attention')).toHaveText(`Needs attention: Office ${number} is leased to Tenant ${number}`);
    expect((await apiAs(page, token, 'GET', `/api/offices/${office.id}`)).body).toMatchObject({ status: 'LEASED', member_id: other.id });
    await context.close();
  });

  test('a deal signed on the signing page names the signer on its card, not "someone else"', async ({ browser }) => {
    const { context, token, page } = await signedInPage(browser, 'admin');
    const office = await createOffice(page, token, '55 Broadway', uniqueNumber('E'), monthly(1000));
    const name = uniqueName('Page Signed');
    const { id } = await createDeal(page, token, name, { office_ids: [office.id], start_date: '2025-09-01' });
    expect((await apiAs(page, token, 'PATCH', `/api/deals/${id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    expect((await apiAs(page, token, 'POST', `/api/deals/${id}/agreement`, {})).status).toBe(200);
    const sent = await apiAs(page, token, 'POST', `/api/deals/${id}/signature`, {});
    expect(sent.status).toBe(200);
    const url = (sent.body as { signing_url: string }).signing_url;
    const signingToken = url.slice(url.lastIndexOf('/sign/') + '/sign/'.length);

    await openBoard(page);
    await page.getByLabel('Search deals').fill(name);
    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_sent');
    const signed = await page.request.post(`/api/signing/${signingToken}`, { data: { signer_name: 'Uma Reviewer', accept: true } });
    expect(signed.status()).toBe(200);

    await expect(card(page, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(card(page, name).getByTestId('deal-signed-by')).toHaveText('Signed by Uma Reviewer');
    await expect(card(page, name)).not.toContainText('Updated by someone else');
    // The list view's row, seen while the change is still fresh, does not call the signing process "someone else" either.
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List View' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Agreement Signed');
    await expect(row).not.toContainText('Updated by someone else');
    await context.close();
  });
});
