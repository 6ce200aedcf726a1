import { FetchBudget } from '../app/fetch-budget.js';
import { existsSync } from 'node:fs';
import type { Logger } from 'pino';
import { lazyBrowser } from '../adapters/browser/chromium.js';
import { loadPopularDomains } from '../adapters/data/load.js';
import { AnalyzePool } from '../adapters/workers/analyze-pool.js';
import { defaultWorkers } from '../app/scan-files.js';
import { AuthService } from '../app/auth.js';
import { GmailService } from '../app/gmail/service.js';
import { inProcessJobs } from '../app/jobs.js';
import { PgFetchBudget, PgLoginLimiter } from '../store/postgres-limiter.js';
import { createEngine } from '../app/engine.js';
import type { Store } from '../app/ports.js';
import { loadKey } from '../app/secrets.js';
import { WEB_DIST_DIR } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { AppDeps } from './env.js';

/** Composes the daemon's dependencies from config; the caller owns `store` and closes `dispose`. */
export function buildDeps(
  config: Config,
  store: Store,
  logger: Logger,
  env: NodeJS.ProcessEnv = {},
): AppDeps & { dispose(): Promise<void> } {
  const popular = loadPopularDomains();
  const browser = lazyBrowser(config.chromium, (message) =>
    logger.warn({ err: message }, 'Chromium failed to start; continuing without a browser'),
  );
  const engine = createEngine({ popular });
  const secretsKey = loadKey(config.dataDir, 'secrets', env);
  const poolSize = config.analysisWorkers ?? Math.min(2, defaultWorkers());
  let pool: AnalyzePool | null = null;
  // Several daemons on one PostgreSQL count sign-in attempts together; one daemon in memory.
  const limiter = config.databaseUrl ? new PgLoginLimiter(config.databaseUrl) : undefined;
  const fetchBudget = config.databaseUrl ? new PgFetchBudget(config.databaseUrl) : null;
  const gmail = new GmailService(config.google, store, engine, secretsKey);
  const analysisPool = () => {
    if (poolSize === 0) return null;
    pool ??= new AnalyzePool(poolSize);
    return pool;
  };
  const deps: AppDeps & { dispose(): Promise<void> } = {
    // Replaced by the queue's when the store is PostgreSQL (serve); reads the browser from deps
    // at each use, so a caller that replaces deps.browser (the tests: no browser) is followed.
    jobs: inProcessJobs({
      store,
      engine,
      secretsKey,
      gmail,
      logger,
      analysisPool,
      popular,
      browser: () => deps.browser(),
    }),
    fetchBudget: fetchBudget ?? new FetchBudget(),
    config,
    store,
    logger,
    popular,
    engine,
    auth: new AuthService(
      store,
      {
        secret: loadKey(config.dataDir, 'jwt', env).toString('base64'),
        accessTtlSeconds: config.accessTokenTtlSeconds,
        refreshTtlDays: config.refreshTokenTtlDays,
      },
      limiter,
    ),
    browser: browser.get,
    gmail,
    secretsKey,
    analysisPool,
    webDir: existsSync(WEB_DIST_DIR) ? WEB_DIST_DIR : null,
    async dispose() {
      const b = await browser.started();
      await b?.close();
      await pool?.close();
      await limiter?.close();
      await fetchBudget?.close();
    },
  };
  return deps;
}
