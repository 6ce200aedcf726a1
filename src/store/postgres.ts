import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import type {
  AuditRepo,
  AuditRow,
  EmailRow,
  EmailsRepo,
  EmailStatus,
  EmailSummaryRow,
  MailboxesRepo,
  MailboxRecord,
  RefreshTokenRecord,
  ScanRecord,
  ScansRepo,
  ScreenshotsRepo,
  SenderRow,
  SendersRepo,
  Store,
  StoredAnalysis,
  TokensRepo,
  UrlAnalysesRepo,
  UrlAnalysisBrief,
  UserRecord,
  UsersRepo,
} from '../app/ports.js';
import { toPhishingAnalysis, type EmailAnalysis, type RiskLevel } from '../core/index.js';
import type { SenderHistory, SenderStats } from '../core/index.js';
import { PhishguardError } from '../errors.js';
import { nowIso } from './db.js';
import { KnownSenders } from './known-senders.js';
import { PG_MIGRATIONS } from './postgres-migrations.js';
import {
  auditWhere,
  emailInsertValues,
  likeOf,
  listWhere,
  SELECT,
  SELECT_LIST,
  SELECT_SUMMARY,
  SORT,
  toMailbox,
  type MailboxRow,
} from './sql.js';

type Queryable = pg.Pool | pg.PoolClient;

/** A from: term matching more distinct senders than this is searched through the trigram index. */
const MAX_SENDERS = 2000;

/** BIGINT ids and counts as numbers (ids stay far below 2^53). */
const INT8 = 20;
export const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `?` placeholders (as the SQLite store writes them) numbered for PostgreSQL. */
const sql = (text: string) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** Opens a pool on `url`, applies pending migrations (one daemon at a time) and returns the store. */
export async function openPostgresStore(
  url: string,
  opts: { max?: number; applicationName?: string } = {},
): Promise<Store> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    types,
    application_name: opts.applicationName ?? 'phishguard',
  });
  // An idle client's error (the server restarted) would otherwise crash the process.
  pool.on('error', () => undefined);
  try {
    await migrate(pool);
  } catch (err) {
    await pool.end();
    const e = err as Error & { code?: string };
    throw new PhishguardError(
      'UNAVAILABLE',
      `cannot open the PostgreSQL store at ${redactUrl(url)}: ${e.message}`,
    );
  }
  return postgresStore(pool, url);
}

/** The URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

async function migrate(pool: pg.Pool): Promise<void> {
  await tx(pool, async (c) => {
    // Daemons starting together: one migrates, the others wait here and then find nothing to do.
    await c.query("SELECT pg_advisory_xact_lock(hashtext('phishguard:migrate'))");
    await c.query('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)');
    const r = await c.query<{ version: number }>('SELECT version FROM schema_version');
    const current = r.rows[0]?.version ?? 0;
    if (current > PG_MIGRATIONS.length)
      throw new Error(
        `the database is at schema version ${current}, newer than this PhishGuard knows (${PG_MIGRATIONS.length}): upgrade PhishGuard`,
      );
    for (let v = current; v < PG_MIGRATIONS.length; v++) await c.query(PG_MIGRATIONS[v] as string);
    if (r.rowCount === 0) await c.query('INSERT INTO schema_version VALUES ($1)', [PG_MIGRATIONS.length]);
    else await c.query('UPDATE schema_version SET version = $1', [PG_MIGRATIONS.length]);
  });
}

/** Runs `fn` in one transaction on one pooled connection. */
export async function tx<T>(pool: pg.Pool, fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    c.release();
  }
}

/**
 * PostgreSQL text cannot hold NUL, which malformed mail does carry (SQLite keeps it): it is
 * dropped from every text value rather than failing the message.
 */
export const clean = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.includes('\u0000')
      ? v.replaceAll('\u0000', '')
      : v
    : Array.isArray(v)
      ? v.map(clean)
      : v;

async function one<T extends pg.QueryResultRow>(
  q: Queryable,
  text: string,
  args: unknown[] = [],
): Promise<T | null> {
  return (await q.query<T>(sql(text), args.map(clean))).rows[0] ?? null;
}

async function all<T extends pg.QueryResultRow>(
  q: Queryable,
  text: string,
  args: unknown[] = [],
): Promise<T[]> {
  return (await q.query<T>(sql(text), args.map(clean))).rows;
}

async function run(q: Queryable, text: string, args: unknown[] = []): Promise<number> {
  return (await q.query(sql(text), args.map(clean))).rowCount ?? 0;
}

function postgresStore(pool: pg.Pool, url: string): Store {
  const knownSenders = new KnownSenders(() => {
    throw new Error('loaded asynchronously');
  });
  const loadKnown = (userId: number) =>
    all<{ name: string | null; domain: string }>(
      pool,
      `SELECT DISTINCT sender_name AS name, auth_domain AS domain FROM emails
       WHERE user_id = ? AND auth_domain IS NOT NULL LIMIT 20000`,
      [userId],
    );
  return {
    users: pgUsers(pool),
    tokens: pgTokens(pool),
    mailboxes: pgMailboxes(pool),
    emails: pgEmails(pool, knownSenders),
    urlAnalyses: pgUrlAnalyses(pool),
    screenshots: pgScreenshots(pool),
    audit: pgAudit(pool),
    scans: pgScans(pool),
    senders: pgSenders(pool, knownSenders, loadKnown),
    async health() {
      try {
        const r = await one<{ n: number }>(pool, 'SELECT count(*) AS n FROM users');
        return { ok: true, detail: `postgresql ${redactUrl(url)}, ${r?.n ?? 0} user(s)` };
      } catch (err) {
        return { ok: false, detail: (err as Error).message };
      }
    },
    close: () => pool.end(),
  };
}

function pgUsers(pool: pg.Pool): UsersRepo {
  const byId = (id: number) => one<UserRecord>(pool, 'SELECT * FROM users WHERE id = ?', [id]);
  return {
    async create(u) {
      const now = nowIso();
      return (await one<UserRecord>(
        pool,
        `INSERT INTO users (username, email, password_hash, is_admin, must_change_password, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
        [u.username, u.email ?? null, u.passwordHash, u.isAdmin, !!u.mustChangePassword, now, now],
      )) as UserRecord;
    },
    byId,
    bySession: (id, familyId) =>
      one<UserRecord>(
        pool,
        `SELECT * FROM users WHERE id = ? AND EXISTS (SELECT 1 FROM refresh_tokens
           WHERE family_id = ? AND revoked_at IS NULL AND user_id = users.id)`,
        [id, familyId],
      ),
    byUsername: (username) =>
      one<UserRecord>(pool, 'SELECT * FROM users WHERE lower(username) = lower(?)', [username]),
    byEmail: (email) => one<UserRecord>(pool, 'SELECT * FROM users WHERE lower(email) = lower(?)', [email]),
    list: () => all<UserRecord>(pool, 'SELECT * FROM users ORDER BY id'),
    count: async () => (await one<{ n: number }>(pool, 'SELECT count(*) AS n FROM users'))?.n ?? 0,
    async setPassword(id, hash, mustChange) {
      await run(
        pool,
        'UPDATE users SET password_hash = ?, must_change_password = ?, updated_at = ? WHERE id = ?',
        [hash, mustChange, nowIso(), id],
      );
    },
    async setDisabled(id, disabled) {
      await run(pool, 'UPDATE users SET disabled = ?, updated_at = ? WHERE id = ?', [disabled, nowIso(), id]);
    },
    async setEmail(id, email) {
      await run(pool, 'UPDATE users SET email = ?, updated_at = ? WHERE id = ?', [email, nowIso(), id]);
    },
    remove: async (id) => (await run(pool, 'DELETE FROM users WHERE id = ?', [id])) > 0,
  };
}

function pgTokens(pool: pg.Pool): TokensRepo {
  const create = async (
    q: Queryable,
    t: { userId: number; familyId: string; tokenHash: string; expiresAt: string },
  ) =>
    (
      (await one<{ id: number }>(
        q,
        'INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
        [t.userId, t.familyId, t.tokenHash, t.expiresAt, nowIso()],
      )) as { id: number }
    ).id;
  return {
    create: (t) => create(pool, t),
    byHash: (hash) =>
      one<RefreshTokenRecord>(pool, 'SELECT * FROM refresh_tokens WHERE token_hash = ?', [hash]),
    rotate: (oldId, next) =>
      tx(pool, async (c) => {
        const id = await create(c, next);
        await run(c, 'UPDATE refresh_tokens SET revoked_at = ?, replaced_by = ? WHERE id = ?', [
          nowIso(),
          id,
          oldId,
        ]);
        return id;
      }),
    async revokeFamily(familyId) {
      await run(pool, 'UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE family_id = ?', [
        nowIso(),
        familyId,
      ]);
    },
    async revokeAllForUser(userId) {
      await run(pool, 'UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE user_id = ?', [
        nowIso(),
        userId,
      ]);
    },
  };
}

function pgMailboxes(pool: pg.Pool): MailboxesRepo {
  const find = async (userId: number, kind: string, address: string) =>
    toMailbox(
      await one<MailboxRow>(pool, 'SELECT * FROM mailboxes WHERE user_id = ? AND kind = ? AND address = ?', [
        userId,
        kind,
        address,
      ]),
    );
  return {
    async ensure(m) {
      await run(
        pool,
        'INSERT INTO mailboxes (user_id, kind, address, config_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, kind, address) DO NOTHING',
        [m.userId, m.kind, m.address, JSON.stringify(m.config ?? {}), nowIso()],
      );
      return (await find(m.userId, m.kind, m.address)) as MailboxRecord;
    },
    byId: async (id) => toMailbox(await one<MailboxRow>(pool, 'SELECT * FROM mailboxes WHERE id = ?', [id])),
    find,
    listForUser: async (userId) =>
      (await all<MailboxRow>(pool, 'SELECT * FROM mailboxes WHERE user_id = ? ORDER BY id', [userId])).map(
        (r) => toMailbox(r) as MailboxRecord,
      ),
    listAll: async () =>
      (await all<MailboxRow>(pool, 'SELECT * FROM mailboxes ORDER BY id')).map(
        (r) => toMailbox(r) as MailboxRecord,
      ),
    async setState(id, state) {
      await run(pool, 'UPDATE mailboxes SET state_json = ? WHERE id = ?', [JSON.stringify(state), id]);
    },
    async setSecret(id, secret) {
      await run(pool, 'UPDATE mailboxes SET secret_enc = ? WHERE id = ?', [secret, id]);
    },
    async setConfig(id, config) {
      await run(pool, 'UPDATE mailboxes SET config_json = ? WHERE id = ?', [JSON.stringify(config), id]);
    },
    async touchScan(id) {
      await run(pool, 'UPDATE mailboxes SET last_scan_at = ? WHERE id = ?', [nowIso(), id]);
    },
    remove: async (id) => (await run(pool, 'DELETE FROM mailboxes WHERE id = ?', [id])) > 0,
  };
}

interface EmailDbRow {
  id: number;
  mailbox_id: number;
  message_id: string | null;
  subject: string;
  sender: string;
  received_at: string | null;
  snippet: string;
  size: number;
  status: EmailStatus;
  status_reason: string | null;
  risk_score: number | null;
  risk_level: RiskLevel | null;
  summary: string | null;
  indicators_json: string | null;
  provider_id?: string;
  created_at?: string;
  engine_version?: string;
  is_phishing?: boolean;
  confidence?: number;
  result_json?: string | null;
}

function toSummary(r: EmailDbRow): EmailSummaryRow {
  return {
    id: r.id,
    mailbox_id: r.mailbox_id,
    message_id: r.message_id,
    subject: r.subject,
    sender: r.sender,
    received_at: r.received_at,
    snippet: r.snippet,
    size: r.size,
    status: r.status,
    status_reason: r.status_reason,
    analysis:
      r.risk_level === null
        ? null
        : {
            risk_score: r.risk_score as number,
            risk_level: r.risk_level,
            summary: r.summary as string,
            indicators: JSON.parse(r.indicators_json as string) as string[],
          },
  };
}

function toRow(r: EmailDbRow): EmailRow {
  const summary = toSummary(r);
  const analysis: StoredAnalysis | null = summary.analysis && {
    ...summary.analysis,
    engine_version: r.engine_version as string,
    is_phishing: r.is_phishing === true,
    confidence: r.confidence as number,
    result: r.result_json ? (JSON.parse(r.result_json) as EmailAnalysis) : null,
  };
  return { ...summary, provider_id: r.provider_id as string, created_at: r.created_at as string, analysis };
}

/** An analysis row's values after email_id, in the column order both inserts name. */
const analysisValues = (a: EmailAnalysis) => [
  a.engine_version,
  a.risk_score,
  a.risk_level,
  a.is_phishing,
  a.confidence,
  a.summary,
  JSON.stringify(a),
  JSON.stringify(toPhishingAnalysis(a).indicators),
  nowIso(),
];

function pgEmails(pool: pg.Pool, knownSenders: KnownSenders): EmailsRepo {
  const putAnalysis = async (q: Queryable, emailId: number, a: EmailAnalysis) => {
    await run(
      q,
      `INSERT INTO analyses (email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary, result_json, indicators_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email_id, engine_version) DO UPDATE SET risk_score = excluded.risk_score, risk_level = excluded.risk_level,
         is_phishing = excluded.is_phishing, confidence = excluded.confidence, summary = excluded.summary,
         result_json = excluded.result_json, indicators_json = excluded.indicators_json, created_at = excluded.created_at`,
      [emailId, ...analysisValues(a)],
    );
    const name = a.sender.display_name?.trim().toLowerCase() || null;
    const owner = await one<{ user_id: number | null }>(
      q,
      `UPDATE emails SET analysis_id = (SELECT id FROM analyses WHERE email_id = ? AND engine_version = ?),
         sender_address = ?, sender_name = ?, auth_domain = ?, risk_score = ?, risk_level = ? WHERE id = ? RETURNING user_id`,
      [
        emailId,
        a.engine_version,
        a.sender.address?.toLowerCase() ?? null,
        name,
        a.sender.authenticated_domain ?? null,
        a.risk_score,
        a.risk_level,
        emailId,
      ],
    );
    if (owner?.user_id != null) knownSenders.add(owner.user_id, name, a.sender.authenticated_domain ?? null);
  };
  const owned = (id: number, userId: number) =>
    one<EmailDbRow>(pool, `${SELECT} WHERE e.id = ? AND e.user_id = ?`, [id, userId]);
  const userTotal = async (userId: number) =>
    (await one<{ n: number }>(pool, 'SELECT n FROM email_counts WHERE user_id = ?', [userId]))?.n ?? 0;
  // Counts under a search filter mean reading all of the user's mail (0.9 s at 1,000,000): kept
  // while the user's version (email_counts.version, bumped by the triggers on every change to
  // their mail, by any process) stays the same.
  const counts = new Map<string, { version: number; n: number }>();
  const cachedCount = async (userId: number, clause: string, args: unknown[]) => {
    const version =
      (await one<{ version: number }>(pool, 'SELECT version FROM email_counts WHERE user_id = ?', [userId]))
        ?.version ?? 0;
    const key = `${clause}\u0000${JSON.stringify(args)}`;
    const hit = counts.get(key);
    if (hit && hit.version === version) return hit.n;
    const n =
      (await one<{ n: number }>(pool, `SELECT count(*) AS n FROM emails e WHERE ${clause}`, args))?.n ?? 0;
    if (counts.size >= 256) counts.delete(counts.keys().next().value as string);
    counts.set(key, { version, n });
    return n;
  };

  return {
    async insertAnalysed(e, a) {
      // One statement (one round trip): the email, its analysis and its links, each pointing at
      // the other through ids drawn first; the foreign keys are checked when the statement ends.
      // Several workers may store the same message at once: the unique key decides, and the
      // loser reads the winner's id.
      const name = a.sender.display_name?.trim().toLowerCase() || null;
      const links = [...new Set(e.links.slice(0, 200))];
      const inserted = await one<{ id: number; user_id: number | null }>(
        pool,
        `WITH ids AS (
           SELECT nextval(pg_get_serial_sequence('emails', 'id')) AS eid,
                  nextval(pg_get_serial_sequence('analyses', 'id')) AS aid
         ), e AS (
           INSERT INTO emails (id, mailbox_id, user_id, provider_id, message_id, subject, sender, received_at, snippet,
             size, raw, created_at, analysis_id, sender_address, sender_name, auth_domain, risk_score, risk_level)
           SELECT ids.eid, ?, (SELECT user_id FROM mailboxes WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?, ids.aid, ?, ?, ?, ?, ? FROM ids
           ON CONFLICT (mailbox_id, provider_id) DO NOTHING
           RETURNING id, user_id, analysis_id
         ), a AS (
           INSERT INTO analyses (id, email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary,
             result_json, indicators_json, created_at)
           SELECT e.analysis_id, e.id, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM e
         ), l AS (
           INSERT INTO links (email_id, url) SELECT e.id, u FROM e, unnest(?::text[]) AS u ON CONFLICT DO NOTHING
         )
         SELECT id, user_id FROM e`,
        [
          ...emailInsertValues(e),
          a.sender.address?.toLowerCase() ?? null,
          name,
          a.sender.authenticated_domain ?? null,
          a.risk_score,
          a.risk_level,
          ...analysisValues(a),
          links,
        ],
      );
      if (!inserted) {
        const existing = await one<{ id: number }>(
          pool,
          'SELECT id FROM emails WHERE mailbox_id = ? AND provider_id = ?',
          [e.mailboxId, e.providerId],
        );
        return { id: (existing as { id: number }).id, inserted: false };
      }
      if (inserted.user_id != null)
        knownSenders.add(inserted.user_id, name, a.sender.authenticated_domain ?? null);
      return { id: inserted.id, inserted: true };
    },
    has: async (mailboxId, providerId) =>
      !!(await one(pool, 'SELECT 1 FROM emails WHERE mailbox_id = ? AND provider_id = ?', [
        mailboxId,
        providerId,
      ])),
    async byProvider(mailboxId, providerId) {
      const r = await one<EmailDbRow>(pool, `${SELECT_LIST} WHERE e.mailbox_id = ? AND e.provider_id = ?`, [
        mailboxId,
        providerId,
      ]);
      return r ? toRow(r) : null;
    },
    async get(id, userId) {
      const r = await owned(id, userId);
      return r ? toRow(r) : null;
    },
    stale: (engineVersion, limit) =>
      all<{ id: number; user_id: number; mailbox_id: number }>(
        pool,
        `SELECT e.id, e.user_id, e.mailbox_id FROM emails e LEFT JOIN analyses a ON a.id = e.analysis_id
         WHERE e.raw IS NOT NULL AND (a.engine_version IS NULL OR a.engine_version != ?) ORDER BY e.id LIMIT ?`,
        [engineVersion, limit],
      ),
    async rawById(id) {
      const r = await one<{ raw: Buffer | null }>(pool, 'SELECT raw FROM emails WHERE id = ?', [id]);
      return r?.raw ? gunzipSync(r.raw) : null;
    },
    async raw(id, userId) {
      const r = await one<{ raw: Buffer | null }>(
        pool,
        'SELECT raw FROM emails WHERE id = ? AND user_id = ?',
        [id, userId],
      );
      return r?.raw ? gunzipSync(r.raw) : null;
    },
    async list(userId, f) {
      // ILIKE: SQLite's LIKE ignores ASCII case, and so does the search box on both stores.
      // A from: term picks the user's matching senders first (there are far fewer senders than
      // messages), then their mail by the sender's hash (migration 7). Past MAX_SENDERS matching
      // senders, the term goes to the trigram index like any other.
      const senders = new Map<string, string[]>();
      for (const t of f.terms ?? []) {
        if (t.field !== 'from' || senders.has(t.text)) continue;
        const keys = (
          await all<{ k: string }>(
            pool,
            'SELECT sender_key::text AS k FROM email_senders WHERE user_id = ? AND sender ILIKE ? LIMIT ?',
            [userId, likeOf(t.text), MAX_SENDERS + 1],
          )
        ).map((r) => r.k);
        if (keys.length <= MAX_SENDERS) senders.set(t.text, keys);
      }
      const { where, args } = listWhere(
        userId,
        f,
        (c) => `${c} ILIKE ?`,
        (t) => {
          const keys = t.field === 'from' ? senders.get(t.text) : undefined;
          return keys && { sql: 'e.sender_key = ANY(?::bigint[])', args: [keys] };
        },
      );
      const clause = where.join(' AND ');
      const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC';
      // NULLS as SQLite orders them (first ascending, last descending), so pages match.
      const nulls = dir === 'ASC' ? 'NULLS FIRST' : 'NULLS LAST';
      const order = `${SORT[f.sortBy] ?? 'e.received_at'} ${dir} ${nulls}, e.id ${dir}`;
      // Totals from the counters the triggers keep (migration 3), unless a filter needs counting.
      const facetsOnly = !f.terms?.length && !f.mailboxId && !f.since && !f.until;
      const facets = [...(f.riskLevel ? [f.riskLevel] : []), ...(f.status ? [f.status] : [])];
      const [total, items] = await Promise.all([
        where.length === 1
          ? userTotal(userId)
          : facetsOnly
            ? one<{ n: string }>(
                pool,
                `SELECT coalesce(sum(n), 0) AS n FROM email_facet_counts WHERE user_id = ?${f.riskLevel ? ' AND level = ?' : ''}${f.status ? ' AND status = ?' : ''}`,
                [userId, ...facets],
              ).then((r) => Number(r?.n ?? 0))
            : cachedCount(userId, clause, args),
        all<EmailDbRow>(
          pool,
          `${SELECT_SUMMARY} WHERE e.id IN (SELECT e.id FROM emails e WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?) ORDER BY ${order}`,
          [...args, f.size, (f.page - 1) * f.size],
        ),
      ]);
      return { items: items.map(toSummary), total };
    },
    async listForMailbox(mailboxId, limit, offset) {
      const [count, rows] = await Promise.all([
        one<{ n: number }>(pool, 'SELECT count(*) AS n FROM emails WHERE mailbox_id = ?', [mailboxId]),
        all<EmailDbRow>(
          pool,
          `${SELECT_LIST} WHERE e.mailbox_id = ? ORDER BY e.received_at DESC NULLS LAST, e.id DESC LIMIT ? OFFSET ?`,
          [mailboxId, limit, offset],
        ),
      ]);
      return { items: rows.map(toRow), total: count?.n ?? 0 };
    },
    remove: async (id, userId) =>
      (await run(pool, 'DELETE FROM emails WHERE id = ? AND user_id = ?', [id, userId])) > 0,
    setStatus: (ids, userId, status, reason) =>
      run(
        pool,
        'UPDATE emails SET status = ?, status_reason = ? WHERE id = ANY(?::bigint[]) AND user_id = ?',
        [status, reason, [...new Set(ids)], userId],
      ),
    putAnalysis: (emailId, a) => putAnalysis(pool, emailId, a),
    async links(id, userId) {
      if (!(await one(pool, 'SELECT 1 FROM emails WHERE id = ? AND user_id = ?', [id, userId]))) return null;
      return all<{ id: number; url: string }>(
        pool,
        'SELECT id, url FROM links WHERE email_id = ? ORDER BY id',
        [id],
      );
    },
    link: (linkId, userId) =>
      one<{ id: number; email_id: number; url: string }>(
        pool,
        'SELECT l.id, l.email_id, l.url FROM links l JOIN emails e ON e.id = l.email_id WHERE l.id = ? AND e.user_id = ?',
        [linkId, userId],
      ),
    async countsByLevel(userId) {
      const rows = await all<{ level: string; n: string }>(
        pool,
        `SELECT level, sum(n) AS n FROM email_facet_counts WHERE user_id = ? GROUP BY 1`,
        [userId],
      );
      const out: Record<string, number> = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 };
      for (const r of rows) if (Number(r.n) > 0 || r.level !== '') out[r.level || 'UNANALYSED'] = Number(r.n);
      return out;
    },
    timeline: (userId, since) =>
      all<{ day: string; level: string; n: number }>(
        pool,
        `SELECT substr(received_at, 1, 10) AS day, coalesce(risk_level, 'UNANALYSED') AS level, count(*) AS n
         FROM emails WHERE user_id = ? AND received_at >= ? GROUP BY 1, 2 ORDER BY 1`,
        [userId, since],
      ),
    countForUser: userTotal,
    async search(userId, query, limit) {
      const like = likeOf(query);
      return (
        await all<EmailDbRow>(
          pool,
          `${SELECT} WHERE e.user_id = ? AND (e.subject ILIKE ? OR e.sender ILIKE ? OR a.result_json ILIKE ?) ORDER BY e.received_at DESC NULLS LAST LIMIT ?`,
          [userId, like, like, like, limit],
        )
      ).map(toRow);
    },
  };
}

function pgUrlAnalyses(pool: pg.Pool): UrlAnalysesRepo {
  return {
    fresh: (key, userId) =>
      one<{ result_json: string }>(
        pool,
        'SELECT result_json FROM url_analyses WHERE cache_key = ? AND user_id IS NOT DISTINCT FROM ? AND expires_at > ? ORDER BY id DESC LIMIT 1',
        [key, userId, nowIso()],
      ),
    async put(r) {
      await run(
        pool,
        `INSERT INTO url_analyses (analysis_id, cache_key, user_id, url, verdict, threat_score, result_json, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (analysis_id) DO UPDATE SET cache_key = excluded.cache_key, user_id = excluded.user_id, url = excluded.url,
           verdict = excluded.verdict, threat_score = excluded.threat_score, result_json = excluded.result_json,
           created_at = excluded.created_at, expires_at = excluded.expires_at`,
        [
          r.analysisId,
          r.cacheKey,
          r.userId,
          r.url,
          r.verdict,
          r.threatScore,
          r.resultJson,
          nowIso(),
          r.expiresAt,
        ],
      );
    },
    get: (analysisId, userId) =>
      one<{ result_json: string }>(
        pool,
        'SELECT result_json FROM url_analyses WHERE analysis_id = ? AND user_id = ?',
        [analysisId, userId],
      ),
    search: (userId, query, limit) =>
      all(
        pool,
        'SELECT analysis_id, url, verdict, threat_score, created_at FROM url_analyses WHERE user_id = ? AND (url ILIKE ? OR result_json ILIKE ?) ORDER BY id DESC LIMIT ?',
        [userId, likeOf(query), likeOf(query), limit],
      ),
    async latestFor(userId, urls) {
      const out = new Map<string, UrlAnalysisBrief>();
      const wanted = [...new Set(urls)];
      if (wanted.length === 0) return out;
      // Newest first; the mode and screenshot are read here, not by a jsonb cast (a page's text
      // may hold an escaped NUL, which jsonb refuses).
      const rows = await all<Omit<UrlAnalysisBrief, 'screenshot_id'> & { url: string; result_json: string }>(
        pool,
        `SELECT url, analysis_id, verdict, threat_score, created_at, result_json
           FROM url_analyses WHERE user_id = ? AND url = ANY(?::text[]) ORDER BY id DESC LIMIT 2000`,
        [userId, wanted],
      );
      const full = new Set<string>();
      for (const { url, result_json, ...r } of rows) {
        const meta = (
          JSON.parse(result_json) as { analysis_metadata?: { mode?: string; screenshot_id?: string } }
        ).analysis_metadata;
        const comprehensive = meta?.mode === 'comprehensive';
        if (out.has(url) && (full.has(url) || !comprehensive)) continue;
        out.set(url, { ...r, screenshot_id: meta?.screenshot_id ?? null });
        if (comprehensive) full.add(url);
      }
      return out;
    },
  };
}

function pgScreenshots(pool: pg.Pool): ScreenshotsRepo {
  return {
    async put(id, userId, png) {
      await run(
        pool,
        `INSERT INTO screenshots (id, user_id, png, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, png = excluded.png, created_at = excluded.created_at`,
        [id, userId, png, nowIso()],
      );
    },
    get: async (id, userId) =>
      (
        await one<{ png: Buffer }>(pool, 'SELECT png FROM screenshots WHERE id = ? AND user_id = ?', [
          id,
          userId,
        ])
      )?.png ?? null,
  };
}

function pgAudit(pool: pg.Pool): AuditRepo {
  return {
    async add(e) {
      await run(
        pool,
        'INSERT INTO audit_log (at, user_id, username, action, target, address, outcome, detail_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [
          nowIso(),
          e.userId,
          e.username,
          e.action,
          e.target ?? null,
          e.address ?? null,
          e.outcome ?? 'success',
          JSON.stringify(e.detail ?? {}),
        ],
      );
    },
    async list(f) {
      const { clause, args } = auditWhere(f);
      const [count, rows] = await Promise.all([
        one<{ n: number }>(pool, `SELECT count(*) AS n FROM audit_log ${clause}`, args),
        all<Omit<AuditRow, 'detail'> & { detail_json: string }>(
          pool,
          `SELECT * FROM audit_log ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
          [...args, f.size, (f.page - 1) * f.size],
        ),
      ]);
      return {
        items: rows.map(({ detail_json, ...r }) => ({
          ...r,
          detail: JSON.parse(detail_json) as Record<string, unknown>,
        })),
        total: count?.n ?? 0,
      };
    },
  };
}

function pgScans(pool: pg.Pool): ScansRepo {
  return {
    async start(mailboxId, total) {
      try {
        return (
          (await one<{ id: number }>(
            pool,
            "INSERT INTO scans (mailbox_id, status, total, started_at) VALUES (?, 'running', ?, ?) RETURNING id",
            [mailboxId, total, nowIso()],
          )) as { id: number }
        ).id;
      } catch (err) {
        if ((err as { code?: string }).code === '23505')
          throw new PhishguardError('CONFLICT', 'A scan of this mailbox is already running');
        throw err;
      }
    },
    async claim(mailboxId) {
      for (;;) {
        const started = await one<{ id: number }>(
          pool,
          `INSERT INTO scans (mailbox_id, status, total, started_at) VALUES (?, 'running', NULL, ?)
           ON CONFLICT (mailbox_id) WHERE status = 'running' DO NOTHING RETURNING id`,
          [mailboxId, nowIso()],
        );
        if (started) return { id: started.id, started: true };
        const running = await one<{ id: number }>(
          pool,
          "SELECT id FROM scans WHERE mailbox_id = ? AND status = 'running'",
          [mailboxId],
        );
        // Between the two statements the running scan may have ended: try again.
        if (running) return { id: running.id, started: false };
      }
    },
    async progress(id, processed, added, total) {
      await run(pool, 'UPDATE scans SET processed = ?, added = ?, total = coalesce(?, total) WHERE id = ?', [
        processed,
        added,
        total ?? null,
        id,
      ]);
    },
    async finish(id, status, error) {
      await run(pool, 'UPDATE scans SET status = ?, error = ?, finished_at = ? WHERE id = ?', [
        status,
        error ?? null,
        nowIso(),
        id,
      ]);
    },
    get: (id) => one<ScanRecord>(pool, 'SELECT * FROM scans WHERE id = ?', [id]),
    latest: (mailboxId) =>
      one<ScanRecord>(pool, 'SELECT * FROM scans WHERE mailbox_id = ? ORDER BY id DESC LIMIT 1', [mailboxId]),
    recoverInterrupted: () =>
      all<ScanRecord>(
        pool,
        "UPDATE scans SET status = 'interrupted', finished_at = ? WHERE status = 'running' RETURNING *",
        [nowIso()],
      ),
  };
}

const MAX_COUNTED = 100;
const MARKS = ['safe', 'phishing', 'false_positive'];

function pgSenders(
  pool: pg.Pool,
  knownSenders: KnownSenders,
  loadKnown: (userId: number) => Promise<{ name: string | null; domain: string }[]>,
): SendersRepo {
  // One statement per identity: recent activity from the (user, identity, received_at) index,
  // marks over all its mail from the (user, identity, status) index.
  const statsSql = (column: string) => {
    const of = `FROM emails WHERE user_id = $1 AND ${column} = $2 AND id != $3`;
    return `SELECT
       (SELECT count(*) FROM (SELECT 1 ${of} LIMIT ${MAX_COUNTED}) x) AS messages,
       (SELECT count(DISTINCT substr(received_at, 1, 10)) FROM (SELECT received_at ${of}
          AND received_at IS NOT NULL ORDER BY received_at DESC LIMIT 30) y) AS days,
       (SELECT min(received_at) ${of} AND received_at IS NOT NULL) AS "firstSeen",
       (SELECT max(received_at) ${of}) AS "lastSeen",
       (SELECT count(*) ${of} AND status = 'safe') AS "markedSafe",
       (SELECT count(*) ${of} AND status = 'phishing') AS "markedPhishing",
       (SELECT count(*) ${of} AND status = 'false_positive') AS "markedFalsePositive"`;
  };
  const stats = async (
    column: 'sender_address' | 'auth_domain',
    userId: number,
    identity: string,
    excludeId: number,
  ): Promise<SenderStats | null> => {
    const [r] = (await pool.query<SenderStats>(statsSql(column), [userId, identity, excludeId])).rows;
    return r && r.messages > 0 ? r : null;
  };
  return {
    async history(userId, sender, excludeId = -1) {
      const known = knownSenders.cached(userId) ?? knownSenders.fill(userId, await loadKnown(userId));
      const [address, domain] = await Promise.all([
        sender.address ? stats('sender_address', userId, sender.address.toLowerCase(), excludeId) : null,
        sender.authenticatedDomain
          ? stats('auth_domain', userId, sender.authenticatedDomain, excludeId)
          : null,
      ]);
      const history: SenderHistory = {
        address,
        domain,
        knownNames: known.names,
        knownDomains: known.domains,
      };
      return history;
    },
    list: (userId) =>
      all<SenderRow>(
        pool,
        `SELECT sender_address AS address, max(auth_domain) AS authenticated_domain, count(*) AS messages,
           count(DISTINCT substr(coalesce(received_at, created_at), 1, 10)) AS days,
           min(coalesce(received_at, created_at)) AS "firstSeen", max(coalesce(received_at, created_at)) AS "lastSeen",
           count(*) FILTER (WHERE status = 'safe') AS "markedSafe",
           count(*) FILTER (WHERE status = 'phishing') AS "markedPhishing",
           count(*) FILTER (WHERE status = 'false_positive') AS "markedFalsePositive"
         FROM emails WHERE user_id = ? AND sender_address IS NOT NULL
         GROUP BY sender_address ORDER BY messages DESC, sender_address LIMIT 1000`,
        [userId],
      ),
    async related(userId, emailIds) {
      if (emailIds.length === 0) return [];
      return (
        await all<{ id: number }>(
          pool,
          `SELECT DISTINCT e.id FROM emails e JOIN emails m ON m.user_id = e.user_id
           AND (e.sender_address = m.sender_address OR e.auth_domain = m.auth_domain)
           WHERE m.user_id = ? AND m.id = ANY(?::bigint[])`,
          [userId, [...emailIds]],
        )
      ).map((r) => r.id);
    },
    async forget(userId, identity) {
      const who = identity.toLowerCase();
      return (
        await all<{ id: number }>(
          pool,
          `UPDATE emails SET status = 'reviewed', status_reason = 'sender forgotten'
           WHERE user_id = ? AND (sender_address = ? OR auth_domain = ?) AND status = ANY(?::text[]) RETURNING id`,
          [userId, who, who, MARKS],
        )
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    },
  };
}
