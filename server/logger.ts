import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Structured JSON logs; credentials are redacted even if someone logs a body or headers by
 * mistake. Paths are redacted where they are logged (middleware/loggablePath.ts).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'password',
          '*.password',
          'password_hash',
          '*.password_hash',
          'access_token',
          '*.access_token',
          'refresh_token',
          '*.refresh_token',
          'token',
          '*.token',
          // A signing link is its token: whoever has the URL can sign.
          'signing_url',
          '*.signing_url',
          'webhook_url',
          '*.webhook_url',
          'crm_api_key',
          '*.crm_api_key',
          'authorization',
          '*.authorization',
          'headers.authorization',
          '*.headers.authorization',
          'req.headers.authorization',
          'headers.cookie',
          '*.headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
