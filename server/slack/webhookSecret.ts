import type { SlackConfigRow } from '../../projections/slack/queries';
import type { SecretBox } from '../settings/secretBox';

/** The sealed URL is bound to this name (the associated data of its encryption). */
export const WEBHOOK_FIELD = 'slack_webhook_url';

export const UNREADABLE_WEBHOOK =
  'The saved webhook URL cannot be read by this server (it was encrypted with another SETTINGS_KEY). Save the URL again.';

/** A notification's error while no node that holds the URL's key has sent it. */
export const AWAITING_KEY =
  'Waiting: this server cannot read the saved webhook URL (it was encrypted with another settings key); kept for a server that holds that key, or until the URL is saved again';

/** The saved webhook URL in clear, for sending only; null when none is saved or it cannot be opened. */
export function openWebhookUrl(row: SlackConfigRow, box: SecretBox): string | null {
  return row.ciphertext === null ? null : box.open(row.ciphertext, WEBHOOK_FIELD);
}
