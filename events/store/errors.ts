/** What changed a stream since the version a caller saw: the last writer and the fields touched. */
export interface ChangedSince {
  /** The stream's version now. */
  version: number;
  /** The user of the latest change ('system' for maintenance). */
  user_id: string;
  at: string;
  /** Field names the changes touched (the events' data keys), in the order first seen. */
  fields: string[];
}

/** The stream moved on since the caller read it. The API answers 409, naming who changed what. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly since?: ChangedSince,
    message = 'This record was changed by someone else. Reload and try again.',
  ) {
    super(message);
    this.name = 'ConcurrencyError';
  }
}

/**
 * A command refused by a decider or by a rule that spans streams. `status` is the HTTP answer
 * the API gives: 400 invalid, 403 forbidden, 404 unknown, 409 conflicting with current state,
 * 410 gone (a signing link that was used, replaced or has expired).
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 410,
    message: string,
    /** The request field the refusal is about, when there is one (a duplicate office number). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Whether PostgreSQL rolled the transaction back as a deadlock's victim: nothing of it stayed, so it may be tried again. */
export const isDeadlock = (error: unknown) => (error as { code?: string } | null)?.code === '40P01';

export const notFound = (message: string) => new DomainError(404, message);
export const conflict = (message: string) => new DomainError(409, message);
export const invalid = (message: string) => new DomainError(400, message);
export const gone = (message: string) => new DomainError(410, message);
