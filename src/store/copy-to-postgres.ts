import { createHash } from 'node:crypto';
import pg from 'pg';
import { PhishguardError } from '../errors.js';
import { openDatabase } from './db.js';
import { clean, openPostgresStore, types } from './postgres.js';

/** Tables in dependency order, with the columns both stores have (ids kept as they are). */
const TABLES: { name: string; columns: string[]; booleans?: string[]; fix?: (r: Row) => Row }[] = [
  {
    name: 'users',
    columns: [
      'id',
      'username',
      'email',
      'password_hash',
      'is_admin',
      'disabled',
      'must_change_password',
      'created_at',
      'updated_at',
    ],
    booleans: ['is_admin', 'disabled', 'must_change_password'],
  },
  {
    name: 'refresh_tokens',
    columns: [
      'id',
      'user_id',
      'family_id',
      'token_hash',
      'expires_at',
      'revoked_at',
      'replaced_by',
      'created_at',
    ],
  },
  {
    name: 'mailboxes',
    columns: [
      'id',
      'user_id',
      'kind',
      'address',
      'config_json',
      'secret_enc',
      'state_json',
      'created_at',
      'last_scan_at',
    ],
  },
  {
    // analysis_id is set after the analyses are in (each table points at the other).
    name: 'emails',
    columns: [
      'id',
      'mailbox_id',
      'user_id',
      'provider_id',
      'message_id',
      'subject',
      'sender',
      'received_at',
      'snippet',
      'size',
      'status',
      'status_reason',
      'raw',
      'created_at',
      'sender_address',
      'sender_name',
      'auth_domain',
      'risk_score',
      'risk_level',
    ],
  },
  {
    name: 'analyses',
    columns: [
      'id',
      'email_id',
      'engine_version',
      'risk_score',
      'risk_level',
      'is_phishing',
      'confidence',
      'summary',
      'result_json',
      'indicators_json',
      'created_at',
    ],
    booleans: ['is_phishing'],
  },
  { name: 'links', columns: ['id', 'email_id', 'url'] },
  {
    name: 'url_analyses',
    columns: [
      'id',
      'analysis_id',
      'cache_key',
      'user_id',
      'url',
      'verdict',
      'threat_score',
      'result_json',
      'created_at',
      'expires_at',
    ],
  },
  { name: 'screenshots', columns: ['id', 'user_id', 'png', 'created_at'] },
  {
    // A scan left "running" by a stopped daemon is over: PostgreSQL allows one running per mailbox.
    name: 'scans',
    columns: [
      'id',
      'mailbox_id',
      'status',
      'processed',
      'added',
      'total',
      'error',
      'started_at',
      'finished_at',
    ],
    fix: (r) => (r.status === 'running' ? { ...r, status: 'interrupted' } : r),
  },
  {
    name: 'audit_log',
    columns: ['id', 'at', 'user_id', 'username', 'action', 'target', 'address', 'outcome', 'detail_json'],
  },
];

type Row = Record<string, unknown>;

export interface CopyReport {
  tables: { table: string; rows: number; checksum: string }[];
  seconds: number;
}

/** Rows written per INSERT (well under PostgreSQL's 65,535 parameters). */
const BATCH = 500;

/**
 * Copies a SQLite data directory into an empty PostgreSQL database, table by table in id order,
 * then checks it: the same number of rows and the same checksum of every row (booleans and
 * bytes normalised) on both sides. The SQLite store is only read.
 */
export async function copySqliteToPostgres(
  dataDir: string,
  url: string,
  onProgress: (table: string, done: number, total: number) => void = () => undefined,
): Promise<CopyReport> {
  const started = Date.now();
  const sqlite = openDatabase(dataDir);
  // The PostgreSQL schema is created (or checked) by opening the store once.
  await (await openPostgresStore(url)).close();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const existing = await pool.query<{ n: string }>('SELECT count(*) AS n FROM users');
    if (Number(existing.rows[0]?.n) > 0)
      throw new PhishguardError(
        'CONFLICT',
        'the PostgreSQL database already has accounts: migrate into an empty database',
      );
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      for (const t of TABLES) {
        const total = (sqlite.prepare(`SELECT count(*) AS n FROM ${t.name}`).get() as { n: number }).n;
        let done = 0;
        let batch: Row[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          const values: unknown[] = [];
          const tuples = batch.map((r) => {
            const cells = t.columns.map((col) => {
              values.push(toPg(t, col, r[col]));
              return `$${values.length}`;
            });
            return `(${cells.join(', ')})`;
          });
          await c.query(
            `INSERT INTO ${t.name} (${t.columns.join(', ')}) VALUES ${tuples.join(', ')}`,
            values,
          );
          done += batch.length;
          batch = [];
          onProgress(t.name, done, total);
        };
        for (const r of sqlite
          .prepare(`SELECT ${t.columns.join(', ')} FROM ${t.name} ORDER BY id`)
          .iterate()) {
          batch.push(t.fix ? t.fix(r as Row) : (r as Row));
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        onProgress(t.name, done, total);
        if (t.name !== 'screenshots')
          await c.query(
            `SELECT setval(pg_get_serial_sequence('${t.name}', 'id'), coalesce((SELECT max(id) FROM ${t.name}), 0) + 1, false)`,
          );
      }
      // Each email's current analysis, now that both tables are in.
      let pairs: [number, number][] = [];
      const link = async () => {
        if (pairs.length === 0) return;
        await c.query(
          'UPDATE emails e SET analysis_id = v.a FROM unnest($1::bigint[], $2::bigint[]) AS v(e, a) WHERE e.id = v.e',
          [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        );
        pairs = [];
      };
      for (const r of sqlite
        .prepare('SELECT id, analysis_id FROM emails WHERE analysis_id IS NOT NULL ORDER BY id')
        .iterate() as Iterable<{ id: number; analysis_id: number }>) {
        pairs.push([r.id, r.analysis_id]);
        if (pairs.length >= 5000) await link();
      }
      await link();
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      c.release();
    }

    // Verification: counts and row checksums, read back from both sides.
    const tables: CopyReport['tables'] = [];
    for (const t of [...TABLES, { name: 'emails', columns: ['id', 'analysis_id'] }]) {
      const label = t.columns.includes('analysis_id') ? 'emails.analysis_id' : t.name;
      const left = new Checksum(t);
      const fix = 'fix' in t ? t.fix : undefined;
      for (const r of sqlite.prepare(`SELECT ${t.columns.join(', ')} FROM ${t.name} ORDER BY id`).iterate())
        left.add(fix ? fix(r as Row) : (r as Row));
      const l = left.digest();
      const r = await checksumPg(pool, t);
      if (l.rows !== r.rows || l.hash !== r.hash)
        throw new PhishguardError(
          'INTERNAL',
          `verification failed for ${label}: SQLite ${l.rows} rows (${l.hash.slice(0, 12)}), PostgreSQL ${r.rows} rows (${r.hash.slice(0, 12)})`,
        );
      tables.push({ table: label, rows: l.rows, checksum: l.hash });
    }
    const counts = await pool.query<{ ok: boolean }>(
      `SELECT bool_and(c.n = coalesce(e.n, 0)) AS ok FROM email_counts c
       LEFT JOIN (SELECT user_id, count(*) AS n FROM emails GROUP BY user_id) e ON e.user_id = c.user_id`,
    );
    if (counts.rows[0]?.ok === false)
      throw new PhishguardError('INTERNAL', 'verification failed for email_counts');
    return { tables, seconds: (Date.now() - started) / 1000 };
  } finally {
    sqlite.close();
    await pool.end();
  }
}

function toPg(t: (typeof TABLES)[number], col: string, v: unknown): unknown {
  if (t.booleans?.includes(col)) return v === null ? null : v === 1 || v === true;
  return clean(v);
}

/** A checksum of rows in id order, with booleans as 0/1 and bytes as their sha256. */
class Checksum {
  readonly #h = createHash('sha256');
  rows = 0;
  constructor(private readonly t: { booleans?: string[]; columns: string[] }) {}

  add(r: Row): void {
    const cells = this.t.columns.map((col) => {
      const v = r[col];
      if (v === null || v === undefined) return null;
      if (Buffer.isBuffer(v)) return `sha256:${createHash('sha256').update(v).digest('hex')}`;
      if (this.t.booleans?.includes(col)) return v === true || v === 1 ? 1 : 0;
      // NUL, which PostgreSQL text cannot hold, is dropped on the way in (see clean).
      return clean(v);
    });
    this.#h.update(JSON.stringify(cells));
    this.#h.update('\n');
    this.rows++;
  }

  digest(): { rows: number; hash: string } {
    return { rows: this.rows, hash: this.#h.digest('hex') };
  }
}

/** Checksums a PostgreSQL table in id order, a page at a time (bytewise order for text ids, as SQLite sorts). */
async function checksumPg(
  pool: pg.Pool,
  t: { name: string; booleans?: string[]; columns: string[] },
): Promise<{ rows: number; hash: string }> {
  const sum = new Checksum(t);
  const order = t.name === 'screenshots' ? 'id COLLATE "C"' : 'id';
  let after: unknown = null;
  for (;;) {
    const r = await pool.query<Row>({
      text: `SELECT ${t.columns.join(', ')} FROM ${t.name} ${after === null ? '' : `WHERE ${order} > $1`} ORDER BY ${order} LIMIT 2000`,
      values: after === null ? [] : [after],
      types,
    });
    for (const row of r.rows) sum.add(row);
    if (r.rows.length < 2000) return sum.digest();
    after = r.rows.at(-1)?.id;
  }
}
