import { serve } from '@hono/node-server';
import type { Command } from 'commander';
import type { Logger } from 'pino';
import type { Duplex } from 'node:stream';
import { queueJobs, queueSettings, startBoss } from '../../adapters/queue/pg-boss.js';
import { sweepUploads } from '../../adapters/uploads/multipart.js';
import { ensureFirstAdmin } from '../../app/accounts.js';
import type { Store } from '../../app/ports.js';
import { scanImapMailbox } from '../../app/scan-mailbox.js';
import { buildDeps } from '../../server/build-deps.js';
import { redactUrl } from '../../store/postgres.js';
import { createApp } from '../../server/create-app.js';
import type { CliContext } from '../context.js';
import { PhishguardError } from '../../errors.js';
import { createLogger, logFormat } from '../logger.js';
import { openStore } from '../store-context.js';

interface Options {
  host?: string;
  port?: string;
  dataDir?: string;
  config?: string;
  allowPrivateNetwork?: boolean;
  logFormat?: string;
}

export function registerServe(program: Command, ctx: () => CliContext): void {
  program
    .command('serve')
    .description('Run the local daemon: REST API and the web dashboard (binds 127.0.0.1 by default)')
    .option('--host <host>', 'address to bind (PHISHGUARD_HOST; default 127.0.0.1)')
    .option('--port <port>', 'port (PHISHGUARD_PORT; default 8787)')
    .option('--data-dir <dir>', 'data directory (PHISHGUARD_DATA_DIR; default ~/.local/share/phishguard)')
    .option(
      '--database-url <url>',
      'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
    )
    .option('--config <file>', 'JSON config file (default <data-dir>/config.json)')
    .option('--allow-private-network', 'let link analysis reach loopback/private addresses (labs only)')
    .option(
      '--log-format <format>',
      'pretty (one line per event) or json (PHISHGUARD_LOG_FORMAT; default pretty on a terminal, else json)',
    )
    .action(async (opts: Options) => runServe(ctx(), opts));
}

async function runServe(ctx: CliContext, opts: Options): Promise<void> {
  const { config, store } = await openStore(ctx, opts, {
    host: opts.host,
    port: opts.port,
    allowPrivateNetwork: opts.allowPrivateNetwork || undefined,
  });
  const format = logFormat(opts.logFormat, ctx.env, ctx.stderr.isTTY === true);
  const logger = createLogger(ctx.debug ? 'debug' : config.logLevel, format);
  const admin = await ensureFirstAdmin(store);
  const deps = buildDeps(config, store, logger, ctx.env);
  if (config.databaseUrl) {
    // Several daemons and workers share the database: jobs go through its queue, and the
    // running scans are the workers' (a restart here interrupts nothing).
    deps.jobs = queueJobs(await startBoss(config.databaseUrl, queueSettings(ctx.env)), deps);
    for (const name of ['JWT', 'SECRETS'])
      if (!ctx.env[`PHISHGUARD_${name}_KEY`] && !ctx.env[`PHISHGUARD_${name}_KEY_FILE`])
        logger.warn(
          `PHISHGUARD_${name}_KEY(_FILE) is not set: this daemon uses its own key in ${config.dataDir}, so sessions or stored mailbox secrets will not work across daemons and workers (see docs/deployment.md)`,
        );
  } else await resumeInterruptedScans(store, deps, logger);
  const swept = sweepUploads(config.dataDir);
  if (swept > 0) logger.info({ swept }, 'removed uploads left by an earlier run');
  // Mail analysed by earlier rules or another model is analysed again, in the background.
  await deps.jobs.rescoreStale();
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port });
  // Requests Node refuses before the app sees them still get the API's {detail, code} shape.
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable) return socket.destroy();
    const [status, detail, code] =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers too large', 'HEADERS_TOO_LARGE']
        : [400, 'Malformed HTTP request', 'BAD_REQUEST'];
    const body = JSON.stringify({ detail, code });
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (err: NodeJS.ErrnoException) => {
      deps.dispose().catch(() => undefined);
      reject(listenError(err, config.host, config.port));
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const where = config.databaseUrl ? redactUrl(config.databaseUrl) : config.dataDir;
  ctx.stderr.write(`PhishGuard listening on ${url} (data: ${where})\n`);
  if (admin) {
    // Printed once, never logged or stored in clear; set apart from the log lines around it.
    const rule = '='.repeat(72);
    ctx.stderr.write(
      `\n${rule}\nFirst run: created the administrator account.\n\n  username: ${admin.username}\n  password: ${admin.password}\n\nSign in at ${url}/login: you will be asked to choose your own password\nbefore anything else (or set it now: phishguard user passwd admin).\n${rule}\n\n`,
    );
  }
  await new Promise<void>((resolve) => {
    const stop = () => {
      server.close(() => resolve());
      setTimeout(resolve, 3000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await deps.jobs.close();
  await deps.dispose();
  // Aggregated audit counts still open are written before the database closes.
  await deps.auth.anonymousAudit.flush();
  await store.close();
}

/**
 * Scans a previous process left running are resumed in the background: each IMAP mailbox
 * continues from the last UID it stored, so nothing is fetched twice or skipped.
 */
async function resumeInterruptedScans(
  store: Store,
  deps: ReturnType<typeof buildDeps>,
  logger: Logger,
): Promise<void> {
  for (const scan of await store.scans.recoverInterrupted()) {
    const mailbox = await store.mailboxes.byId(scan.mailbox_id);
    if (mailbox?.kind !== 'imap') continue;
    logger.warn({ scan: scan.id, mailbox: mailbox.id }, 'resuming a scan interrupted by a restart');
    scanImapMailbox(store, deps.engine, mailbox, deps.secretsKey).catch((err: Error) =>
      logger.warn({ mailbox: mailbox.id, err: err.message }, 'resumed scan failed'),
    );
  }
}

/** A port already taken or not ours to bind: one line saying what to do, exit status 7. */
export function listenError(err: NodeJS.ErrnoException, host: string, port: number): Error {
  if (err.code === 'EADDRINUSE')
    return new PhishguardError(
      'UNAVAILABLE',
      `${host}:${port} is already in use (another phishguard serve?): pick another port with --port N or PHISHGUARD_PORT (--port 0 takes any free one)`,
    );
  if (err.code === 'EACCES')
    return new PhishguardError(
      'UNAVAILABLE',
      `not allowed to listen on ${host}:${port}: ports below 1024 need privileges; use --port 8787 or another above 1023`,
    );
  if (err.code === 'EADDRNOTAVAIL')
    return new PhishguardError('UNAVAILABLE', `${host} is not an address of this machine: check --host`);
  return err;
}
