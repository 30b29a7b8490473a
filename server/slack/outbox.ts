import { deliveryId, type SlackDelivery } from '@shared/schemas/slack';
import type { Db, Pool } from '../../events/store/types';

/** An outbox row as the log process writes it; the delivery loop fills in the rest. */
export type NewNotification = Pick<SlackDelivery, 'event_position' | 'rule_id' | 'event_type' | 'deal_id' | 'deal_name' | 'channel' | 'text'>;

/**
 * One row per event and rule: written in the notification process's transaction, so it commits
 * with the checkpoint; the key makes a second write of the same pair (two nodes for an instant)
 * a no-op.
 */
export async function addNotification(tx: Db, n: NewNotification): Promise<void> {
  await tx`
    INSERT INTO slack_deliveries (event_position, rule_id, event_type, deal_id, deal_name, channel, text)
    VALUES (${n.event_position}, ${n.rule_id}, ${n.event_type}, ${n.deal_id}, ${n.deal_name}, ${n.channel}, ${n.text})
    ON CONFLICT (event_position, rule_id) DO NOTHING`;
}

export interface Claimed {
  event_position: number;
  rule_id: string;
  channel: string;
  text: string;
  attempts: number;
}

/**
 * Takes the oldest due row and marks it `sending` (one attempt more) before anything is posted:
 * committed first, so a node that dies mid-POST leaves a row that says so.
 */
export async function claimNext(sql: Pool): Promise<Claimed | null> {
  const [row] = await sql<Claimed[]>`
    UPDATE slack_deliveries SET status = 'sending', attempts = attempts + 1, last_attempt_at = now()
    WHERE (event_position, rule_id) = (
      SELECT event_position, rule_id FROM slack_deliveries
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY event_position, rule_id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING event_position::float8 AS event_position, rule_id, channel, text, attempts`;
  return row ?? null;
}

export type Recorded =
  | { status: 'delivered'; status_code: number }
  | { status: 'pending'; status_code: number | null; error: string; delay_ms: number }
  | { status: 'failed'; status_code: number | null; error: string };

/** How the attempt went; only a row still marked `sending` by this attempt is changed. */
export async function recordAttempt(sql: Pool, row: Claimed, result: Recorded): Promise<void> {
  const delivered = result.status === 'delivered';
  const error = delivered ? null : result.error;
  const delayMs = result.status === 'pending' ? result.delay_ms : 0;
  await sql`
    UPDATE slack_deliveries SET
      status = ${result.status},
      status_code = ${result.status_code},
      error = ${error},
      next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}),
      delivered_at = ${delivered ? sql`now()` : null}
    WHERE event_position = ${row.event_position} AND rule_id = ${row.rule_id} AND status = 'sending' AND attempts = ${row.attempts}`;
}

/**
 * A claimed row this node could not try (it cannot open the webhook URL): pending again and due
 * at once, its attempt not counted, so it waits for a node that can, never failed for it.
 */
export async function putBack(sql: Pool, row: Claimed, error: string): Promise<void> {
  await sql`
    UPDATE slack_deliveries SET status = 'pending', attempts = attempts - 1, error = ${error}, next_attempt_at = now()
    WHERE event_position = ${row.event_position} AND rule_id = ${row.rule_id} AND status = 'sending' AND attempts = ${row.attempts}`;
}

export const INTERRUPTED =
  'Interrupted: the server stopped while posting, so Slack may or may not have received it; not sent again, so it is never repeated';

/**
 * Rows left `sending` longer than any POST can take belong to a node that died mid-POST. Whether
 * Slack got the message is unknown, and Slack's webhooks have no idempotency key, so such a row
 * is never posted again (at most once): it is marked failed, saying so.
 */
export async function failInterrupted(sql: Pool, staleMs: number): Promise<number> {
  const rows = await sql`
    UPDATE slack_deliveries SET status = 'failed', error = ${INTERRUPTED}
    WHERE status = 'sending' AND last_attempt_at < now() - make_interval(secs => ${staleMs / 1000})
    RETURNING 1`;
  return rows.length;
}

type StoredDelivery = Omit<SlackDelivery, 'id' | Stamp> & Record<Stamp, Date | null>;
type Stamp = 'created_at' | 'last_attempt_at' | 'next_attempt_at' | 'delivered_at' | 'updated_at';

/** The columns of a delivery-log row (the next attempt shown only while one is due). */
const columns = (db: Db) => db`
  event_position::float8 AS event_position, rule_id, event_type, deal_id, deal_name, channel, text, status, attempts,
  status_code, error, created_at, last_attempt_at,
  CASE WHEN status = 'pending' THEN next_attempt_at END AS next_attempt_at, delivered_at, version, updated_at`;

function answer(r: StoredDelivery): SlackDelivery {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    ...r,
    id: deliveryId(r.event_position, r.rule_id),
    created_at: iso(r.created_at)!,
    last_attempt_at: iso(r.last_attempt_at),
    next_attempt_at: iso(r.next_attempt_at),
    delivered_at: iso(r.delivered_at),
    updated_at: iso(r.updated_at)!,
  };
}

/** The delivery log: the latest notifications first. */
export async function recentDeliveries(db: Db, limit: number): Promise<SlackDelivery[]> {
  const rows = await db<StoredDelivery[]>`
    SELECT ${columns(db)} FROM slack_deliveries ORDER BY created_at DESC, event_position DESC, rule_id LIMIT ${limit}`;
  return rows.map(answer);
}

/** The rows of the delivery log named by (event position, rule id), as they stand now. */
export async function deliveriesNamed(db: Db, keys: readonly (readonly [number, string])[]): Promise<SlackDelivery[]> {
  if (keys.length === 0) return [];
  const rows = await db<StoredDelivery[]>`
    SELECT ${columns(db)} FROM slack_deliveries
    WHERE (event_position, rule_id) IN (SELECT * FROM unnest(${keys.map(([p]) => p)}::bigint[], ${keys.map(([, r]) => r)}::text[]))`;
  return rows.map(answer);
}
