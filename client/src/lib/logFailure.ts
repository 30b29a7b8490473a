import { ApiError } from '../api/client';

/**
 * A conflict (409) is an answer the screen handles: the dialog or the board says who changed the
 * row and offers the way on. It is no fault of the app, so it is not logged as an error.
 */
export const isHandledConflict = (error: unknown): boolean => error instanceof ApiError && error.status === 409;

/** Logs a failed action for whoever debugs the app, unless it is a conflict the user is shown. */
export function logFailure(what: string, error: unknown): void {
  if (isHandledConflict(error)) return;
  console.error(what, error);
}
