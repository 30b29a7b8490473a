import { expect, test, type Page } from '@playwright/test';
import { apiAs, expectLive, signedInContext } from './support/app';
import { createOffice, officeCard, uniqueNumber } from './support/data';
import { card, createDeal, openBoard, uniqueName } from './support/deals';

/** A deal of its own in Tour Completed at 55 Broadway, with an office, a start date and a term. */
async function dealReadyForAgreement(page: Page, token: string, name: string) {
  const offices = (await apiAs(page, token, 'GET', '/api/offices?location=55%20Broadway')).body as { id: string; status: string }[];
  const office = offices.find((o) => o.status === 'VACANT') ?? offices.find((o) => o.status === 'PENDING');
  expect(office, 'a vacant office at 55 Broadway').toBeTruthy();
  const deal = await createDeal(page, token, name, { office_ids: [office!.id], start_date: '2031-03-01', term_months: 12, offered_price: 2500 });
  const moved = await apiAs(page, token, 'PATCH', `/api/deals/${deal.id}/stage`, { stage: 'tour_completed' });
  expect(moved.status).toBe(200);
  return deal;
}

const signature = (page: Page, name: string) => card(page, name).locator('[data-signature-status]');
const monthly = (rate: number) => ({ marketed_rates: { monthly: rate, six_month: rate, twelve_month: rate } });

test.describe('agreements and e-signature', () => {
  test('generate, send, sign from a fresh browser without a session; the card turns Signed and moves to Agreement Signed live, and the offices grid shows them leased', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const board = await admin.context.newPage();
    await board.setViewportSize({ width: 1600, height: 1000 });
    const name = uniqueName('Signing Flow');
    // Two offices of its own, so the split of the offered price shows on the leases.
    const [small, large] = [uniqueNumber('SA'), uniqueNumber('SB')];
    const offices = [await createOffice(board, admin.token, '55 Broadway', small, monthly(500)), await createOffice(board, admin.token, '55 Broadway', large, monthly(1500))];
    const deal = await createDeal(board, admin.token, name, { office_ids: offices.map((o) => o.id), start_date: '2031-03-01', term_months: 12, offered_price: 2400 });
    expect((await apiAs(board, admin.token, 'PATCH', `/api/deals/${deal.id}/stage`, { stage: 'tour_completed' })).status).toBe(200);
    // A second tab of the same user watches the offices grid.
    const grid = await admin.context.newPage();
    await grid.goto('/offices');
    await expectLive(grid);
    await grid.getByLabel('Search offices').fill(small);
    await expect(officeCard(grid, small)).toContainText('VACANT');

    await openBoard(board);
    await board.getByLabel('Search deals').fill(name);
    await expect(card(board, name)).toHaveAttribute('data-stage', 'tour_completed');

    await board.getByRole('button', { name: `Actions for ${name}` }).click();
    await board.getByRole('menuitem', { name: 'Generate Agreement' }).click();
    await expect(card(board, name)).toHaveAttribute('data-stage', 'agreement_sent');
    await expect(board.getByText(`Agreement generated for ${name}`)).toBeVisible();

    await board.getByRole('button', { name: `Actions for ${name}` }).click();
    await board.getByRole('menuitem', { name: 'Send for Signature' }).click();
    const dialog = board.getByRole('dialog', { name: 'Agreement sent for signature' });
    await expect(dialog).toBeVisible();
    const link = await dialog.getByLabel('Signing link').inputValue();
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sign\/[\w-]+\.[\w-]+\.[\w-]+$/);
    await dialog.getByRole('button', { name: 'Copy signing link' }).click();
    await expect(board.getByText('Signing link copied')).toBeVisible();
    expect(await board.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(signature(board, name)).toHaveText('Sent');

    // The signer: a browser with no session at all.
    const signer = await browser.newContext();
    const page = await signer.newPage();
    await page.goto(link);
    const summary = page.getByTestId('signing-summary');
    await expect(summary).toContainText(name);
    await expect(summary).toContainText(`${name} Inc`);
    await expect(summary).toContainText('55 Broadway');
    await expect(summary).toContainText('March 1, 2031');
    await expect(summary).toContainText('12 months');
    await expect(summary).toContainText('$2,400');
    await expect(summary).toContainText('$28,800');
    await expect(page.getByRole('link', { name: 'Open the agreement (PDF)' })).toBeVisible();
    await expect(signature(board, name)).toHaveText('Viewed');

    // Both are asked for: the typed name and the acceptance.
    await page.getByRole('button', { name: 'Sign the agreement' }).click();
    await expect(page.getByText('Type your full name to sign')).toBeVisible();
    await expect(page.getByText('Tick the box to accept the agreement')).toBeVisible();
    await page.getByLabel('Your full name').fill('Pat Doe');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign the agreement' }).click();
    await expect(page.getByTestId('signing-done')).toContainText('Thank you, the agreement is signed');
    await expect(page.getByTestId('signing-done')).toContainText('Pat Doe');

    // The first browser follows without a reload: the card is signed, the signing process moves
    // it to Agreement Signed, and the offices grid shows the offices leased.
    await expect(signature(board, name)).toHaveText('Signed');
    await expect(card(board, name)).toHaveAttribute('data-stage', 'agreement_signed');
    await expect(officeCard(grid, small)).toContainText('LEASED');
    const rates = await Promise.all(offices.map(async (o) => ((await apiAs(board, admin.token, 'GET', `/api/offices/${o.id}`)).body as { signed_rate: number }).signed_rate));
    expect(rates).toEqual([600, 1800]);

    // The link is spent: opened again, it says so.
    await page.goto(link);
    await expect(page.getByTestId('signing-refused')).toContainText('This agreement has already been signed.');
    await signer.close();
    await admin.context.close();
  });

  test('a tampered signing link shows a clear page and signs nothing', async ({ browser }) => {
    const admin = await signedInContext(browser, 'admin');
    const api = await admin.context.newPage();
    const deal = await dealReadyForAgreement(api, admin.token, uniqueName('Tampered Link'));
    expect((await apiAs(api, admin.token, 'POST', `/api/deals/${deal.id}/agreement`, {})).status).toBe(200);
    const sent = await apiAs(api, admin.token, 'POST', `/api/deals/${deal.id}/signature`, {});
    const link = (sent.body as { signing_url: string }).signing_url;
    // One character of the token's payload changed.
    const [origin, token] = link.split('/sign/') as [string, string];
    const [header, payload, mac] = token.split('.') as [string, string, string];
    const at = Math.floor(payload.length / 2);
    const tampered = `${origin}/sign/${header}.${payload.slice(0, at)}${payload[at] === 'x' ? 'y' : 'x'}${payload.slice(at + 1)}.${mac}`;

    const signer = await browser.newContext();
    const page = await signer.newPage();
    await page.goto(tampered);
    const refused = page.getByTestId('signing-refused');
    await expect(refused).toContainText('This signing link is not valid');
    await expect(refused).toHaveAttribute('data-status', '400');
    await expect(page.getByRole('button', { name: 'Sign the agreement' })).toHaveCount(0);
    expect((await apiAs(api, admin.token, 'GET', `/api/deals/${deal.id}`)).body.signature_status).toBe('sent');
    await signer.close();
    await admin.context.close();
  });
});
