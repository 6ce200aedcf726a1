import { tmpdir } from 'node:os';
import type { Command } from 'commander';
import { lazyBrowser } from '../../adapters/browser/chromium.js';
import { loadPopularDomains } from '../../adapters/data/load.js';
import { queueSettings, runWorker, startBoss } from '../../adapters/queue/pg-boss.js';
import { AnalyzePool } from '../../adapters/workers/analyze-pool.js';
import { createEngine } from '../../app/engine.js';
import { GmailService } from '../../app/gmail/service.js';
import { loadKey } from '../../app/secrets.js';
import { PhishguardError } from '../../errors.js';
import { redactUrl } from '../../store/postgres.js';
import type { CliContext } from '../context.js';
import { createLogger, logFormat } from '../logger.js';
import { openStore, type StoreFlags } from '../store-context.js';

interface Options extends StoreFlags {
  concurrency?: string;
  analysisWorkers?: string;
  logFormat?: string;
}

export function registerWorker(program: Command, ctx: () => CliContext): void {
  program
    .command('worker')
    .description(
      'Run background jobs (mailbox scans, rescoring) from the PostgreSQL queue; any number may run beside any number of daemons',
    )
    .option('--data-dir <dir>', 'data directory (keys when PHISHGUARD_*_KEY are not set)')
    .option(
      '--database-url <url>',
      'the PostgreSQL store (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
    )
    .option('--config <file>', 'JSON config file')
    .option('--concurrency <n>', 'jobs run at once (default 2)')
    .option('--analysis-workers <n>', 'analysis threads for file scans (default: one per core, at most 2)')
    .option('--log-format <format>', 'pretty or json (default pretty on a terminal, else json)')
    .action(async (opts: Options) => runWorkerCommand(ctx(), opts));
}

async function runWorkerCommand(c: CliContext, opts: Options): Promise<void> {
  const concurrency = Number(opts.concurrency ?? 2);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    throw new PhishguardError('USAGE', '--concurrency must be a whole number from 1 to 64');
  const { config, store } = await openStore(c, opts, {
    analysisWorkers: opts.analysisWorkers,
  });
  try {
    if (!config.databaseUrl)
      throw new PhishguardError(
        'USAGE',
        'phishguard worker runs jobs from a PostgreSQL store: set PHISHGUARD_DATABASE_URL (or --database-url). With SQLite, phishguard serve runs its own jobs.',
      );
    const logger = createLogger(
      c.debug ? 'debug' : config.logLevel,
      logFormat(opts.logFormat, c.env, c.stderr.isTTY === true),
    );
    const popular = loadPopularDomains();
    const engine = createEngine({ popular });
    const browser = lazyBrowser(config.chromium, (message) =>
      logger.warn({ err: message }, 'Chromium failed to start; link analyses run without a browser'),
    );
    const secretsKey = loadKey(config.dataDir, 'secrets', c.env);
    const gmail = new GmailService(config.google, store, engine, secretsKey);
    const settings = queueSettings(c.env);
    const size = config.analysisWorkers ?? 2;
    const held: { pool: AnalyzePool | null } = { pool: null };
    const boss = await startBoss(config.databaseUrl, settings);
    await runWorker(
      boss,
      {
        store,
        engine,
        secretsKey,
        gmail: gmail.configured ? gmail : null,
        logger,
        analysisPool: () => (size === 0 ? null : (held.pool ??= new AnalyzePool(size))),
        popular,
        browser: browser.get,
      },
      { concurrency, pollingSeconds: settings.pollingSeconds, tmpDir: tmpdir() },
    );
    c.stderr.write(
      `PhishGuard worker running ${concurrency} job(s) at a time from ${redactUrl(config.databaseUrl)} (Ctrl-C stops after the jobs in hand)\n`,
    );
    await new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    // Graceful: jobs in hand finish (or, past the timeout, are retried by another worker).
    await boss.stop({ graceful: true, wait: true, timeout: 30_000, close: true });
    await held.pool?.close();
    await (await browser.started())?.close();
  } finally {
    await store.close();
  }
}
