import { expect, test } from '@playwright/test';
import { GOOGLE_STAND_IN_PORT } from '../../playwright.config';
import { apiAs, signedInContext } from './support/app';

const GOOGLE = `http://127.0.0.1:${GOOGLE_STAND_IN_PORT}`;
const ACCOUNT = 'sales.desk@flexspace.example';

test.describe('Gmail', () => {
  test('a manager connects Gmail from Settings through Google and the callback, then sees a contact’s e-mails with the unread one highlighted', async ({ browser }) => {
    test.setTimeout(60_000);
    const { context, token } = await signedInContext(browser, 'manager');
    const page = await context.newPage();

    // A contact of our own, and two messages with it in the stand-in's mailbox.
    const email = `gmail-e2e-${Date.now()}@harbor.example`;
    const created = await apiAs(page, token, 'POST', '/api/contacts', { name: 'Dana Gmail', email, company_id: '' });
    expect(created.status).toBe(201);
    const now = Date.now();
    const added = await page.request.post(`${GOOGLE}/standin/messages`, {
      data: [
        { id: `unread-${now}`, from: `Dana Gmail <${email}>`, to: ACCOUNT, subject: 'Can we tour on Friday?', snippet: 'Looking at the corner office', date: new Date(now - 60_000).toISOString(), unread: true },
        { id: `read-${now}`, from: ACCOUNT, to: email, subject: 'Our rates', snippet: 'Attached are the rates', date: new Date(now - 10 * 86_400_000).toISOString(), unread: false },
      ],
    });
    expect(added.status()).toBe(200);

    // Before connecting, the profile's Emails tab says where to connect.
    await page.goto(`/crm/contacts/${created.body.id}`);
    await page.getByRole('tab', { name: 'Emails' }).click();
    const history = page.getByTestId('email-history');
    await expect(history).toContainText('Gmail is not connected');
    await expect(history.getByRole('link', { name: 'Settings → Integrations' })).toBeVisible();

    await page.goto('/settings?tab=integrations');
    const card = page.getByTestId('gmail-card');
    await expect(card).toContainText('Not connected');
    await card.getByRole('button', { name: 'Connect Gmail' }).click();

    // Google (the stand-in) sends the browser straight back; the callback shows its outcome, then Settings.
    await expect(page).toHaveURL(/\/auth\/callback\?code=/);
    await expect(page.getByTestId('gmail-callback')).toContainText('Gmail connected');
    await expect(page.getByTestId('gmail-callback')).toContainText(ACCOUNT);
    await expect(page).toHaveURL(/\/settings\?tab=integrations$/, { timeout: 10_000 });
    await expect(page.getByTestId('gmail-card').getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByTestId('gmail-address')).toHaveText(ACCOUNT);

    await page.goto(`/crm/contacts/${created.body.id}`);
    await page.getByRole('tab', { name: 'Emails' }).click();
    await expect(history.getByTestId('gmail-badge')).toContainText(ACCOUNT);
    const items = history.getByTestId('email-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Can we tour on Friday?');
    await expect(items.nth(0)).toHaveAttribute('data-unread', 'true');
    await expect(items.nth(1)).toContainText('Our rates');
    await expect(items.nth(1)).not.toHaveAttribute('data-unread', 'true');

    // Disconnecting asks first, then the card offers to connect again.
    await page.goto('/settings?tab=integrations');
    await page.getByTestId('gmail-card').getByRole('button', { name: 'Disconnect' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to disconnect Gmail? This will stop email tracking.');
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('gmail-card').getByRole('button', { name: 'Connect Gmail' })).toBeVisible();
    await context.close();
  });

  test('a refused authorization says why and returns to Settings; a viewer reads Requires Manager Role on a profile', async ({ browser }) => {
    const manager = await signedInContext(browser, 'manager');
    const page = await manager.context.newPage();
    await page.goto('/auth/callback?error=access_denied');
    await expect(page.getByTestId('gmail-callback')).toContainText('OAuth error: access_denied');
    await expect(page).toHaveURL(/\/settings\?tab=integrations$/, { timeout: 10_000 });
    await page.goto('/auth/callback');
    await expect(page.getByTestId('gmail-callback')).toContainText('No authorization code received from Google');
    await manager.context.close();

    const viewer = await signedInContext(browser, 'viewer');
    const view = await viewer.context.newPage();
    const contacts = await apiAs(view, viewer.token, 'GET', '/api/contacts');
    await view.goto(`/crm/contacts/${contacts.body[0].id}`);
    await view.getByRole('tab', { name: 'Emails' }).click();
    await expect(view.getByTestId('email-history')).toContainText('Requires Manager Role');
    await viewer.context.close();
  });
});
