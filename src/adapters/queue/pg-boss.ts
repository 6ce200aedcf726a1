import PgBoss from 'pg-boss';
import { runScanBatch, type JobContext, type Jobs, type ScanJob } from '../../app/jobs.js';
import { rescoreStale } from '../../app/rescore.js';

/** Queue names (pg-boss tables in the `pgboss` schema of the same database). */
const SCAN = 'scan-mailbox';
const RESCORE = 'rescore';

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
  opts: { concurrency: number; pollingSeconds: number },
): Promise<void> {
  const work = { batchSize: 1, pollingIntervalSeconds: opts.pollingSeconds, includeMetadata: true } as const;
  for (let i = 0; i < opts.concurrency; i++)
    await boss.work<ScanJob>(SCAN, work, async ([job]) => {
      if (!job) return;
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
  await boss.work(RESCORE, work, async () => {
    const n = await rescoreStale(ctx.store, ctx.engine);
    if (n > 0) ctx.logger.info({ rescored: n, engine: ctx.engine.version }, 'stored mail rescored');
  });
}
