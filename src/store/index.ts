import type { Store } from '../app/ports.js';
import { openDatabase } from './db.js';
import { sqliteEmails } from './emails.js';
import { sqliteMailboxes } from './mailboxes.js';
import { sqliteAudit, sqliteScans, sqliteScreenshots, sqliteUrlAnalyses } from './misc.js';
import { KnownSenders } from './known-senders.js';
import { sqliteSenders } from './senders.js';
import { sqliteTokens } from './tokens.js';
import { sqliteUsers } from './users.js';

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
    users: sqliteUsers(db),
    tokens: sqliteTokens(db),
    mailboxes: sqliteMailboxes(db),
    emails: sqliteEmails(db, knownSenders),
    urlAnalyses: sqliteUrlAnalyses(db),
    screenshots: sqliteScreenshots(db),
    audit: sqliteAudit(db),
    scans: sqliteScans(db),
    senders: sqliteSenders(db, knownSenders),
    health() {
      try {
        const r = db.prepare('SELECT count(*) AS n FROM users').get() as { n: number };
        return { ok: true, detail: `sqlite ${db.name}, ${r.n} user(s), WAL` };
      } catch (err) {
        return { ok: false, detail: (err as Error).message };
      }
    },
    close: () => db.close(),
  };
}
