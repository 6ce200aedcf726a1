import { gunzipSync } from 'node:zlib';
import type {
  SyncRepo,
  EmailRow,
  EmailsRepo,
  EmailStatus,
  EmailSummaryRow,
  StoredAnalysis,
} from '../app/ports.js';
import { toPhishingAnalysis, type EmailAnalysis, type RiskLevel } from '../core/index.js';
import type Database from 'better-sqlite3';
import type { KnownSenders } from './known-senders.js';
import { nowIso, type Db } from './db.js';
import { emailInsertValues, listWhere, SELECT, SELECT_LIST, SELECT_SUMMARY, SORT, likeOf } from './sql.js';

/**
 * Rows are read as arrays (better-sqlite3 `raw()`) and mapped with object literals: building
 * many-keyed objects natively cost a third of a list request. Indices follow sql.ts: the
 * summary columns 0-13, then the row's 14-18, then result_json (19).
 */
type Row = unknown[];

function toSummary(r: Row): EmailSummaryRow {
  return {
    id: r[0] as number,
    mailbox_id: r[1] as number,
    message_id: r[2] as string | null,
    subject: r[3] as string,
    sender: r[4] as string,
    received_at: r[5] as string | null,
    snippet: r[6] as string,
    size: r[7] as number,
    status: r[8] as EmailStatus,
    status_reason: r[9] as string | null,
    analysis:
      r[11] === null
        ? null
        : {
            risk_score: r[10] as number,
            risk_level: r[11] as RiskLevel,
            summary: r[12] as string,
            indicators: JSON.parse(r[13] as string) as string[],
          },
  };
}

function toRow(r: Row): EmailRow {
  const summary = toSummary(r);
  const json = r[19] as string | null | undefined;
  const analysis: StoredAnalysis | null = summary.analysis && {
    ...summary.analysis,
    engine_version: r[16] as string,
    is_phishing: r[17] === 1,
    confidence: r[18] as number,
    result: json ? (JSON.parse(json) as EmailAnalysis) : null,
  };
  return { ...summary, provider_id: r[14] as string, created_at: r[15] as string, analysis };
}

/** Counts of a user's list under a filter, valid until the database changes. */
const MAX_CACHED_COUNTS = 256;
/** Prepared list statements kept (one per filter shape). */
const MAX_CACHED_STATEMENTS = 256;

export function sqliteEmails(db: Db, knownSenders?: KnownSenders): SyncRepo<EmailsRepo> {
  // List queries are built from filter shapes; prepare each shape once. Search terms make the
  // shapes open-ended (field, negation and count per term), so the cache keeps the newest ones.
  const statements = new Map<string, Database.Statement>();
  const stmt = (sql: string) => {
    let s = statements.get(sql);
    if (s) return s;
    if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value as string);
    statements.set(sql, (s = db.prepare(sql)));
    return s;
  };
  // A page needs its total. Unfiltered, that is the user's row in email_counts (kept by triggers,
  // migration 5). Under a filter it means counting every matching email, so the count is kept
  // until anything is written: by this connection (total_changes) or another one, such as a CLI
  // scan beside the daemon (data_version).
  const ownChanges = db.prepare('SELECT total_changes()').pluck();
  const otherChanges = db.prepare('PRAGMA data_version').pluck();
  const userCount = db.prepare<[number], number>('SELECT n FROM email_counts WHERE user_id = ?').pluck();
  const userTotal = (userId: number) => userCount.get(userId) ?? 0;
  const counts = new Map<string, number>();
  let countsStamp = '';
  const cachedCount = (sql: string, args: unknown[]) => {
    const stamp = `${ownChanges.get() as number}/${otherChanges.get() as number}`;
    if (stamp !== countsStamp || counts.size >= MAX_CACHED_COUNTS) {
      counts.clear();
      countsStamp = stamp;
    }
    const key = `${sql}\u0000${JSON.stringify(args)}`;
    let n = counts.get(key);
    if (n === undefined) counts.set(key, (n = (stmt(sql).get(...args) as { n: number }).n));
    return n;
  };
  // Prepared once: every stored message runs both.
  const insertAnalysis = db.prepare(
    `INSERT INTO analyses (email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary, result_json, indicators_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email_id, engine_version) DO UPDATE SET risk_score = excluded.risk_score, risk_level = excluded.risk_level,
         is_phishing = excluded.is_phishing, confidence = excluded.confidence, summary = excluded.summary,
         result_json = excluded.result_json, indicators_json = excluded.indicators_json, created_at = excluded.created_at`,
  );
  const pointAtAnalysis = db.prepare(
    `UPDATE emails SET analysis_id = (SELECT id FROM analyses WHERE email_id = ? AND engine_version = ?),
       sender_address = ?, sender_name = ?, auth_domain = ?, risk_score = ?, risk_level = ? WHERE id = ? RETURNING user_id`,
  );
  const putAnalysis = (emailId: number, a: EmailAnalysis) => {
    insertAnalysis.run(
      emailId,
      a.engine_version,
      a.risk_score,
      a.risk_level,
      a.is_phishing ? 1 : 0,
      a.confidence,
      a.summary,
      JSON.stringify(a),
      JSON.stringify(toPhishingAnalysis(a).indicators),
      nowIso(),
    );
    const name = a.sender.display_name?.trim().toLowerCase() || null;
    const owner = pointAtAnalysis.get(
      emailId,
      a.engine_version,
      a.sender.address?.toLowerCase() ?? null,
      name,
      a.sender.authenticated_domain ?? null,
      a.risk_score,
      a.risk_level,
      emailId,
    ) as { user_id: number | null } | undefined;
    if (owner?.user_id != null) knownSenders?.add(owner.user_id, name, a.sender.authenticated_domain ?? null);
  };
  const insertLink = db.prepare('INSERT OR IGNORE INTO links (email_id, url) VALUES (?, ?)');
  const insertEmail = db.prepare(
    `INSERT INTO emails (mailbox_id, user_id, provider_id, message_id, subject, sender, received_at, snippet, size, raw, created_at)
     VALUES (?, (SELECT user_id FROM mailboxes WHERE id = ?), ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (mailbox_id, provider_id) DO NOTHING`,
  );
  const owned = (id: number, userId: number) =>
    db.prepare<[number, number], Row>(`${SELECT} WHERE e.id = ? AND e.user_id = ?`).raw().get(id, userId);

  return {
    insertAnalysed: (e, analysis) =>
      db.transaction(() => {
        const info = insertEmail.run(...emailInsertValues(e));
        if (info.changes === 0) {
          const id = (
            db
              .prepare('SELECT id FROM emails WHERE mailbox_id = ? AND provider_id = ?')
              .get(e.mailboxId, e.providerId) as { id: number }
          ).id;
          return { id, inserted: false };
        }
        const id = Number(info.lastInsertRowid);
        putAnalysis(id, analysis);
        for (const url of e.links.slice(0, 200)) insertLink.run(id, url);
        return { id, inserted: true };
      })(),
    has: (mailboxId, providerId) =>
      !!db
        .prepare('SELECT 1 FROM emails WHERE mailbox_id = ? AND provider_id = ?')
        .get(mailboxId, providerId),
    byProvider(mailboxId, providerId) {
      const r = db
        .prepare<[number, string], Row>(`${SELECT_LIST} WHERE e.mailbox_id = ? AND e.provider_id = ?`)
        .raw()
        .get(mailboxId, providerId);
      return r ? toRow(r) : null;
    },
    get(id, userId) {
      const r = owned(id, userId);
      return r ? toRow(r) : null;
    },
    stale(engineVersion, limit) {
      return db
        .prepare(
          `SELECT e.id, e.user_id, e.mailbox_id FROM emails e LEFT JOIN analyses a ON a.id = e.analysis_id
           WHERE e.raw IS NOT NULL AND (a.engine_version IS NULL OR a.engine_version != ?) ORDER BY e.id LIMIT ?`,
        )
        .all(engineVersion, limit) as { id: number; user_id: number; mailbox_id: number }[];
    },
    rawById(id) {
      const r = db.prepare('SELECT raw FROM emails WHERE id = ?').get(id) as
        { raw: Buffer | null } | undefined;
      return r?.raw ? gunzipSync(r.raw) : null;
    },
    raw(id, userId) {
      const r = db.prepare('SELECT e.raw FROM emails e WHERE e.id = ? AND e.user_id = ?').get(id, userId) as
        { raw: Buffer | null } | undefined;
      return r?.raw ? gunzipSync(r.raw) : null;
    },
    list(userId, f) {
      const { where, args } = listWhere(userId, f, (c) => `${c} LIKE ? ESCAPE '\\'`);
      const clause = where.join(' AND ');
      const total =
        where.length === 1
          ? userTotal(userId)
          : cachedCount(`SELECT count(*) AS n FROM emails e WHERE ${clause}`, args);
      const dir = f.sortOrder === 'asc' ? 'ASC' : 'DESC';
      const order = `${SORT[f.sortBy] ?? 'e.received_at'} ${dir}, e.id ${dir}`;
      // Page over ids first (by received_at this walks the user's index), then load that page's rows.
      const page = `SELECT e.id FROM emails e WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const items = (
        stmt(`${SELECT_SUMMARY} WHERE e.id IN (${page}) ORDER BY ${order}`)
          .raw()
          .all(...args, f.size, (f.page - 1) * f.size) as Row[]
      ).map(toSummary);
      return { items, total };
    },
    listForMailbox(mailboxId, limit, offset) {
      const total = (
        db.prepare('SELECT count(*) AS n FROM emails WHERE mailbox_id = ?').get(mailboxId) as { n: number }
      ).n;
      const items = db
        .prepare<[number, number, number], Row>(
          `${SELECT_LIST} WHERE e.mailbox_id = ? ORDER BY e.received_at DESC, e.id DESC LIMIT ? OFFSET ?`,
        )
        .raw()
        .all(mailboxId, limit, offset)
        .map(toRow);
      return { items, total };
    },
    remove: (id, userId) =>
      db.prepare('DELETE FROM emails WHERE id = ? AND user_id = ?').run(id, userId).changes > 0,
    setStatus(ids, userId, status, reason) {
      const stmt = db.prepare('UPDATE emails SET status = ?, status_reason = ? WHERE id = ? AND user_id = ?');
      return db.transaction(() =>
        ids.reduce((n, id) => n + stmt.run(status, reason, id, userId).changes, 0),
      )();
    },
    putAnalysis,
    links(id, userId) {
      if (!owned(id, userId)) return null;
      return db.prepare('SELECT id, url FROM links WHERE email_id = ? ORDER BY id').all(id) as {
        id: number;
        url: string;
      }[];
    },
    link: (linkId, userId) =>
      (db
        .prepare(
          'SELECT l.id, l.email_id, l.url FROM links l JOIN emails e ON e.id = l.email_id WHERE l.id = ? AND e.user_id = ?',
        )
        .get(linkId, userId) as { id: number; email_id: number; url: string } | undefined) ?? null,
    countsByLevel(userId) {
      const rows = db
        .prepare(
          `SELECT coalesce(risk_level, 'UNANALYSED') AS level, count(*) AS n FROM emails WHERE user_id = ? GROUP BY level`,
        )
        .all(userId) as { level: string; n: number }[];
      const out: Record<string, number> = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 };
      for (const r of rows) out[r.level] = r.n;
      return out;
    },
    timeline(userId, since) {
      return db
        .prepare(
          `SELECT substr(received_at, 1, 10) AS day, coalesce(risk_level, 'UNANALYSED') AS level, count(*) AS n
           FROM emails WHERE user_id = ? AND received_at >= ? GROUP BY day, level ORDER BY day`,
        )
        .all(userId, since) as { day: string; level: string; n: number }[];
    },
    countForUser: userTotal,
    search(userId, query, limit) {
      const like = likeOf(query);
      return db
        .prepare<[number, string, string, string, number], Row>(
          `${SELECT} WHERE e.user_id = ? AND (e.subject LIKE ? ESCAPE '\\' OR e.sender LIKE ? ESCAPE '\\' OR a.result_json LIKE ? ESCAPE '\\') ORDER BY e.received_at DESC LIMIT ?`,
        )
        .raw()
        .all(userId, like, like, like, limit)
        .map(toRow);
    },
  };
}
