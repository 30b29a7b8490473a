import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { settingsKeyProblem, unreadableSecrets, type StoredSecrets } from '../../server/settings/keyCheck';
import { createSecretBox } from '../../server/settings/secretBox';
import { CRM_KEY_FIELD } from '../../server/settings/systemSettings';
import { WEBHOOK_FIELD } from '../../server/slack/webhookSecret';

const ours = createSecretBox(randomBytes(32));
const theirs = createSecretBox(randomBytes(32));
const nothing: StoredSecrets = { crmApiKey: null, webhookUrl: null, gmail: [] };

describe('whether this node\'s settings key opens what is stored', () => {
  it('given nothing stored: nothing to open, the key is fine', () => {
    expect(unreadableSecrets(nothing, ours)).toEqual([]);
    expect(settingsKeyProblem([])).toBeNull();
  });

  it('given the CRM key and the webhook URL sealed with this key: fine', () => {
    const stored = { crmApiKey: ours.seal('crm', CRM_KEY_FIELD), webhookUrl: ours.seal('https://hooks.slack.com/services/x', WEBHOOK_FIELD), gmail: [ours.seal('{}', 'gmail')] };
    expect(unreadableSecrets(stored, ours)).toEqual([]);
  });

  it('given them sealed with another key: names each, and the reason says what to do', () => {
    const stored = { crmApiKey: theirs.seal('crm', CRM_KEY_FIELD), webhookUrl: theirs.seal('https://hooks.slack.com/services/x', WEBHOOK_FIELD), gmail: [theirs.seal('{}', 'gmail')] };
    const names = unreadableSecrets(stored, ours);
    expect(names).toEqual(['the CRM API key', 'the Slack webhook URL', 'the Gmail connections']);
    expect(settingsKeyProblem(names)).toBe(
      "This node's settings key cannot decrypt the CRM API key, the Slack webhook URL and the Gmail connections, sealed with another key. " +
        "Give every node the same key (the same SETTINGS_KEY, or the content of the first node's DATA_DIR/settings-key as SETTINGS_KEY), or save them again.",
    );
    expect(settingsKeyProblem(['the Slack webhook URL'])).toMatch(/^This node's settings key cannot decrypt the Slack webhook URL, sealed with another key\./);
  });

  it('given Gmail tokens of several keys, one of them this node\'s: fine (the others predate a change of key)', () => {
    const stored = { ...nothing, gmail: [theirs.seal('{}', 'gmail'), ours.seal('{}', 'gmail')] };
    expect(unreadableSecrets(stored, ours)).toEqual([]);
  });

  it('given a value sealed with a key this node only opens (a passphrase\'s former key): fine', () => {
    const former = randomBytes(32);
    const stored = { ...nothing, crmApiKey: createSecretBox(former).seal('crm', CRM_KEY_FIELD) };
    expect(unreadableSecrets(stored, createSecretBox(randomBytes(32), [former]))).toEqual([]);
  });
});
