import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_TEMPLATES, SLACK_MESSAGES } from '@shared/schemas/slack';
import { SLACK_RECEIVER_PORT } from '../../playwright.config';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { KEY_MASK } from '@shared/schemas/settings';
import { apiAs, expectLive, signedInPage } from './support/app';
import { createDeal, uniqueName } from './support/deals';

const serious = (violations: { impact?: string | null }[]) => violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startWebhookReceiver(SLACK_RECEIVER_PORT);
});
test.afterAll(async () => {
  await receiver?.close();
});

async function openIntegrations(page: Page) {
  await page.goto('/settings?tab=integrations');
  await expectLive(page);
}

test.describe('Slack notifications', () => {
  test('an administrator saves the webhook and a workflow rule, tests the webhook, and finds both after a reload', async ({ browser }) => {
    const admin = await signedInPage(browser, 'admin');
    await openIntegrations(admin.page);
    const card = admin.page.getByTestId('slack-card');
    await expect(card.getByRole('tab', { name: 'Setup & Connection' })).toHaveAttribute('aria-selected', 'true');
    const url = card.getByLabel('Webhook URL');
    const test = card.getByRole('button', { name: 'Test' });
    await expect(url).toHaveValue('');
    await expect(test).toBeDisabled();

    // No URL: the spec's message at the field.
    await card.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(card.getByText(SLACK_MESSAGES.webhookRequired)).toBeVisible();

    // Test is enabled only for a URL with the provider's services path.
    await url.fill(`http://127.0.0.1:${SLACK_RECEIVER_PORT}/hook`);
    await expect(test).toBeDisabled();
    // The local receiver's path carries the provider's services path, as the Test button asks.
    const webhook = `http://127.0.0.1:${SLACK_RECEIVER_PORT}/hooks.slack.com/services/T0E2E/B0E2E/e2eSecretXyz1`;
    await url.fill(webhook);
    await expect(test).toBeEnabled();
    const before = receiver.posts.length;
    await test.click();
    await expect(card.getByText(SLACK_MESSAGES.testSent)).toBeVisible();
    expect(receiver.posts.slice(before).map((p) => p.path)).toEqual(['/hooks.slack.com/services/T0E2E/B0E2E/e2eSecretXyz1']);

    await card.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(card.getByText(SLACK_MESSAGES.configSaved)).toBeVisible();
    // Success messages clear themselves (3 s).
    await expect(card.getByText(SLACK_MESSAGES.configSaved)).toHaveCount(0, { timeout: 6_000 });
    await expect(card.getByTestId('slack-status')).toHaveText('Connected');
    await expect(url).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/hooks\.slack\.com\/services\/•+Xyz1$/);
    await expect(test).toBeEnabled();

    await card.getByRole('tab', { name: 'Notification Workflows' }).click();
    await card.getByRole('button', { name: 'Add Rule' }).click();
    const rule = card.getByTestId('slack-rule').last();
    await expect(rule.getByLabel('Event type')).toHaveValue('deal_stage_change');
    await expect(rule.getByLabel('Enabled')).toBeChecked();
    await expect(rule.getByLabel('Message template')).toHaveValue(DEFAULT_TEMPLATES.deal_stage_change);
    // Changing the type keeps the template written; Reset gives the type's default.
    await rule.getByLabel('Event type').selectOption('deal_signed');
    await expect(rule.getByLabel('Message template')).toHaveValue(DEFAULT_TEMPLATES.deal_stage_change);
    await rule.getByRole('button', { name: 'Reset to Default Template' }).click();
    await expect(rule.getByLabel('Message template')).toHaveValue(DEFAULT_TEMPLATES.deal_signed);
    await rule.getByLabel('Message template').fill('Signed: ');
    await rule.getByRole('button', { name: '{deal_name}' }).click();
    await expect(rule.getByLabel('Message template')).toHaveValue('Signed: {deal_name}');
    // The cursor goes back into the template, after the variable, once the frame is drawn:
    // waited for, so the next field's typing cannot land in the template.
    await expect(rule.getByLabel('Message template')).toBeFocused();
    await rule.getByLabel('Channel').fill('#e2e-sales');
    expect(serious((await new AxeBuilder({ page: admin.page }).include('[data-testid="slack-card"]').analyze()).violations)).toEqual([]);
    await card.getByRole('button', { name: 'Save Workflow Rules' }).click();
    await expect(card.getByText(SLACK_MESSAGES.rulesSaved)).toBeVisible();

    await admin.page.reload();
    await expectLive(admin.page);
    await expect(card.getByLabel('Webhook URL')).toHaveValue(/•+Xyz1$/);
    await card.getByRole('tab', { name: 'Notification Workflows' }).click();
    const saved = card.getByTestId('slack-rule').last();
    await expect(saved.getByLabel('Event type')).toHaveValue('deal_signed');
    await expect(saved.getByLabel('Channel')).toHaveValue('#e2e-sales');
    await expect(saved.getByLabel('Message template')).toHaveValue('Signed: {deal_name}');

    // A deal of this test's own is signed: the rule's message reaches the receiver and the log.
    const name = uniqueName('Slack Signed');
    const deal = await createDeal(admin.page, admin.token, name);
    const posted = receiver.posts.length;
    expect((await apiAs(admin.page, admin.token, 'PATCH', `/api/deals/${deal.id}/stage`, { stage: 'agreement_signed' })).status).toBe(200);
    await expect.poll(() => receiver.posts.slice(posted).map((p) => p.body)).toContainEqual({ text: `Signed: ${name}`, channel: '#e2e-sales' });
    const entry = card.getByTestId('slack-delivery-log').getByRole('row').filter({ hasText: name });
    await expect(entry).toContainText('Deal Signed', { timeout: 15_000 });
    await expect(entry).toContainText('Delivered');
    await expect(entry).toContainText('1 attempt, HTTP 200');
    // Switched off again (through the API: the open card follows the push): the other specs'
    // deals send nothing once this receiver is gone.
    await card.getByRole('tab', { name: 'Setup & Connection' }).click();
    await expect(card.getByTestId('slack-status')).toHaveText('Connected');
    expect((await apiAs(admin.page, admin.token, 'POST', '/api/slack/config', { webhook_url: KEY_MASK, enabled: false })).status).toBe(200);
    await expect(card.getByTestId('slack-status')).toHaveText('Notifications off');
    await admin.context.close();
  });

  test('a manager sees no Slack card', async ({ browser }) => {
    const manager = await signedInPage(browser, 'manager');
    await openIntegrations(manager.page);
    await expect(manager.page.getByRole('heading', { name: 'Gmail' })).toBeVisible();
    await expect(manager.page.getByRole('heading', { name: 'Slack' })).toHaveCount(0);
    await expect(manager.page.getByTestId('slack-card')).toHaveCount(0);
    await manager.context.close();
  });
});
