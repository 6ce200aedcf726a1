import type { Jobs } from '../app/jobs.js';
import type { Forwarded } from './validate.js';
import type { LinkFetchBudget } from '../app/fetch-budget.js';
import type { Logger } from 'pino';
import type { BrowserEngine } from '../adapters/browser/chromium.js';
import type { AnalyzePool } from '../adapters/workers/analyze-pool.js';
import type { AuthService } from '../app/auth.js';
import type { Engine } from '../app/engine.js';
import type { Store, UserRecord } from '../app/ports.js';
import type { Config } from '../config/schema.js';
import type { PopularDomains } from '../core/index.js';
import type { GmailService } from '../app/gmail/service.js';

/** Everything the HTTP layer uses, passed in: no module-level singletons. */
export interface AppDeps {
  config: Config;
  store: Store;
  engine: Engine;
  auth: AuthService;
  popular: PopularDomains;
  logger: Logger;
  /** Lazily started headless browser, or null when none is installed. */
  browser: () => Promise<BrowserEngine | null>;
  gmail: GmailService | null;
  /** Encrypts stored mailbox secrets (PHISHGUARD_SECRETS_KEY, else <dataDir>/secrets.key). */
  secretsKey: Buffer;
  /** Where the built web dashboard lives, if it was built. */
  webDir: string | null;
  /** The daemon's analysis threads, started on first use and shared from then on; null for none. */
  analysisPool: () => AnalyzePool | null;
  /** Per-user and global limits on server-side fetching (link analyses, screenshots). */
  fetchBudget: LinkFetchBudget;
  /** Background work: run in this process (SQLite) or queued for workers (PostgreSQL). */
  jobs: Jobs;
}

export interface AppEnv {
  Variables: { user: UserRecord; requestId: string; forwarded: Forwarded };
}
