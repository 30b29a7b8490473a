/** What stands in a logged path for a credential. */
export const REDACTED = '[redacted]';

/**
 * A request's path as the log may hold it. A signing link's token is the right to sign as the
 * customer, and it travels in the path (/api/signing/{token}, /api/signing/{token}/pdf), so
 * whoever reads the logs could sign: the segment after `signing` is replaced, as is anything in
 * any path shaped like a JWT (a token sent where it does not belong is still a token).
 */
export function loggablePath(path: string): string {
  return path.replace(/(\/signing\/)[^/]+/gi, `$1${REDACTED}`).replace(/eyJ[\w%-]*\.[\w%-]+\.[\w%-]*/g, REDACTED);
}
