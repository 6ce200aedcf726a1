import { createRequire } from 'node:module';
import { pino, type DestinationStream, type Logger } from 'pino';

// Loaded only when a person reads the logs at a terminal (it costs start-up time otherwise).
const require = createRequire(import.meta.url);

export type LogFormat = 'json' | 'pretty';

/**
 * Logs go to stderr; stdout carries results only. `pretty` is one readable line per event
 * (`12:03:04 INFO request GET /api/emails 200 3ms`), for a person at a terminal; `json` is one
 * object per line, for journald, files and pipes.
 */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  const destination: DestinationStream =
    format === 'pretty'
      ? (require('pino-pretty') as typeof import('pino-pretty')).PinoPretty({
          destination: 2,
          colorize: process.stderr.isTTY === true,
          translateTime: 'SYS:HH:MM:ss',
          // A request is `GET /api/emails 200 3 ms`; other events keep their fields after the message.
          ignore: 'pid,hostname,req_id,method,path,status,ms',
          messageFormat: (log, messageKey) =>
            log[messageKey] === 'request'
              ? `${String(log.method)} ${String(log.path)} ${String(log.status)} ${String(log.ms)} ms`
              : String(log[messageKey] ?? ''),
          singleLine: true,
          sync: true,
        })
      : pino.destination(2);
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
    destination,
  );
}

/** `--log-format`, else PHISHGUARD_LOG_FORMAT, else readable on a terminal and JSON otherwise. */
export function logFormat(flag: string | undefined, env: NodeJS.ProcessEnv, tty: boolean): LogFormat {
  const chosen = flag ?? env.PHISHGUARD_LOG_FORMAT;
  if (chosen === 'json' || chosen === 'pretty') return chosen;
  return tty ? 'pretty' : 'json';
}
