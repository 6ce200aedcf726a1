import type { Store, SyncRepo } from '../app/ports.js';
import { openDatabase } from './db.js';
import { sqliteEmails } from './emails.js';
import { sqliteMailboxes } from './mailboxes.js';
import { sqliteAudit, sqliteScans, sqliteScreenshots, sqliteUrlAnalyses } from './misc.js';
import { KnownSenders } from './known-senders.js';
import { sqliteSenders } from './senders.js';
import { sqliteTokens } from './tokens.js';
import { sqliteUsers } from './users.js';

/**
 * The promise-returning face of a synchronous repository: every method answers through a
 * promise (so callers are the same for SQLite and PostgreSQL), and a thrown error becomes a
 * rejection.
 */
export function asyncRepo<T>(sync: SyncRepo<T>): T {
  const out: Record<string, unknown> = {};
  for (const [k, fn] of Object.entries(sync as Record<string, (...a: unknown[]) => unknown>))
    out[k] = async (...a: unknown[]) => fn(...a);
  return out as T;
}

/** The SQLite store (the embedded default) in the given data directory. */
export function openSqliteStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  const knownSenders = new KnownSenders(
    (userId) =>
      db
        .prepare(
          `SELECT DISTINCT sender_name AS name, auth_domain AS domain FROM emails
           WHERE user_id = ? AND auth_domain IS NOT NULL LIMIT 20000`,
        )
        .all(userId) as { name: string | null; domain: string }[],
  );
  return {
    users: asyncRepo(sqliteUsers(db)),
    tokens: asyncRepo(sqliteTokens(db)),
    mailboxes: asyncRepo(sqliteMailboxes(db)),
    emails: asyncRepo(sqliteEmails(db, knownSenders)),
    urlAnalyses: asyncRepo(sqliteUrlAnalyses(db)),
    screenshots: asyncRepo(sqliteScreenshots(db)),
    audit: asyncRepo(sqliteAudit(db)),
    scans: asyncRepo(sqliteScans(db)),
    senders: asyncRepo(sqliteSenders(db, knownSenders)),
    async health() {
      try {
        const r = db.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
        return { ok: true, detail: `sqlite ${db.name}, ${r.n} user(s), WAL` };
      } catch (err) {
        return { ok: false, detail: (err as Error).message };
      }
    },
    close: async () => {
      db.close();
    },
  };
}
