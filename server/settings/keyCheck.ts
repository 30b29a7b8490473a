import type { Db } from '../../events/store/types';
import { WEBHOOK_FIELD } from '../slack/webhookSecret';
import type { SecretBox } from './secretBox';
import { CRM_KEY_FIELD } from './systemSettings';

/** The sealed values a deployment keeps: its two shared secrets, and one Gmail value per key that sealed any. */
export interface StoredSecrets {
  crmApiKey: string | null;
  webhookUrl: string | null;
  gmail: string[];
}

export async function storedSecrets(db: Db): Promise<StoredSecrets> {
  const rows = await db<{ place: 'crm' | 'webhook' | 'gmail'; sealed: string }[]>`
    SELECT 'crm' AS place, crm_api_key AS sealed FROM system_settings WHERE crm_api_key IS NOT NULL
    UNION ALL
    SELECT 'webhook', ciphertext FROM slack_config WHERE ciphertext IS NOT NULL
    UNION ALL
    (SELECT DISTINCT ON (split_part(sealed, '.', 2)) 'gmail', sealed FROM (
       SELECT ciphertext AS sealed FROM gmail_connections WHERE connected AND ciphertext IS NOT NULL
       UNION ALL SELECT ciphertext FROM gmail_access_tokens) g)`;
  return {
    crmApiKey: rows.find((r) => r.place === 'crm')?.sealed ?? null,
    webhookUrl: rows.find((r) => r.place === 'webhook')?.sealed ?? null,
    gmail: rows.filter((r) => r.place === 'gmail').map((r) => r.sealed),
  };
}

/**
 * What this node's key cannot open, named for an operator; empty when it opens everything that
 * matters. The CRM key and the webhook URL are one value each, used by everyone and by background
 * work: each must open. Gmail tokens are per user and may outlive a change of key (a user who has
 * not connected since): only when none of them is sealed with this node's key is the key foreign.
 */
export function unreadableSecrets(stored: StoredSecrets, box: SecretBox): string[] {
  const names: string[] = [];
  if (stored.crmApiKey !== null && box.open(stored.crmApiKey, CRM_KEY_FIELD) === null) names.push('the CRM API key');
  if (stored.webhookUrl !== null && box.open(stored.webhookUrl, WEBHOOK_FIELD) === null) names.push('the Slack webhook URL');
  if (stored.gmail.length > 0 && !stored.gmail.some((sealed) => box.owns(sealed))) names.push('the Gmail connections');
  return names;
}

/** Why this node's settings key is wrong for the stored secrets, or null when it is right. */
export function settingsKeyProblem(names: string[]): string | null {
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return (
    `This node's settings key cannot decrypt ${list}, sealed with another key. ` +
    'Give every node the same key (the same SETTINGS_KEY, or the content of the first node\'s DATA_DIR/settings-key as SETTINGS_KEY), or save them again.'
  );
}

export async function checkSettingsKey(db: Db, box: SecretBox): Promise<string | null> {
  return settingsKeyProblem(unreadableSecrets(await storedSecrets(db), box));
}
