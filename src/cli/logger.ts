import { pino, type Logger } from 'pino';

/** Logs go to stderr; stdout carries results only. */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'password',
          '*.password',
          'token',
          '*.token',
          'refresh_token',
          '*.refresh_token',
          'access_token',
          '*.access_token',
          'authorization',
          '*.authorization',
          'req.headers.authorization',
          'req.headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination(2),
  );
}
