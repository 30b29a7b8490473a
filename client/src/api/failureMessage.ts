import { REQUEST_TOO_LARGE_MESSAGE, RESOURCE_MESSAGES } from '@shared/domain/uploadLimits';

/**
 * The sentence a failed answer shows: the API's own message, else 'HTTP error! status: N'.
 *
 * A 413 is a file too large whoever answered it: the reverse proxy in front of the API (nginx's
 * body limit answers with an HTML page of its own) or the API's general body limit (a message
 * that knows nothing of files). Both become `tooLarge`, the limit of the screen that sent it; a
 * 413 with a message the API wrote for the case (too many rows) keeps it.
 */
export function failureMessage(status: number, body: unknown, tooLarge: string = RESOURCE_MESSAGES.tooLarge): string {
  const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
  if (status === 413) return message && message !== REQUEST_TOO_LARGE_MESSAGE ? message : tooLarge;
  return message || `HTTP error! status: ${status}`;
}
