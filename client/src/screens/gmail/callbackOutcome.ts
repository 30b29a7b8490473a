import { ApiError } from '../../api/client';

/** How long the callback's outcome shows before it returns to Settings (spec part 2, §9). */
export const SUCCESS_REDIRECT_MS = 2000;
export const FAILURE_REDIRECT_MS = 3000;

/** Where the callback returns to: Settings, on the tab holding the Gmail card. */
export const AFTER_CALLBACK = '/settings?tab=integrations';

/** The spec's callback messages (part 2, §8). */
export const CALLBACK_MESSAGES = {
  oauthError: (error: string) => `OAuth error: ${error}`,
  noCode: 'No authorization code received from Google',
  notSaved: 'Failed to save Gmail connection',
  failed: 'Failed to connect Gmail',
  incomplete: 'Failed to complete Gmail connection',
} as const;

/** What Google put in the address: an error, or a code (required) with its state. */
export type CallbackRequest = { kind: 'refused'; message: string } | { kind: 'exchange'; code: string; state: string };

export function readCallback(params: URLSearchParams): CallbackRequest {
  const error = params.get('error');
  if (error) return { kind: 'refused', message: CALLBACK_MESSAGES.oauthError(error) };
  const code = params.get('code');
  if (!code) return { kind: 'refused', message: CALLBACK_MESSAGES.noCode };
  return { kind: 'exchange', code, state: params.get('state') ?? '' };
}

/**
 * A failed exchange in words: the server's detail when it answered, 'Failed to connect Gmail'
 * when it gave none, 'Failed to complete Gmail connection' when it could not be reached.
 */
export function callbackFailure(error: unknown): string {
  if (error instanceof ApiError && error.status > 0) return error.message || CALLBACK_MESSAGES.failed;
  return CALLBACK_MESSAGES.incomplete;
}
