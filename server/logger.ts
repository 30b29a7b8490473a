import pino, { type DestinationStream, type Logger } from 'pino';

/** Structured JSON logs; credentials are redacted even if someone logs a body by mistake. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['password', '*.password', 'password_hash', '*.password_hash', 'access_token', '*.access_token', 'token', '*.token', 'req.headers.authorization'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
