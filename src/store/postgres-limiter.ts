import pg from 'pg';
import { FetchBudget, type LinkFetchBudget } from '../app/fetch-budget.js';
import type { AttemptLimiter } from '../app/login-limiter.js';
import { PhishguardError } from '../errors.js';
import { tx } from './postgres.js';

/**
 * LoginLimiter's budgets kept in PostgreSQL (table login_attempts), so that any number of
 * daemons behind a load balancer count the same attempts: per account, per (account, address),
 * per address, each attempt counted before the password is checked. The keys of one attempt
 * are locked (advisory, in a fixed order) while they are counted and taken, so concurrent
 * guesses cannot all slip under a budget.
 */
export class PgLoginLimiter implements AttemptLimiter {
  readonly #pool: pg.Pool;

  constructor(
    url: string,
    private readonly perAccount = 5,
    private readonly perAddress = 20,
    private readonly windowMs = 15 * 60_000,
  ) {
    this.#pool = new pg.Pool({ connectionString: url, max: 3, application_name: 'phishguard-limits' });
    this.#pool.on('error', () => undefined);
  }

  async reserve(account: string, address: string): Promise<{ succeeded(): Promise<void> } | null> {
    const a = account.toLowerCase();
    // JSON: whatever was typed (a NUL among it) becomes text PostgreSQL accepts.
    const keys: [string, number][] = [
      [`u:${JSON.stringify(a)}`, this.perAccount],
      [`ua:${JSON.stringify([a, address])}`, this.perAccount],
      [`a:${JSON.stringify(address)}`, this.perAddress],
    ];
    const window = `${Math.round(this.windowMs / 1000)} seconds`;
    // Only an advisory lock is taken when the budget is spent: nothing to undo.
    const ids = await tx(this.#pool, async (c) => {
      for (const [k] of [...keys].sort(([x], [y]) => (x < y ? -1 : 1)))
        await c.query("SELECT pg_advisory_xact_lock(hashtext('phishguard:login:' || $1))", [k]);
      const counts = await c.query<{ key: string; n: string }>(
        `SELECT key, count(*) AS n FROM login_attempts WHERE key = ANY($1::text[]) AND at > now() - $2::interval GROUP BY key`,
        [keys.map(([k]) => k), window],
      );
      const n = new Map(counts.rows.map((r) => [r.key, Number(r.n)]));
      if (keys.some(([k, max]) => (n.get(k) ?? 0) >= max)) return null;
      const inserted = await c.query<{ id: string }>(
        'INSERT INTO login_attempts (key) SELECT unnest($1::text[]) RETURNING id',
        [keys.map(([k]) => k)],
      );
      return inserted.rows.map((r) => Number(r.id));
    });
    if (!ids) return null;
    // Now and then, attempts older than the window are dropped.
    if (Math.random() < 0.02)
      void this.#pool
        .query('DELETE FROM login_attempts WHERE at < now() - $1::interval', [window])
        .catch(() => undefined);
    return {
      succeeded: async () => {
        // The account's own budgets start again; the address keeps its failures, less this attempt.
        await this.#pool.query('DELETE FROM login_attempts WHERE key = ANY($1::text[]) OR id = $2', [
          keys.slice(0, 2).map(([k]) => k),
          ids[2],
        ]);
      },
    };
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}

/**
 * FetchBudget's per-user limits kept in PostgreSQL (table link_fetches): a minute's starts and how
 * many run at once, whichever daemon is asked. How many this daemon runs in all stays its own
 * (it protects this machine).
 */
export class PgFetchBudget implements LinkFetchBudget {
  readonly #pool: pg.Pool;
  readonly #local: FetchBudget;

  constructor(
    url: string,
    private readonly perUserPerMinute = 30,
    private readonly perUserConcurrent = 2,
    globalConcurrent = 6,
  ) {
    this.#pool = new pg.Pool({ connectionString: url, max: 3, application_name: 'phishguard-limits' });
    this.#pool.on('error', () => undefined);
    this.#local = new FetchBudget(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, globalConcurrent);
  }

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const id = await tx(this.#pool, async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtext('phishguard:fetch:' || $1))", [String(userId)]);
      // A fetch still "running" after 5 minutes belongs to a daemon that died: not counted.
      const r = await c.query<{ minute: string; running: string }>(
        `SELECT count(*) FILTER (WHERE started_at > now() - interval '1 minute') AS minute,
                count(*) FILTER (WHERE finished_at IS NULL AND started_at > now() - interval '5 minutes') AS running
           FROM link_fetches WHERE user_id = $1 AND started_at > now() - interval '5 minutes'`,
        [userId],
      );
      const { minute, running } = r.rows[0] ?? { minute: '0', running: '0' };
      if (Number(minute) >= this.perUserPerMinute)
        throw new PhishguardError(
          'RATE_LIMITED',
          `Link-analysis budget spent: at most ${this.perUserPerMinute} a minute per user. Try again shortly.`,
        );
      if (Number(running) >= this.perUserConcurrent)
        throw new PhishguardError(
          'RATE_LIMITED',
          `At most ${this.perUserConcurrent} link analyses at a time per user: wait for one to finish.`,
        );
      const inserted = await c.query<{ id: string }>(
        'INSERT INTO link_fetches (user_id) VALUES ($1) RETURNING id',
        [userId],
      );
      return Number(inserted.rows[0]?.id);
    });
    if (Math.random() < 0.02)
      void this.#pool
        .query("DELETE FROM link_fetches WHERE started_at < now() - interval '1 hour'")
        .catch(() => undefined);
    try {
      return await this.#local.run(userId, work);
    } finally {
      await this.#pool
        .query('UPDATE link_fetches SET finished_at = now() WHERE id = $1', [id])
        .catch(() => undefined);
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
