import { gunzipSync, gzipSync } from 'node:zlib';
import type { EmailRow, EmailsRepo, EmailStatus, StoredAnalysis } from '../app/ports.js';
import { toPhishingAnalysis, type EmailAnalysis, type RiskLevel } from '../core/index.js';
import { nowIso, type Db } from './db.js';

interface Row extends Omit<EmailRow, 'analysis'> {
  a_engine: string | null;
  a_score: number | null;
  a_level: string | null;
  a_phish: number | null;
  a_conf: number | null;
  a_summary: string | null;
  a_json?: string | null;
  a_ind: string | null;
}

// emails.analysis_id points at the newest analysis (a re-analysis supersedes the old).
const COLUMNS = `e.id, e.mailbox_id, e.provider_id, e.message_id, e.subject, e.sender, e.received_at, e.snippet, e.size,
  e.status, e.status_reason, e.created_at,
  a.engine_version AS a_engine, a.risk_score AS a_score, a.risk_level AS a_level, a.is_phishing AS a_phish,
  a.confidence AS a_conf, a.summary AS a_summary, a.indicators_json AS a_ind`;
const FROM =
  'FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id LEFT JOIN analyses a ON a.id = e.analysis_id';
/** One email with its full analysis. */
const SELECT = `SELECT ${COLUMNS}, a.result_json AS a_json ${FROM}`;
/** List pages: the list shape only. */
const SELECT_LIST = `SELECT ${COLUMNS} ${FROM}`;

const SORT: Record<string, string> = {
  received_at: 'e.received_at',
  risk_score: 'a.risk_score',
  subject: 'e.subject',
  sender: 'e.sender',
};

function toRow(r: Row): EmailRow {
  const { a_engine, a_score, a_level, a_phish, a_conf, a_summary, a_json, a_ind, ...rest } = r;
  const analysis: StoredAnalysis | null =
    a_engine === null
      ? null
      : {
          engine_version: a_engine,
          risk_score: a_score ?? 0,
          risk_level: (a_level ?? 'SAFE') as RiskLevel,
          is_phishing: a_phish === 1,
          confidence: a_conf ?? 0,
          summary: a_summary ?? '',
          indicators: JSON.parse(a_ind ?? '[]') as string[],
          result: a_json ? (JSON.parse(a_json) as EmailAnalysis) : null,
        };
  return { ...rest, status: rest.status as EmailStatus, analysis };
}

export function sqliteEmails(db: Db): EmailsRepo {
  const putAnalysis = (emailId: number, a: EmailAnalysis) => {
    db.prepare(
      `INSERT INTO analyses (email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary, result_json, indicators_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (email_id, engine_version) DO UPDATE SET risk_score = excluded.risk_score, risk_level = excluded.risk_level,
         is_phishing = excluded.is_phishing, confidence = excluded.confidence, summary = excluded.summary,
         result_json = excluded.result_json, indicators_json = excluded.indicators_json, created_at = excluded.created_at`,
    ).run(
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
    db.prepare(
      'UPDATE emails SET analysis_id = (SELECT id FROM analyses WHERE email_id = ? AND engine_version = ?) WHERE id = ?',
    ).run(emailId, a.engine_version, emailId);
  };
  const insertLink = db.prepare('INSERT OR IGNORE INTO links (email_id, url) VALUES (?, ?)');
  const owned = (id: number, userId: number) =>
    db.prepare<[number, number], Row>(`${SELECT} WHERE e.id = ? AND m.user_id = ?`).get(id, userId);

  return {
    insertAnalysed: (e, analysis) =>
      db.transaction(() => {
        const info = db
          .prepare(
            `INSERT INTO emails (mailbox_id, provider_id, message_id, subject, sender, received_at, snippet, size, raw, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (mailbox_id, provider_id) DO NOTHING`,
          )
          .run(
            e.mailboxId,
            e.providerId,
            e.messageId,
            e.subject,
            e.sender,
            e.receivedAt,
            e.snippet,
            e.size,
            e.raw ? gzipSync(e.raw) : null,
            nowIso(),
          );
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
        .get(mailboxId, providerId);
      return r ? toRow(r) : null;
    },
    get(id, userId) {
      const r = owned(id, userId);
      return r ? toRow(r) : null;
    },
    raw(id, userId) {
      const r = db
        .prepare(
          'SELECT e.raw FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id WHERE e.id = ? AND m.user_id = ?',
        )
        .get(id, userId) as { raw: Buffer | null } | undefined;
      return r?.raw ? gunzipSync(r.raw) : null;
    },
    list(userId, f) {
      const where = ['m.user_id = ?'];
      const args: (string | number)[] = [userId];
      if (f.riskLevel) {
        where.push('a.risk_level = ?');
        args.push(f.riskLevel);
      }
      if (f.status) {
        where.push('e.status = ?');
        args.push(f.status);
      }
      if (f.mailboxId) {
        where.push('e.mailbox_id = ?');
        args.push(f.mailboxId);
      }
      if (f.since) {
        where.push('e.received_at >= ?');
        args.push(f.since);
      }
      if (f.search) {
        where.push(
          "(e.subject LIKE ? ESCAPE '\\' OR e.sender LIKE ? ESCAPE '\\' OR e.snippet LIKE ? ESCAPE '\\')",
        );
        const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        args.push(like, like, like);
      }
      const clause = where.join(' AND ');
      const total = (
        db
          .prepare(
            `SELECT count(*) AS n FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id ${f.riskLevel ? 'LEFT JOIN analyses a ON a.id = e.analysis_id' : ''} WHERE ${clause}`,
          )
          .get(...args) as { n: number }
      ).n;
      const order = `${SORT[f.sortBy] ?? 'e.received_at'} ${f.sortOrder === 'asc' ? 'ASC' : 'DESC'}, e.id ${f.sortOrder === 'asc' ? 'ASC' : 'DESC'}`;
      // Page over ids first (a narrow sort), then load only that page's rows.
      const needsAnalysis = !!f.riskLevel || f.sortBy === 'risk_score';
      const page = `SELECT e.id FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id ${needsAnalysis ? 'LEFT JOIN analyses a ON a.id = e.analysis_id' : ''} WHERE ${clause} ORDER BY ${order} LIMIT ? OFFSET ?`;
      const items = db
        .prepare<(string | number)[], Row>(`${SELECT_LIST} WHERE e.id IN (${page}) ORDER BY ${order}`)
        .all(...args, f.size, (f.page - 1) * f.size)
        .map(toRow);
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
        .all(mailboxId, limit, offset)
        .map(toRow);
      return { items, total };
    },
    remove: (id, userId) =>
      db
        .prepare(
          'DELETE FROM emails WHERE id = ? AND mailbox_id IN (SELECT id FROM mailboxes WHERE user_id = ?)',
        )
        .run(id, userId).changes > 0,
    setStatus(ids, userId, status, reason) {
      const stmt = db.prepare(
        'UPDATE emails SET status = ?, status_reason = ? WHERE id = ? AND mailbox_id IN (SELECT id FROM mailboxes WHERE user_id = ?)',
      );
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
          'SELECT l.id, l.email_id, l.url FROM links l JOIN emails e ON e.id = l.email_id JOIN mailboxes m ON m.id = e.mailbox_id WHERE l.id = ? AND m.user_id = ?',
        )
        .get(linkId, userId) as { id: number; email_id: number; url: string } | undefined) ?? null,
    countsByLevel(userId) {
      const rows = db
        .prepare(
          `SELECT coalesce(a.risk_level, 'UNANALYSED') AS level, count(*) AS n FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id LEFT JOIN analyses a ON a.id = e.analysis_id WHERE m.user_id = ? GROUP BY level`,
        )
        .all(userId) as { level: string; n: number }[];
      const out: Record<string, number> = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 };
      for (const r of rows) out[r.level] = r.n;
      return out;
    },
    countForUser: (userId) =>
      (
        db
          .prepare(
            'SELECT count(*) AS n FROM emails e JOIN mailboxes m ON m.id = e.mailbox_id WHERE m.user_id = ?',
          )
          .get(userId) as { n: number }
      ).n,
    search(userId, query, limit) {
      const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db
        .prepare<[number, string, string, string, number], Row>(
          `${SELECT} WHERE m.user_id = ? AND (e.subject LIKE ? ESCAPE '\\' OR e.sender LIKE ? ESCAPE '\\' OR a.result_json LIKE ? ESCAPE '\\') ORDER BY e.received_at DESC LIMIT ?`,
        )
        .all(userId, like, like, like, limit)
        .map(toRow);
    },
  };
}
