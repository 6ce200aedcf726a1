import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BrowserEngine } from '../adapters/browser/chromium.js';
import type { AnalyzePool } from '../adapters/workers/analyze-pool.js';
import type { PopularDomains } from '../core/index.js';
import type { RedirectAnalysis } from '../core/url/types.js';
import { PhishguardError } from '../errors.js';
import { analyzeUrl, type AnalyzeUrlOptions } from './analyze-url.js';
import type { Engine } from './engine.js';
import type { GmailService } from './gmail/service.js';
import { importFiles, type ImportResult } from './import-files.js';
import { trustedAuthServIds } from './mailbox-trust.js';
import type { MailboxRecord, Store } from './ports.js';
import { rescoreStale } from './rescore.js';
import { scanImapMailbox } from './scan-mailbox.js';
import { StoreUrlCache } from './store-url-cache.js';

/** A mailbox scan as a queued job carries it: the scan row it reports to, and where to go on. */
export interface ScanJob {
  mailboxId: number;
  scanId: number;
  /** Gmail: the next page of the listing. */
  pageToken?: string | null;
}

/** What running jobs needs: the same parts the daemon has. */
export interface JobContext {
  store: Store;
  engine: Engine;
  secretsKey: Buffer;
  gmail: GmailService | null;
  logger: Logger;
  analysisPool?: () => AnalyzePool | null;
  popular: PopularDomains;
  /** The headless browser, started on first use (null: none installed). */
  browser: () => Promise<BrowserEngine | null>;
}

/** A link to follow for a user: the daemon's options, and whether to use the browser. */
export interface LinkJob {
  userId: number;
  url: string;
  options: Partial<AnalyzeUrlOptions>;
  comprehensive: boolean;
}

/** Follows a link for a user: results cached per user, screenshots stored under the analysis. */
export async function runLinkJob(
  ctx: Pick<JobContext, 'store' | 'popular' | 'browser'>,
  job: LinkJob,
): Promise<RedirectAnalysis> {
  return analyzeUrl(job.url, job.options, {
    popular: ctx.popular,
    cache: new StoreUrlCache(ctx.store, job.userId),
    browser: job.comprehensive ? await ctx.browser() : null,
    saveScreenshot: async (id: string, png: Buffer) => {
      const shotId = `${id}-${randomUUID().slice(0, 8)}`;
      await ctx.store.screenshots.put(shotId, job.userId, png);
      return shotId;
    },
  });
}

/**
 * Messages per job: a scan of a big mailbox is a chain of jobs, each short enough for its lease
 * (a killed worker's batch is redone by another after the lease, not the whole mailbox).
 */
export const SCAN_BATCH = 500;
/** Gmail messages listed per page of a background scan, and read at most per scan. */
const GMAIL_PAGE = 100;
export const GMAIL_SCAN_MAX = 2_000;

/**
 * Runs one batch of a mailbox scan into the store. Returns the job that continues it, or null
 * when the scan is over (its row is then finished). Safe to run twice: every message is keyed
 * by its provider id, so a batch redone after a crash stores nothing twice.
 */
export async function runScanBatch(
  ctx: JobContext,
  job: ScanJob,
  batch = SCAN_BATCH,
): Promise<ScanJob | null> {
  const { store } = ctx;
  const m = await store.mailboxes.byId(job.mailboxId);
  if (!m) {
    await store.scans.finish(job.scanId, 'failed', 'the mailbox was removed');
    return null;
  }
  try {
    switch (m.kind) {
      case 'imap': {
        const r = await scanImapMailbox(store, ctx.engine, m, ctx.secretsKey, undefined, {
          scanId: job.scanId,
          maxMessages: batch,
        });
        return r.more ? job : null;
      }
      case 'local': {
        const paths = localPaths(m);
        await importFiles(store, ctx.engine, m.user_id, paths, {
          mailboxName: m.address,
          scanId: job.scanId,
          pool: ctx.analysisPool?.() ?? null,
          trustedAuthServIds: trustedAuthServIds(m),
        });
        return null;
      }
      case 'gmail': {
        if (!ctx.gmail) throw new PhishguardError('UNAVAILABLE', 'Gmail is not configured on this worker');
        const before = await store.scans.get(job.scanId);
        const r = await ctx.gmail.analyze(m, { max: GMAIL_PAGE, pageToken: job.pageToken ?? undefined });
        const processed = (before?.processed ?? 0) + r.emails.length;
        await store.scans.progress(job.scanId, processed, processed);
        if (r.next_page_token && processed < GMAIL_SCAN_MAX) return { ...job, pageToken: r.next_page_token };
        await store.scans.finish(job.scanId, 'done');
        return null;
      }
    }
  } catch (err) {
    ctx.logger.warn({ mailbox: m.id, scan: job.scanId, err: (err as Error).message }, 'scan batch failed');
    throw err;
  }
}

/** The files a local mailbox is scanned from (set by `phishguard mailbox add local PATH…`). */
function localPaths(m: MailboxRecord): string[] {
  const paths = m.config.paths;
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string'))
    throw new PhishguardError(
      'USAGE',
      `local mailbox ${m.id} has no source paths to scan (phishguard mailbox add local PATH…)`,
    );
  return paths as string[];
}

/** How the daemon starts background work: in its own process (SQLite), or through a queue. */
export interface Jobs {
  readonly mode: 'in-process' | 'queue';
  /** Starts a scan of the mailbox, or reports the one already running (one per mailbox). */
  scanMailbox(m: MailboxRecord): Promise<{ scanId: number; alreadyRunning: boolean }>;
  /** Stored mail analysed by another engine version is analysed again, in the background. */
  rescoreStale(): Promise<void>;
  /**
   * Imports uploaded files into the user's local mailbox and answers with the counts (here, or
   * by a worker while the request waits: the files travel through the database).
   */
  importUpload(userId: number, files: readonly { name: string; path: string }[]): Promise<ImportResult>;
  /** Follows a link and answers with the analysis (here, or by a worker while the request waits). */
  analyzeLink(job: LinkJob): Promise<RedirectAnalysis>;
  close(): Promise<void>;
}

/** Jobs run by the daemon itself, as the embedded (SQLite) setup always has. */
export function inProcessJobs(ctx: JobContext): Jobs {
  return {
    mode: 'in-process',
    async scanMailbox(m) {
      const claimed = await ctx.store.scans.claim(m.id);
      if (!claimed.started) return { scanId: claimed.id, alreadyRunning: true };
      void (async () => {
        let job: ScanJob | null = { mailboxId: m.id, scanId: claimed.id };
        while (job) job = await runScanBatch(ctx, job, Number.MAX_SAFE_INTEGER);
      })().catch((err: Error) => ctx.logger.warn({ mailbox: m.id, err: err.message }, 'mailbox scan failed'));
      return { scanId: claimed.id, alreadyRunning: false };
    },
    async rescoreStale() {
      void rescoreStale(ctx.store, ctx.engine)
        .then(
          (n) =>
            n > 0 && ctx.logger.info({ rescored: n, engine: ctx.engine.version }, 'stored mail rescored'),
        )
        .catch((err: Error) => ctx.logger.warn({ err: err.message }, 'rescoring stored mail failed'));
    },
    analyzeLink: (job) => runLinkJob(ctx, job),
    importUpload: (userId, files) =>
      importFiles(
        ctx.store,
        ctx.engine,
        userId,
        files.map((f) => f.path),
        // The daemon's analysis threads, shared by every upload: memory does not grow with them.
        { pool: ctx.analysisPool?.() ?? null },
      ),
    // A scan cut off by shutdown is resumed at the next start (recoverInterrupted).
    close: async () => undefined,
  };
}
