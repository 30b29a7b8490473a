import { z } from 'zod';
import { Id } from './common';
import { answerText, str } from './strings';

/** Where Google sends the browser back: this site's address followed by this path. */
export const GMAIL_CALLBACK_PATH = '/auth/callback';

/** Messages the spec gives the mail connection (part 2, §8) and the server's own refusals. */
export const GMAIL_MESSAGES = {
  noCode: 'No authorization code received from Google',
  redirectUri: `redirect_uri must be this site's address followed by ${GMAIL_CALLBACK_PATH}`,
  badState:
    'This Gmail connection request is not valid: it has expired, was already used, or was started by another account. Connect again from Settings → Integrations.',
  notConnected: 'Gmail is not connected. Connect it in Settings → Integrations.',
  oneTarget: 'Give either a contact_id or a company_id',
} as const;

const RedirectUri = str('redirect_uri', GMAIL_MESSAGES.redirectUri)
  .max(2000, { message: GMAIL_MESSAGES.redirectUri })
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === GMAIL_CALLBACK_PATH && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, { message: GMAIL_MESSAGES.redirectUri });

/** POST /api/gmail/connect. */
export const ConnectGmailInput = z.object({ redirect_uri: RedirectUri }).strict();
export type ConnectGmailInput = z.infer<typeof ConnectGmailInput>;
export interface ConnectGmailAnswer {
  auth_url: string;
}

/** POST /api/gmail/callback: what Google put in the callback's address, and the address itself. */
export const GmailCallbackInput = z
  .object({
    code: str('code', GMAIL_MESSAGES.noCode).trim().min(1, { message: GMAIL_MESSAGES.noCode }).max(4000),
    state: str('state', GMAIL_MESSAGES.badState).min(1, { message: GMAIL_MESSAGES.badState }).max(200, { message: GMAIL_MESSAGES.badState }),
    redirect_uri: RedirectUri,
  })
  .strict();
export type GmailCallbackInput = z.infer<typeof GmailCallbackInput>;
export interface GmailCallbackAnswer {
  success: true;
  gmail_address: string;
}

/**
 * One user's mail connection, as the live push carries it (to that user's sockets only). Its id
 * is the user's id; a user who never connected reads version 0.
 */
export interface GmailConnection {
  id: string;
  connected: boolean;
  gmail_address: string | null;
  connected_at: string | null;
  version: number;
  updated_at: string;
}

/** GET /api/gmail/status: the connection, and whether the server is set up to make one. */
export interface GmailStatus extends GmailConnection {
  /** False until GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set on the server. */
  configured: boolean;
  /** The configuration variables still unset. */
  missing_settings: string[];
}

/** GET /api/gmail/emails: a contact's messages, or those of any contact of a company. */
export const GmailEmailsQuery = z
  .object({ contact_id: Id.optional(), company_id: Id.optional() })
  .strict()
  .refine((q) => (q.contact_id === undefined) !== (q.company_id === undefined), { message: GMAIL_MESSAGES.oneTarget });
export type GmailEmailsQuery = z.infer<typeof GmailEmailsQuery>;

/** One message (spec part 2, Email: id, subject, sender, snippet, date, isRead, in snake case). */
export interface GmailEmail {
  id: string;
  thread_id: string | null;
  subject: string;
  sender: string;
  recipients: string;
  snippet: string;
  /** ISO 8601: when Gmail received it. */
  date: string;
  is_read: boolean;
}

/** The OpenAPI document's schemas of the answers above (each checked against its type). */
export const ConnectGmailAnswer = z.object({ auth_url: answerText() }) satisfies z.ZodType<ConnectGmailAnswer>;
export const GmailCallbackAnswer = z.object({ success: z.literal(true), gmail_address: answerText() }) satisfies z.ZodType<GmailCallbackAnswer>;
export const GmailStatus = z.object({
  id: z.uuid(),
  connected: z.boolean(),
  gmail_address: answerText().nullable(),
  connected_at: answerText().nullable(),
  version: z.number().int(),
  updated_at: answerText(),
  configured: z.boolean(),
  missing_settings: z.array(answerText()),
}) satisfies z.ZodType<GmailStatus>;
export const GmailEmail = z.object({
  id: answerText(),
  thread_id: answerText().nullable(),
  subject: answerText(),
  sender: answerText(),
  recipients: answerText(),
  snippet: answerText(),
  date: answerText(),
  is_read: z.boolean(),
}) satisfies z.ZodType<GmailEmail>;
