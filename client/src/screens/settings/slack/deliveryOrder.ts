import type { SlackDelivery } from '@shared/schemas/slack';

/** How many notifications the delivery log shows (and loads). */
export const DELIVERY_LOG_LENGTH = 25;

/**
 * The log's rows as the server lists them: the latest first (then the later event, then the
 * rule), at most `limit`: pushed rows of new notifications join the top, older ones drop off.
 */
export function latestDeliveries(rows: readonly SlackDelivery[], limit = DELIVERY_LOG_LENGTH): SlackDelivery[] {
  return [...rows]
    .sort(
      (a, b) =>
        b.created_at.localeCompare(a.created_at) ||
        b.event_position - a.event_position ||
        (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0),
    )
    .slice(0, limit);
}
