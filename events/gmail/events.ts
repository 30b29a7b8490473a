import { z } from 'zod';

export const GmailEventSchemas = {
  /**
   * A user's Gmail account connected (or connected again). The tokens travel only sealed: one
   * AES-256-GCM ciphertext of { access_token, refresh_token, expires_at }, bound to this user
   * (server/gmail/tokenBox.ts), so the log never holds a clear token.
   */
  GmailConnected: z.object({ gmail_address: z.string().min(3).max(320), ciphertext: z.string().min(1) }).strict(),
  GmailDisconnected: z.object({}).strict(),
};

type Ev<K extends keyof typeof GmailEventSchemas> = { type: K; data: z.infer<(typeof GmailEventSchemas)[K]> };

export type GmailConnected = Ev<'GmailConnected'>;
export type GmailDisconnected = Ev<'GmailDisconnected'>;
export type GmailEvent = GmailConnected | GmailDisconnected;
