/** Google's real endpoints: what production talks to unless configuration names a stand-in. */
export const GOOGLE_DEFAULTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  gmailApiUrl: 'https://gmail.googleapis.com',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
} as const;

/** Read-only access to the mailbox: the history lists messages and never changes them. */
export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';

export interface GoogleConfig {
  clientId?: string;
  clientSecret?: string;
  authUrl: string;
  tokenUrl: string;
  gmailApiUrl: string;
  /** Where a disconnect tells Google to drop the grant; unset: Google's. */
  revokeUrl?: string;
}

/** The Google client's variables still unset: empty when Gmail can be connected. */
export function missingGoogleSettings(config: GoogleConfig): string[] {
  return [config.clientId ? null : 'GOOGLE_CLIENT_ID', config.clientSecret ? null : 'GOOGLE_CLIENT_SECRET'].filter((v): v is string => v !== null);
}

export const googleConfigOrDefaults = (config: GoogleConfig | undefined): GoogleConfig => config ?? { ...GOOGLE_DEFAULTS };
