import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import PgBoss from 'pg-boss';
import { importFiles, type ImportResult } from '../../app/import-files.js';
import type { RedirectAnalysis } from '../../core/url/types.js';
import {
  runLinkJob,
  runScanBatch,
  type JobContext,
  type Jobs,
  type LinkJob,
  type ScanJob,
} from '../../app/jobs.js';
import { ERROR_CODES, PhishguardError, type ErrorCode } from '../../errors.js';
import { rescoreStale } from '../../app/rescore.js';

/** Queue names (pg-boss tables in the `pgboss` schema of the same database). */
const SCAN = 'scan-mailbox';
const RESCORE = 'rescore';
const LINK = 'analyze-link';
const UPLOAD = 'import-upload';
/** Uploads travel to the workers in chunks of this size. */
const CHUNK = 1024 * 1024;
/** How long an upload request waits for a worker to import it. */
const UPLOAD_WAIT_MS = 30 * 60_000;

/** An upload to import: its chunks in the database, and the scan row that reports on it. */
interface UploadJob {
  uploadId: number;
  userId: number;
  scanId: number;
  names: string[];
}
/** A link analysis someone is waiting for: lost to a dead worker, it is retried this soon. */
const LINK_LEASE_SECONDS = 120;
/** How long the asking request waits for a worker (analysis timeouts are 30 s at most). */
const LINK_WAIT_MS = 150_000;

/**
 * What a link job answers: the analysis as JSON text (a page's text may hold an escaped NUL,
 * which pg-boss's jsonb output column refuses as a value but keeps inside a string), or the
 * error the daemon should answer with.
 */
type LinkOutput = { result: string } | { error: { code: string; message: string } };

export interface QueueSettings {
  /**
   * How long a worker holds a job before it counts as lost (the worker died) and is retried
   * elsewhere. A scan job is one batch (SCAN_BATCH messages), well inside this.
   */
  leaseSeconds: number;
  /** How often expired leases are looked for (pg-boss maintenance). */
  maintenanceSeconds: number;
  retryLimit: number;
  /** First retry after this many seconds, then doubling (pg-boss backoff). */
  retryDelaySeconds: number;
  pollingSeconds: number;
}

export const DEFAULT_QUEUE: QueueSettings = {
  leaseSeconds: 900,
  maintenanceSeconds: 30,
  retryLimit: 4,
  retryDelaySeconds: 15,
  pollingSeconds: 2,
};

/** Queue settings from PHISHGUARD_JOB_* variables (deployments and tests tune the lease). */
export function queueSettings(env: NodeJS.ProcessEnv): QueueSettings {
  const n = (name: string, fallback: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const x = Number(v);
    if (!Number.isFinite(x) || x < 1) throw new Error(`${name} must be a number of seconds ≥ 1`);
    return x;
  };
  return {
    leaseSeconds: n('PHISHGUARD_JOB_LEASE_SECONDS', DEFAULT_QUEUE.leaseSeconds),
    maintenanceSeconds: n('PHISHGUARD_JOB_MAINTENANCE_SECONDS', DEFAULT_QUEUE.maintenanceSeconds),
    retryLimit: n('PHISHGUARD_JOB_RETRIES', DEFAULT_QUEUE.retryLimit),
    retryDelaySeconds: n('PHISHGUARD_JOB_RETRY_DELAY_SECONDS', DEFAULT_QUEUE.retryDelaySeconds),
    pollingSeconds: n('PHISHGUARD_JOB_POLL_SECONDS', DEFAULT_QUEUE.pollingSeconds),
  };
}

/** Connects pg-boss to the store's database (creating its schema once) and declares the queues. */
export async function startBoss(url: string, s: QueueSettings): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: url,
    schema: 'pgboss',
    application_name: 'phishguard-jobs',
    max: 4,
    maintenanceIntervalSeconds: s.maintenanceSeconds,
    monitorStateIntervalSeconds: Math.max(s.maintenanceSeconds, 10),
  });
  // Connection trouble is reported per operation; an idle error must not end the process.
  boss.on('error', () => undefined);
  await boss.start();
  const common = {
    retryLimit: s.retryLimit,
    retryDelay: s.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: s.leaseSeconds,
  };
  // stately: per mailbox at most one job waiting and one running.
  await boss.createQueue(SCAN, { name: SCAN, policy: 'stately', ...common });
  await boss.createQueue(RESCORE, { name: RESCORE, policy: 'singleton', ...common });
  await boss.createQueue(UPLOAD, { name: UPLOAD, policy: 'standard', ...common });
  await boss.createQueue(LINK, {
    name: LINK,
    policy: 'standard',
    retryLimit: 1,
    retryDelay: 1,
    expireInSeconds: LINK_LEASE_SECONDS,
  });
  return boss;
}

/** The daemon's side: jobs are queued in PostgreSQL for any worker to run. */
export function queueJobs(boss: PgBoss, ctx: Pick<JobContext, 'store' | 'logger'>): Jobs {
  return {
    mode: 'queue',
    async scanMailbox(m) {
      const claimed = await ctx.store.scans.claim(m.id);
      if (!claimed.started) return { scanId: claimed.id, alreadyRunning: true };
      await send(boss, { mailboxId: m.id, scanId: claimed.id });
      return { scanId: claimed.id, alreadyRunning: false };
    },
    async rescoreStale() {
      await boss.send(RESCORE, {}, { singletonKey: 'all' });
    },
    async importUpload(userId, files) {
      const db = boss.getDb();
      const mailbox = await ctx.store.mailboxes.ensure({ userId, kind: 'local', address: 'local files' });
      // First the scan row (one import at a time per mailbox: a second is a clear 409), then the files.
      const scanId = await ctx.store.scans.start(mailbox.id, null);
      const inserted = await db.executeSql('INSERT INTO uploads (user_id) VALUES ($1) RETURNING id', [
        userId,
      ]);
      const uploadId = Number((inserted.rows[0] as { id: string }).id);
      try {
        // Streamed into the database a chunk at a time: memory stays flat whatever the size.
        for (const [file, f] of files.entries()) {
          let seq = 0;
          for await (const chunk of createReadStream(f.path, { highWaterMark: CHUNK }))
            await db.executeSql(
              'INSERT INTO upload_chunks (upload_id, file, seq, data) VALUES ($1, $2, $3, $4)',
              [uploadId, file, seq++, chunk],
            );
        }
      } catch (err) {
        await db.executeSql('DELETE FROM uploads WHERE id = $1', [uploadId]);
        await ctx.store.scans.finish(scanId, 'failed', (err as Error).message);
        throw err;
      }
      await boss.send(UPLOAD, {
        uploadId,
        userId,
        scanId,
        names: files.map((f) => f.name),
      } satisfies UploadJob);
      const until = Date.now() + UPLOAD_WAIT_MS;
      for (let wait = 50; Date.now() < until; wait = Math.min(wait * 2, 500)) {
        await new Promise((r) => setTimeout(r, wait));
        const scan = await ctx.store.scans.get(scanId);
        if (scan?.status === 'done')
          return {
            mailboxId: mailbox.id,
            processed: scan.processed,
            added: scan.added,
            duplicates: scan.processed - scan.added,
          } satisfies ImportResult;
        if (scan && scan.status !== 'running')
          throw new PhishguardError('INPUT_UNREADABLE', scan.error ?? 'the upload could not be imported');
      }
      throw new PhishguardError(
        'UNAVAILABLE',
        `the upload is queued (scan ${scanId}) but no worker finished it in time: is a phishguard worker running?`,
      );
    },
    async analyzeLink(job) {
      const id = await boss.send(LINK, job);
      if (!id) throw new PhishguardError('UNAVAILABLE', 'the link analysis could not be queued');
      const until = Date.now() + LINK_WAIT_MS;
      for (let wait = 20; Date.now() < until; wait = Math.min(wait * 2, 250)) {
        await new Promise((r) => setTimeout(r, wait));
        const j = await boss.getJobById<LinkJob>(LINK, id);
        if (j?.state === 'completed') {
          const out = j.output as LinkOutput;
          if ('result' in out) return JSON.parse(out.result) as RedirectAnalysis;
          const code = (out.error.code in ERROR_CODES ? out.error.code : 'INTERNAL') as ErrorCode;
          throw new PhishguardError(code, out.error.message);
        }
        if (j?.state === 'failed' || j?.state === 'cancelled')
          throw new PhishguardError('UNAVAILABLE', 'the link analysis failed on the worker; try again');
      }
      throw new PhishguardError(
        'UNAVAILABLE',
        'no worker answered in time: is a phishguard worker running? (link analyses run on the workers)',
      );
    },
    async close() {
      await boss.stop({ graceful: false, wait: true, close: true });
    },
  };
}

const send = (boss: PgBoss, job: ScanJob) =>
  boss.send(SCAN, job, { singletonKey: `mailbox:${job.mailboxId}` });

/**
 * The worker's side: takes scan and rescore jobs, `concurrency` at a time. A batch that leaves
 * more to read queues its continuation; a job that fails is retried with backoff, and after the
 * last retry its scan is marked failed.
 */
export async function runWorker(
  boss: PgBoss,
  ctx: JobContext,
  opts: { concurrency: number; pollingSeconds: number; tmpDir: string },
): Promise<void> {
  const work = { batchSize: 1, pollingIntervalSeconds: opts.pollingSeconds, includeMetadata: true } as const;
  /**
   * pg-boss waits out its polling interval after each job, even with more queued (one 50-message
   * job a second per loop: 100 messages/s with 2 loops, measured). A loop that just finished a job
   * asks for the next at once; an idle one polls.
   */
  const loop = async <T>(
    name: string,
    options: typeof work,
    handler: (job: PgBoss.JobWithMetadata<T>) => Promise<unknown>,
  ): Promise<void> => {
    let id = '';
    id = await boss.work<T>(name, options, async ([job]) => {
      if (!job) return;
      try {
        return await handler(job);
      } finally {
        boss.notifyWorker(id);
      }
    });
  };
  for (let i = 0; i < opts.concurrency; i++)
    await loop<ScanJob>(SCAN, work, async (job) => {
      let data = job.data;
      // A retry whose scan was marked failed by the attempt before reports to a new scan row.
      const row = await ctx.store.scans.get(data.scanId);
      if (row?.status !== 'running') {
        const claimed = await ctx.store.scans.claim(data.mailboxId);
        data = { ...data, scanId: claimed.id };
      }
      try {
        const next = await runScanBatch(ctx, data);
        if (next) await send(boss, next);
      } catch (err) {
        if (job.retryCount >= job.retryLimit)
          await ctx.store.scans.finish(data.scanId, 'failed', (err as Error).message);
        throw err;
      }
    });
  for (let i = 0; i < opts.concurrency; i++)
    await loop<LinkJob>(
      LINK,
      { ...work, pollingIntervalSeconds: Math.min(opts.pollingSeconds, 1) },
      async (job) => {
        try {
          const r = await runLinkJob(ctx, job.data);
          return { result: JSON.stringify(r) } satisfies LinkOutput;
        } catch (err) {
          // A refused or unreachable URL is the answer, not a reason to try again.
          if (err instanceof PhishguardError)
            return { error: { code: err.code, message: err.message } } satisfies LinkOutput;
          throw err;
        }
      },
    );
  for (let i = 0; i < opts.concurrency; i++)
    await loop<UploadJob>(UPLOAD, work, async (job) => {
      const { uploadId, userId, scanId, names } = job.data;
      const db = boss.getDb();
      const dir = mkdtempSync(join(opts.tmpDir, 'upload-'));
      try {
        // Rebuilt under the names it was sent with (the extension says mbox, mbox.gz or eml).
        const paths: string[] = [];
        for (const [file, name] of names.entries()) {
          const path = join(dir, `${file}-${name.replace(/[^\w.-]/g, '_').slice(-100)}`);
          const out = createWriteStream(path);
          for (let seq = 0; ; seq++) {
            const r = await db.executeSql(
              'SELECT data FROM upload_chunks WHERE upload_id = $1 AND file = $2 AND seq = $3',
              [uploadId, file, seq],
            );
            const data = (r.rows[0] as { data: Buffer } | undefined)?.data;
            if (!data) break;
            if (!out.write(data)) await once(out, 'drain');
          }
          out.end();
          await once(out, 'close');
          paths.push(path);
        }
        await importFiles(ctx.store, ctx.engine, userId, paths, {
          scanId,
          pool: ctx.analysisPool?.() ?? null,
        });
        await db.executeSql('DELETE FROM uploads WHERE id = $1', [uploadId]);
      } catch (err) {
        // importFiles marked the scan failed: an unreadable upload is the answer, not a retry.
        await db.executeSql('DELETE FROM uploads WHERE id = $1', [uploadId]);
        ctx.logger.warn({ upload: uploadId, err: (err as Error).message }, 'upload import failed');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  // Uploads a daemon died copying are removed after a day.
  await boss.getDb().executeSql("DELETE FROM uploads WHERE created_at < now() - interval '1 day'", []);
  await boss.work(RESCORE, work, async () => {
    const n = await rescoreStale(ctx.store, ctx.engine);
    if (n > 0) ctx.logger.info({ rescored: n, engine: ctx.engine.version }, 'stored mail rescored');
  });
}
