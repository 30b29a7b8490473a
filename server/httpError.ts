import type { ErrorBody } from '@shared/schemas/common';

/** An answer other than 2xx that the client is meant to read. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: ErrorBody['fields'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = () => new HttpError(401, 'Unauthorized');
export const forbidden = (message = "You don't have permission to do this") => new HttpError(403, message);
export const notFoundHttp = (message = 'Not found') => new HttpError(404, message);
