import { describe, expect, it } from 'vitest';
import { changesOf, summarize } from '@shared/activity';
import { escapeSlack, renderTemplate } from '@shared/domain/slackTemplate';
import { canTestWebhook, DEFAULT_TEMPLATES, maskWebhookUrl, newRule, SaveSlackConfigInput, SaveWorkflowRulesInput, SLACK_MESSAGES, variablesFor, withEventType } from '@shared/schemas/slack';
import type { DealState } from '../../events/deal/decider';
import { loadConfig } from '../../server/config';
import { backoffMs, nextStep } from '../../server/slack/deliveryLoop';
import { isPublicAddress } from '../../server/slack/webhookAddress';
import { checkWebhookUrl, parseAllowedHosts } from '../../server/slack/webhookHosts';
import { triggersOf } from '../../server/slack/triggers';

const values = {
  company_name: 'Acme & Sons',
  deal_name: 'Acme HQ',
  offered_price: '$4,500',
  location_name: '55 Broadway',
  old_stage: 'Tour Booked',
  new_stage: 'Tour Completed',
};

describe('message templates', () => {
  it('replace each variable by its value, and leave other braces as written', () => {
    expect(renderTemplate('{deal_name} ({company_name}) moved from {old_stage} to {new_stage} at {location_name}: {offered_price}/mo {unknown}', 'deal_stage_change', values)).toBe(
      'Acme HQ (Acme &amp; Sons) moved from Tour Booked to Tour Completed at 55 Broadway: $4,500/mo {unknown}',
    );
  });

  it('escape what Slack reads as markup in values, never in the template', () => {
    expect(escapeSlack('<!channel> & <http://x|y>')).toBe('&lt;!channel&gt; &amp; &lt;http://x|y&gt;');
    expect(renderTemplate('<!here> {deal_name}', 'new_lead', { ...values, deal_name: '<!channel>' })).toBe('<!here> &lt;!channel&gt;');
  });

  it('send the type\'s default template when a rule has none', () => {
    expect(renderTemplate('  ', 'deal_signed', values)).toBe(renderTemplate(DEFAULT_TEMPLATES.deal_signed, 'deal_signed', values));
    expect(renderTemplate('', 'deal_signed', values)).toContain('Acme HQ');
  });

  it('offer the stage variables for stage changes only', () => {
    expect(variablesFor('deal_stage_change')).toEqual(['company_name', 'deal_name', 'offered_price', 'location_name', 'old_stage', 'new_stage']);
    expect(variablesFor('new_lead')).toEqual(['company_name', 'deal_name', 'offered_price', 'location_name']);
  });
});

describe('rules as the editor makes them', () => {
  it('a new rule is a stage change, enabled, with no channel and the default template', () => {
    expect(newRule('x')).toEqual({ id: 'x', event_type: 'deal_stage_change', enabled: true, channel: '', message_template: DEFAULT_TEMPLATES.deal_stage_change, conditions: {} });
  });

  it('changing the event type keeps a template already written, and gives an empty one the new default', () => {
    expect(withEventType({ ...newRule('x'), message_template: 'Mine: {deal_name}' }, 'deal_signed').message_template).toBe('Mine: {deal_name}');
    expect(withEventType({ ...newRule('x'), message_template: '' }, 'new_lead').message_template).toBe(DEFAULT_TEMPLATES.new_lead);
  });

  it('the Test button needs the webhook services path; a masked URL keeps it', () => {
    expect(canTestWebhook('https://hooks.slack.com/services/T0/B0/xyz')).toBe(true);
    expect(canTestWebhook('https://example.com/hook')).toBe(false);
    const masked = maskWebhookUrl('https://hooks.slack.com/services/T0/B0/secretpart1234');
    expect(masked).toBe('https://hooks.slack.com/services/••••••••1234');
    expect(masked).not.toContain('secretpart');
    expect(canTestWebhook(masked)).toBe(true);
  });

  it('the configuration needs a webhook URL, with the spec\'s message', () => {
    for (const webhook_url of ['', '   ', undefined]) {
      const parsed = SaveSlackConfigInput.safeParse({ webhook_url, enabled: true });
      expect(parsed.success).toBe(false);
      expect(parsed.error!.issues[0]!.message).toBe(SLACK_MESSAGES.webhookRequired);
    }
    expect(SaveSlackConfigInput.safeParse({ webhook_url: 'not a url' }).success).toBe(false);
  });

  it('rule lists are refused with two rules of one id or an unknown event type', () => {
    expect(SaveWorkflowRulesInput.safeParse({ workflow_rules: [newRule('a'), newRule('a')] }).success).toBe(false);
    expect(SaveWorkflowRulesInput.safeParse({ workflow_rules: [{ ...newRule('a'), event_type: 'deal_won' }] }).success).toBe(false);
    expect(SaveWorkflowRulesInput.parse({ workflow_rules: [{ id: 'a', event_type: 'new_lead', channel: null }] }).workflow_rules[0]).toEqual({
      id: 'a',
      event_type: 'new_lead',
      enabled: true,
      channel: '',
      message_template: '',
      conditions: {},
    });
  });
});

describe('the webhook host rule', () => {
  const none = parseAllowedHosts([]);
  it('allows https://hooks.slack.com only, by default', () => {
    expect(checkWebhookUrl('https://hooks.slack.com/services/T0/B0/x', none).ok).toBe(true);
    for (const url of ['http://hooks.slack.com/services/x', 'https://hooks.slack.com:8443/services/x', 'https://evil.example/services/x', 'https://hooks.slack.com.evil.example/x', 'https://user:pw@hooks.slack.com/services/x', 'ftp://hooks.slack.com/x', 'http://127.0.0.1:9000/hook']) {
      const check = checkWebhookUrl(url, none);
      expect(check.ok, url).toBe(false);
    }
    const refused = checkWebhookUrl('https://evil.example/hook', none);
    expect(!refused.ok && refused.reason).toBe('Webhook URLs must start with https://hooks.slack.com/; evil.example is not an allowed webhook host');
  });

  it('allows hosts named in WEBHOOK_ALLOWED_HOSTS, over http too, on the named port only when one is named', () => {
    const allowed = parseAllowedHosts(['127.0.0.1:9000', 'relay.internal', '[::1]:8080']);
    expect(allowed).toEqual([
      { host: '127.0.0.1', port: 9000 },
      { host: 'relay.internal', port: null },
      { host: '[::1]', port: 8080 },
    ]);
    const ok = checkWebhookUrl('http://127.0.0.1:9000/hook', allowed);
    expect(ok.ok && ok.target.allowListed).toBe(true);
    expect(checkWebhookUrl('http://127.0.0.1:9001/hook', allowed).ok).toBe(false);
    expect(checkWebhookUrl('https://relay.internal:7443/x', allowed).ok).toBe(true);
    expect(checkWebhookUrl('http://[::1]:8080/x', allowed).ok).toBe(true);
    expect(() => parseAllowedHosts(['http://x/y'])).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1:9000, relay.internal' }).webhookAllowedHosts).toEqual(['127.0.0.1:9000', 'relay.internal']);
    expect(loadConfig({}).webhookAllowedHosts).toBeUndefined();
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'https://relay/x' })).toThrow(/WEBHOOK_ALLOWED_HOSTS must be/);
  });

  it('tells public addresses from private, loopback, link-local and reserved ones', () => {
    for (const address of ['3.5.140.2', '52.89.214.238', '2600:1f14::1']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe('retries', () => {
  const options = { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 4 };
  it('wait twice as long each time, at least what a 429 asked, never past the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, options))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(1, options, 30_000)).toBe(30_000);
    expect(backoffMs(10, options)).toBe(60_000);
  });

  it('retry 5xx, 429 and timeouts, give up on other 4xx at once and after the last attempt', () => {
    expect(nextStep({ kind: 'retry', status: 500, error: 'x' }, 1, options)).toEqual({ status: 'pending', status_code: 500, error: 'x', delay_ms: 1_000 });
    expect(nextStep({ kind: 'retry', status: 500, error: 'x' }, 4, options)).toEqual({ status: 'failed', status_code: 500, error: 'Gave up after 4 attempts: x' });
    expect(nextStep({ kind: 'final', status: 404, error: 'no_service' }, 1, options)).toEqual({ status: 'failed', status_code: 404, error: 'no_service' });
    expect(nextStep({ kind: 'delivered', status: 200 }, 3, options)).toEqual({ status: 'delivered', status_code: 200 });
  });
});

describe('what a deal event announces', () => {
  const deal = { stage: 'tour_booked' } as NonNullable<DealState>;
  it('a creation is a new lead; a move is a stage change; reaching agreement_signed is also a signing', () => {
    expect(triggersOf(null, deal)).toEqual([{ type: 'new_lead', old_stage: null, new_stage: 'tour_booked' }]);
    expect(triggersOf(deal, { ...deal, stage: 'tour_completed' })).toEqual([{ type: 'deal_stage_change', old_stage: 'tour_booked', new_stage: 'tour_completed' }]);
    expect(triggersOf({ ...deal, stage: 'agreement_sent' }, { ...deal, stage: 'agreement_signed' }).map((t) => t.type)).toEqual(['deal_stage_change', 'deal_signed']);
    expect(triggersOf(deal, { ...deal, probability: 90 } as NonNullable<DealState>)).toEqual([]);
  });
});

describe('the activity timeline', () => {
  it('words Slack changes and never shows the sealed URL', () => {
    expect(summarize('Dana', 'SlackEnabledChanged', 'slack_config', { enabled: false }, {})).toBe('Dana switched Slack notifications off');
    expect(summarize('Dana', 'SlackWorkflowRulesSaved', 'slack_workflows', { workflow_rules: [newRule('a')] }, {})).toBe('Dana saved the Slack workflow rules (1)');
    const set = { ciphertext: 'v1.k.iv.ct.tag', masked_url: 'https://hooks.slack.com/services/••••••••abcd' };
    expect(summarize('Dana', 'SlackWebhookSet', 'slack_config', set, {})).toBe('Dana changed the Slack webhook URL');
    expect(changesOf(set, {}).map((c) => c.field)).toEqual(['masked_url']);
  });
});
