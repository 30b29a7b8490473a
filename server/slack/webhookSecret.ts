import type { SlackConfigRow } from '../../projections/slack/queries';
import type { SecretBox } from '../settings/secretBox';

/** The sealed URL is bound to this name (the associated data of its encryption). */
export const WEBHOOK_FIELD = 'slack_webhook_url';

export const UNREADABLE_WEBHOOK =
  'The saved webhook URL cannot be read by this server (it was encrypted with another SETTINGS_KEY). Save the URL again.';

/** The saved webhook URL in clear, for sending only; null when none is saved or it cannot be opened. */
export function openWebhookUrl(row: SlackConfigRow, box: SecretBox): string | null {
  return row.ciphertext === null ? null : box.open(row.ciphertext, WEBHOOK_FIELD);
}
