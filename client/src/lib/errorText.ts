import { ApiError } from '../api/client';

const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/**
 * The reason to show a person for a failed call: the server's own message when it answered, a
 * plain sentence when it could not be reached (fetch rejects with a TypeError, which the command
 * path turns into status 0), never a stack or a browser's internal wording.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? UNREACHABLE : error.message;
  if (error instanceof TypeError) return UNREACHABLE;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
