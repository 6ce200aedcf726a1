import type {
  SyncRepo,
  AuditRepo,
  AuditRow,
  ScanRecord,
  ScansRepo,
  ScreenshotsRepo,
  UrlAnalysesRepo,
  UrlAnalysisBrief,
} from '../app/ports.js';
import { nowIso, type Db } from './db.js';
import { auditWhere, likeOf } from './sql.js';

export function sqliteUrlAnalyses(db: Db): SyncRepo<UrlAnalysesRepo> {
  // Prepared once: the message view asks for each of its links.
  const latestOne = db.prepare(
    `SELECT analysis_id, verdict, threat_score, created_at,
            json_extract(result_json, '$.analysis_metadata.screenshot_id') AS screenshot_id
       FROM url_analyses WHERE user_id = ? AND url = ?
      ORDER BY json_extract(result_json, '$.analysis_metadata.mode') = 'comprehensive' DESC, id DESC LIMIT 1`,
  );
  return {
    fresh: (key, userId) =>
      (db
        .prepare(
          'SELECT result_json FROM url_analyses WHERE cache_key = ? AND user_id IS ? AND expires_at > ? ORDER BY id DESC LIMIT 1',
        )
        .get(key, userId, nowIso()) as { result_json: string } | undefined) ?? null,
    put(r) {
      db.prepare(
        'INSERT OR REPLACE INTO url_analyses (analysis_id, cache_key, user_id, url, verdict, threat_score, result_json, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        r.analysisId,
        r.cacheKey,
        r.userId,
        r.url,
        r.verdict,
        r.threatScore,
        r.resultJson,
        nowIso(),
        r.expiresAt,
      );
    },
    get: (analysisId, userId) =>
      (db
        .prepare('SELECT result_json FROM url_analyses WHERE analysis_id = ? AND user_id = ?')
        .get(analysisId, userId) as { result_json: string } | undefined) ?? null,
    search: (userId, query, limit) =>
      db
        .prepare(
          "SELECT analysis_id, url, verdict, threat_score, created_at FROM url_analyses WHERE user_id = ? AND (url LIKE ? ESCAPE '\\' OR result_json LIKE ? ESCAPE '\\') ORDER BY id DESC LIMIT ?",
        )
        .all(userId, likeOf(query), likeOf(query), limit) as ReturnType<SyncRepo<UrlAnalysesRepo>['search']>,
    latestFor(userId, urls) {
      const out = new Map<string, UrlAnalysisBrief>();
      for (const url of new Set(urls).values()) {
        const row = latestOne.get(userId, url) as UrlAnalysisBrief | undefined;
        if (row) out.set(url, { ...row, screenshot_id: row.screenshot_id ?? null });
      }
      return out;
    },
  };
}

export function sqliteScreenshots(db: Db): SyncRepo<ScreenshotsRepo> {
  return {
    put(id, userId, png) {
      db.prepare('INSERT OR REPLACE INTO screenshots (id, user_id, png, created_at) VALUES (?, ?, ?, ?)').run(
        id,
        userId,
        png,
        nowIso(),
      );
    },
    get: (id, userId) =>
      (
        db.prepare('SELECT png FROM screenshots WHERE id = ? AND user_id = ?').get(id, userId) as
          { png: Buffer } | undefined
      )?.png ?? null,
  };
}

export function sqliteAudit(db: Db): SyncRepo<AuditRepo> {
  return {
    add(e) {
      db.prepare(
        'INSERT INTO audit_log (at, user_id, username, action, target, address, outcome, detail_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(
        nowIso(),
        e.userId,
        e.username,
        e.action,
        e.target ?? null,
        e.address ?? null,
        e.outcome ?? 'success',
        JSON.stringify(e.detail ?? {}),
      );
    },
    list(f) {
      const { clause, args } = auditWhere(f);
      const total = (
        db.prepare(`SELECT count(*) AS n FROM audit_log ${clause}`).get(...args) as { n: number }
      ).n;
      const items = (
        db
          .prepare(`SELECT * FROM audit_log ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`)
          .all(...args, f.size, (f.page - 1) * f.size) as (Omit<AuditRow, 'detail'> & {
          detail_json: string;
        })[]
      ).map(({ detail_json, ...r }) => ({
        ...r,
        detail: JSON.parse(detail_json) as Record<string, unknown>,
      }));
      return { items, total };
    },
  };
}

export function sqliteScans(db: Db): SyncRepo<ScansRepo> {
  const get = (id: number) =>
    (db.prepare('SELECT * FROM scans WHERE id = ?').get(id) as ScanRecord | undefined) ?? null;
  return {
    start: (mailboxId, total) =>
      Number(
        db
          .prepare("INSERT INTO scans (mailbox_id, status, total, started_at) VALUES (?, 'running', ?, ?)")
          .run(mailboxId, total, nowIso()).lastInsertRowid,
      ),
    claim: (mailboxId) =>
      db.transaction(() => {
        const running = db
          .prepare(
            "SELECT id FROM scans WHERE mailbox_id = ? AND status = 'running' ORDER BY id DESC LIMIT 1",
          )
          .get(mailboxId) as { id: number } | undefined;
        if (running) return { id: running.id, started: false };
        const id = db
          .prepare("INSERT INTO scans (mailbox_id, status, total, started_at) VALUES (?, 'running', NULL, ?)")
          .run(mailboxId, nowIso()).lastInsertRowid;
        return { id: Number(id), started: true };
      })(),
    progress(id, processed, added, total) {
      db.prepare('UPDATE scans SET processed = ?, added = ?, total = coalesce(?, total) WHERE id = ?').run(
        processed,
        added,
        total ?? null,
        id,
      );
    },
    finish(id, status, error) {
      db.prepare('UPDATE scans SET status = ?, error = ?, finished_at = ? WHERE id = ?').run(
        status,
        error ?? null,
        nowIso(),
        id,
      );
    },
    get,
    latest: (mailboxId) =>
      (db.prepare('SELECT * FROM scans WHERE mailbox_id = ? ORDER BY id DESC LIMIT 1').get(mailboxId) as
        ScanRecord | undefined) ?? null,
    recoverInterrupted() {
      const rows = db.prepare("SELECT * FROM scans WHERE status = 'running'").all() as ScanRecord[];
      db.prepare("UPDATE scans SET status = 'interrupted', finished_at = ? WHERE status = 'running'").run(
        nowIso(),
      );
      return rows;
    },
  };
}
