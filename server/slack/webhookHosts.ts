/**
 * Where outgoing webhooks may go: https://hooks.slack.com/ only, unless WEBHOOK_ALLOWED_HOSTS
 * names other hosts (host or host:port, comma-separated): a relay, or a local receiver in tests.
 * A named host may use http and may resolve to a private address; hooks.slack.com must be https
 * and public (checked on the address connected to: webhookAddress.ts).
 */
export const SLACK_WEBHOOK_HOST = 'hooks.slack.com';

export interface AllowedHost {
  /** Lower case, as URL.hostname gives it (an IPv6 address in brackets). */
  host: string;
  /** null: any port of that host. */
  port: number | null;
}

export interface WebhookTarget {
  url: URL;
  /** Named in WEBHOOK_ALLOWED_HOSTS: http and private addresses allowed. */
  allowListed: boolean;
}

export type WebhookCheck = { ok: true; target: WebhookTarget } | { ok: false; reason: string };

/** 'host', 'host:port', '[::1]:8080', each as URL would read it; an entry that is no host is refused at start-up. */
export function parseAllowedHosts(entries: readonly string[] = []): AllowedHost[] {
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(`http://${entry.trim()}`);
    } catch {
      throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
    }
    if (url.pathname !== '/' || url.username || url.search) throw new Error(`WEBHOOK_ALLOWED_HOSTS: "${entry}" is not a host or host:port`);
    const explicitPort = /:\d+$/.test(entry.trim());
    return { host: url.hostname, port: explicitPort ? Number(entry.trim().split(':').pop()) : null };
  });
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? 443 : 80);
const portOf = (url: URL) => (url.port ? Number(url.port) : defaultPort(url));

export const HOST_REFUSAL = 'Webhook URLs must start with https://hooks.slack.com/';

/** May a webhook be sent to `raw`? The rule at save time and again at send time. */
export function checkWebhookUrl(raw: string, allowed: readonly AllowedHost[]): WebhookCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'The webhook URL is not a valid address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: HOST_REFUSAL };
  if (url.username || url.password) return { ok: false, reason: 'A webhook URL may not carry a user name or password' };
  const port = portOf(url);
  const named = allowed.some((entry) => entry.host === url.hostname && (entry.port === null || entry.port === port));
  if (named) return { ok: true, target: { url, allowListed: true } };
  if (url.hostname === SLACK_WEBHOOK_HOST && url.protocol === 'https:' && port === 443) return { ok: true, target: { url, allowListed: false } };
  const where = url.port ? `${url.hostname}:${url.port}` : url.hostname;
  return {
    ok: false,
    reason: url.hostname === SLACK_WEBHOOK_HOST ? `${HOST_REFUSAL} (https, port 443)` : `${HOST_REFUSAL}; ${where} is not an allowed webhook host`,
  };
}
