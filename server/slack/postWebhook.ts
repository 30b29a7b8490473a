import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { BlockedAddressError, isPublicAddress, publicOnlyLookup } from './webhookAddress';
import type { WebhookTarget } from './webhookHosts';

/** A webhook that has not answered within this long is abandoned (and retried later). */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Enough of an error answer to say what went wrong (Slack answers a word: no_service, invalid_payload). */
const ERROR_TEXT_MAX = 300;

export interface WebhookPayload {
  text: string;
  /** A channel or user override (#sales, @dana); omitted: the webhook's own channel. */
  channel?: string;
}

/** How one POST went: delivered; worth trying again (5xx, 429, timeout, no connection); or final. */
export type PostOutcome =
  | { kind: 'delivered'; status: number }
  | { kind: 'retry'; status: number | null; error: string; retryAfterMs?: number }
  | { kind: 'final'; status: number | null; error: string };

/** Retry-After in seconds (or an HTTP date), as milliseconds; undefined when absent or unreadable. */
function retryAfter(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function classify(response: IncomingMessage, body: string): PostOutcome {
  const status = response.statusCode ?? 0;
  const said = body.trim().slice(0, ERROR_TEXT_MAX);
  const answered = `The webhook answered ${status}${said ? `: ${said}` : ''}`;
  if (status >= 200 && status < 300) return { kind: 'delivered', status };
  if (status >= 300 && status < 400) {
    // Never followed: a redirect could lead anywhere, past every check made on the first host.
    return { kind: 'final', status, error: `The webhook answered ${status} (a redirect${response.headers.location ? ` to ${response.headers.location}` : ''}); redirects are not followed` };
  }
  if (status === 429) return { kind: 'retry', status, error: answered, retryAfterMs: retryAfter(response.headers['retry-after']) };
  if (status >= 500) return { kind: 'retry', status, error: answered };
  return { kind: 'final', status, error: answered };
}

/** Network failures before any answer: worth another try, except an address we refuse to reach. */
function failed(error: unknown, timedOut: boolean): PostOutcome {
  if (timedOut) return { kind: 'retry', status: null, error: `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` };
  if (error instanceof BlockedAddressError) return { kind: 'final', status: null, error: error.message };
  const code = (error as NodeJS.ErrnoException).code;
  return { kind: 'retry', status: null, error: `Could not reach the webhook${code ? ` (${code})` : ''}: ${(error as Error).message}` };
}

/**
 * POSTs one message to a webhook the host rule allowed: no redirects followed, a hard timeout, and
 * for a public host (hooks.slack.com) a connection only to a public address, checked on the
 * address connected to. Never throws: every way it can go is an outcome.
 */
export function postWebhook(target: WebhookTarget, payload: WebhookPayload, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<PostOutcome> {
  const { url, allowListed } = target;
  const literal = isIP(url.hostname.replace(/^\[|\]$/g, ''));
  // An address written in the URL is connected to without a lookup: check it here.
  if (!allowListed && literal && !isPublicAddress(url.hostname.replace(/^\[|\]$/g, ''))) {
    return Promise.resolve({ kind: 'final', status: null, error: new BlockedAddressError(url.hostname, [url.hostname]).message });
  }
  const body = JSON.stringify(payload.channel ? { text: payload.text, channel: payload.channel } : { text: payload.text });
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let timedOut = false;
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'FlexSpace-Operations-Webhooks' },
        // A fresh connection each time: no pooled socket chosen by another request's checks.
        agent: false,
        ...(allowListed ? {} : { lookup: publicOnlyLookup() }),
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < ERROR_TEXT_MAX) text += chunk;
        });
        response.on('end', () => settle(classify(response, text)));
        response.on('error', (error) => settle(failed(error, timedOut)));
      },
    );
    const timer = setTimeout(() => {
      timedOut = true;
      req.destroy(new Error('timed out'));
    }, timeoutMs);
    req.on('error', (error) => settle(failed(error, timedOut)));
    req.end(body);
  });
}
