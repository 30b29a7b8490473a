import { formatCurrency } from '@shared/domain/money';
import { renderTemplate } from '@shared/domain/slackTemplate';
import { BOARD_SUMMARY_RULE, SLACK_CONFIG_ID, SLACK_WORKFLOWS_ID } from '@shared/schemas/slack';
import { dealDecider, type DealState } from '../../events/deal/decider';
import { DealEventSchemas, type DealEvent } from '../../events/deal/events';
import { fold } from '../../events/decider';
import { slackConfigAggregate, slackConfigDecider, slackWorkflowsAggregate, slackWorkflowsDecider } from '../../events/slack/decider';
import type { SlackBoardSummaryRequested, SlackConfigEvent, SlackWorkflowsEvent } from '../../events/slack/events';
import type { Db, StoredEvent, Tx } from '../../events/store/types';
import { PREPARED } from '../../events/store/connect';
import type { LogProcess } from '../processes/logProcess';
import { BookingEventSchemas } from '../../events/booking/events';
import { notifyOfBooking } from './bookingNotifications';
import { addNotification } from './outbox';
import { stageLabel, triggersOf } from './triggers';

/** The checkpoint's and the lock's name: never rename it once it has run. */
export const SLACK_NOTIFICATIONS = 'slack-notifications';

/** A stream's events written before `position`: what the settings were when the event happened. */
async function eventsBefore<E>(db: Db, streamId: string, position: number): Promise<E[]> {
  return db.unsafe<E[]>('SELECT type, data FROM events WHERE stream_id = $1 AND position < $2 ORDER BY version', [streamId, position], PREPARED);
}

/** Whether Slack was switched on, with a webhook, when the event happened: read from the log before it, fixed once written. */
async function slackOnAt(event: StoredEvent, db: Db): Promise<boolean> {
  const config = fold(slackConfigDecider, await eventsBefore<SlackConfigEvent>(db, slackConfigAggregate.streamId(SLACK_CONFIG_ID), event.position));
  return config.enabled && config.ciphertext !== null;
}

/**
 * Turns deal events into Slack notifications: for each event, the configuration and rules as they
 * stood when it happened (so a redo after a crash decides exactly as the first try), the deal
 * before and after it, and one outbox row per enabled rule whose event type it triggers, with the
 * rule's template rendered. Committed with the process's checkpoint (logProcess.ts): an event
 * yields its rows exactly once, across restarts and nodes.
 */
export async function notifyOf(event: StoredEvent, tx: Tx): Promise<void> {
  if (!(await slackOnAt(event, tx))) return;
  if (event.type === 'SlackBoardSummaryRequested') {
    // A deal board summary someone posted: one message to the webhook's own channel, about no one deal.
    const { text } = event.data as SlackBoardSummaryRequested['data'];
    await addNotification(tx, { event_position: event.position, rule_id: BOARD_SUMMARY_RULE, event_type: 'board_summary', deal_id: null, deal_name: 'Deal board summary', channel: '', text });
    return;
  }
  const { workflow_rules } = fold(slackWorkflowsDecider, await eventsBefore<SlackWorkflowsEvent>(tx, slackWorkflowsAggregate.streamId(SLACK_WORKFLOWS_ID), event.position));
  const rules = workflow_rules.filter((rule) => rule.enabled);
  if (rules.length === 0) return;
  if (event.stream_type === 'booking') return notifyOfBooking(event, tx, rules);

  const history = await tx.unsafe<DealEvent[]>('SELECT type, data FROM events WHERE stream_id = $1 AND version <= $2 ORDER BY version', [event.stream_id, event.version], PREPARED);
  const before: DealState = fold(dealDecider, history.slice(0, -1));
  const after: DealState = history.length > 0 ? dealDecider.evolve(before, history[history.length - 1]!) : null;
  const triggers = triggersOf(before, after);
  if (!after || triggers.length === 0) return;

  const [location] = await tx<{ name: string }[]>`SELECT name FROM locations WHERE id = ${after.location_id}`;
  for (const trigger of triggers) {
    for (const rule of rules.filter((r) => r.event_type === trigger.type)) {
      const text = renderTemplate(rule.message_template, trigger.type, {
        company_name: after.company_name,
        deal_name: after.deal_name,
        offered_price: formatCurrency(after.offered_price),
        location_name: location?.name ?? '',
        old_stage: stageLabel(trigger.old_stage),
        new_stage: stageLabel(trigger.new_stage),
      });
      await addNotification(tx, {
        event_position: event.position,
        rule_id: rule.id,
        event_type: trigger.type,
        deal_id: after.id,
        deal_name: after.deal_name,
        channel: rule.channel,
        text,
      });
    }
  }
}

/**
 * Follows the deals' (and bookings') events from the moment it is first switched on (never years of history).
 * Every type of the deal stream is read, so an event type added later (a signature accepted) is
 * announced as soon as the deal's decider folds it.
 */
export const slackNotificationProcess: LogProcess = {
  name: SLACK_NOTIFICATIONS,
  types: [...Object.keys(DealEventSchemas), 'SlackBoardSummaryRequested', ...Object.keys(BookingEventSchemas)],
  from: 'now',
  act: (event, _run, tx) => notifyOf(event, tx),
  // With Slack off when the event happened there is nothing to do: no transaction for it.
  relevant: (event, sql) => slackOnAt(event, sql),
};
