import type { GmailEmail } from '@shared/schemas/gmail';
import { HttpError } from '../httpError';

const TIMEOUT_MS = 10_000;
/** The newest messages shown in a history; each costs one metadata request. */
export const MAX_MESSAGES = 25;
/** Metadata requests to Gmail at once for one history. */
const PARALLEL = 5;

/** Gmail refused the access token (expired early, or revoked): refresh once and try again. */
export class GmailUnauthorized extends Error {}

interface Header {
  name: string;
  value: string;
}
interface GmailMessage {
  id: string;
  threadId?: string;
  labelIds?: string[];
  snippet?: string;
  internalDate?: string;
  payload?: { headers?: Header[] };
}

/** A message's metadata as the history shows it: the e-mail's shape on the wire. */
export type MessageMetadata = GmailEmail;

/** Gmail's REST API (users.getProfile, users.messages.list, users.messages.get), with plain fetch. */
export function gmailApi(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');

  async function get<T>(accessToken: string, path: string, query: URLSearchParams): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}/gmail/v1/users/me${path}?${query.toString()}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new HttpError(502, `Gmail could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    if (res.status === 401) throw new GmailUnauthorized();
    if (!res.ok) throw new HttpError(502, `Gmail answered ${res.status} ${res.statusText}`.trim());
    try {
      return (await res.json()) as T;
    } catch {
      throw new HttpError(502, 'Gmail answered something other than JSON');
    }
  }

  async function message(accessToken: string, id: string): Promise<MessageMetadata> {
    const query = new URLSearchParams({ format: 'metadata' });
    for (const name of ['From', 'To', 'Subject', 'Date']) query.append('metadataHeaders', name);
    const m = await get<GmailMessage>(accessToken, `/messages/${encodeURIComponent(id)}`, query);
    const header = (name: string) => m.payload?.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value ?? '';
    const received = m.internalDate ? new Date(Number(m.internalDate)) : new Date(header('Date'));
    return {
      id: m.id,
      thread_id: m.threadId ?? null,
      subject: header('Subject') || '(no subject)',
      sender: header('From'),
      recipients: header('To'),
      snippet: m.snippet ?? '',
      date: Number.isNaN(received.getTime()) ? new Date(0).toISOString() : received.toISOString(),
      is_read: !(m.labelIds ?? []).includes('UNREAD'),
    };
  }

  return {
    /** The connected account's address. */
    async profileAddress(accessToken: string): Promise<string> {
      const profile = await get<{ emailAddress?: string }>(accessToken, '/profile', new URLSearchParams());
      if (!profile.emailAddress) throw new HttpError(502, 'Gmail did not say which account was connected');
      return profile.emailAddress;
    },

    /** The newest messages matching `q`, newest first, with their metadata. */
    async messages(accessToken: string, q: string): Promise<MessageMetadata[]> {
      const list = await get<{ messages?: { id: string }[] }>(accessToken, '/messages', new URLSearchParams({ q, maxResults: String(MAX_MESSAGES) }));
      const ids = (list.messages ?? []).slice(0, MAX_MESSAGES).map((m) => m.id);
      const found: MessageMetadata[] = [];
      for (let i = 0; i < ids.length; i += PARALLEL) found.push(...(await Promise.all(ids.slice(i, i + PARALLEL).map((id) => message(accessToken, id)))));
      return found.sort((a, b) => b.date.localeCompare(a.date));
    },
  };
}
export type GmailApi = ReturnType<typeof gmailApi>;
