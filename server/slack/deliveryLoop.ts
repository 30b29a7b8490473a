import type { Logger } from 'pino';
import type { Pool } from '../../events/store/types';
import { getSlackConfigRow } from '../../projections/slack/queries';
import { runSingleton, type Singleton } from '../cluster/singleton';
import type { SecretBox } from '../settings/secretBox';
import { claimNext, failInterrupted, putBack, recordAttempt, type Claimed, type Recorded } from './outbox';
import { postWebhook, WEBHOOK_TIMEOUT_MS, type PostOutcome } from './postWebhook';
import { checkWebhookUrl, type AllowedHost } from './webhookHosts';
import { AWAITING_KEY, openWebhookUrl } from './webhookSecret';

export interface DeliveryDeps {
  databaseUrl: string;
  sql: Pool;
  secrets: SecretBox;
  allowedHosts: readonly AllowedHost[];
  logger?: Logger;
}

export interface DeliveryOptions {
  /** How often the outbox is looked at when nothing is due. */
  pollMs?: number;
  /** The first retry's wait; each further one doubles it (exponential backoff). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts in all before a row is given up as failed. */
  maxAttempts?: number;
  timeoutMs?: number;
  checkMs?: number;
}

export const DELIVERY_DEFAULTS = { pollMs: 500, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000, maxAttempts: 6, timeoutMs: WEBHOOK_TIMEOUT_MS } as const;

/** The wait before attempt `attempts + 1`: base x 2^(attempts - 1), at least what a 429 asked, capped. */
export function backoffMs(attempts: number, options: { baseDelayMs: number; maxDelayMs: number }, retryAfterMs?: number): number {
  const exponential = options.baseDelayMs * 2 ** Math.max(0, attempts - 1);
  return Math.min(options.maxDelayMs, Math.max(exponential, retryAfterMs ?? 0));
}

/** What to record of an attempt's outcome, after `attempts` attempts in all. */
export function nextStep(outcome: PostOutcome, attempts: number, options: Required<Pick<DeliveryOptions, 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts'>>): Recorded {
  switch (outcome.kind) {
    case 'delivered':
      return { status: 'delivered', status_code: outcome.status };
    case 'final':
      return { status: 'failed', status_code: outcome.status, error: outcome.error };
    case 'retry':
      if (attempts >= options.maxAttempts) return { status: 'failed', status_code: outcome.status, error: `Gave up after ${attempts} attempts: ${outcome.error}` };
      return { status: 'pending', status_code: outcome.status, error: outcome.error, delay_ms: backoffMs(attempts, options, outcome.retryAfterMs) };
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Posts the outbox's rows to the webhook, one node at a time (runSingleton): each due row is
 * marked `sending` before its POST and recorded after it, delivered, due again after a backoff
 * (5xx, 429, timeout, no connection) or failed (any other 4xx, a redirect, a refused host, too
 * many attempts). The URL is read and checked against the host rule at each send, so a URL or
 * an allow-list changed meanwhile applies at once. A URL this node's key cannot open fails
 * nothing: the row stays pending and the node lets the lock go, for a node with the right key
 * (or this one once the URL is saved again). A stop lets the POST under way finish.
 */
export function startSlackDelivery(deps: DeliveryDeps, options: DeliveryOptions = {}): Singleton {
  const o = { ...DELIVERY_DEFAULTS, ...options };
  const { sql } = deps;

  // Said once while it lasts, not at every hand-over.
  let awaitingKey = false;

  async function send(row: Claimed): Promise<PostOutcome | { kind: 'unreadable' }> {
    const config = await getSlackConfigRow(sql);
    if (!config.enabled) return { kind: 'final', status: null, error: 'Slack notifications were switched off before this was sent' };
    const url = openWebhookUrl(config, deps.secrets);
    if (url === null) return config.ciphertext === null ? { kind: 'final', status: null, error: 'No webhook URL is saved' } : { kind: 'unreadable' };
    awaitingKey = false;
    const check = checkWebhookUrl(url, deps.allowedHosts);
    if (!check.ok) return { kind: 'final', status: null, error: check.reason };
    return postWebhook(check.target, { text: row.text, ...(row.channel ? { channel: row.channel } : {}) }, o.timeoutMs);
  }

  return runSingleton(
    deps.databaseUrl,
    'slack-delivery',
    async (signal) => {
      while (!signal.aborted) {
        try {
          // Longer than any POST may take: whoever marked these is gone.
          const interrupted = await failInterrupted(sql, o.timeoutMs + 10_000);
          if (interrupted > 0) deps.logger?.warn({ rows: interrupted }, 'slack notifications interrupted mid-send marked failed');
          const row = await claimNext(sql);
          if (!row) {
            await pause(o.pollMs, signal);
            continue;
          }
          const outcome = await send(row);
          if (outcome.kind === 'unreadable') {
            // Another key sealed the URL: the message is not this node's to fail. It waits, and
            // the lease is let go so that a node holding that key can take it.
            await putBack(sql, row, AWAITING_KEY);
            if (!awaitingKey) deps.logger?.error({ event_position: row.event_position, rule_id: row.rule_id }, 'slack webhook URL sealed with another settings key: notifications kept pending for a node that holds it');
            awaitingKey = true;
            return;
          }
          const step = nextStep(outcome, row.attempts, o);
          await recordAttempt(sql, row, step);
          if (step.status !== 'delivered') deps.logger?.warn({ event_position: row.event_position, rule_id: row.rule_id, attempts: row.attempts, status: step.status, error: step.error }, 'slack notification not delivered');
        } catch (error) {
          if (!signal.aborted) deps.logger?.error({ err: error }, 'slack delivery failed; trying again');
          await pause(o.pollMs * 4, signal);
        }
      }
    },
    { checkMs: o.checkMs, logger: deps.logger },
  );
}
