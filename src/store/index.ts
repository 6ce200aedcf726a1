import type { Store } from '../app/ports.js';
import { openDatabase } from './db.js';
import { sqliteEmails } from './emails.js';
import { sqliteMailboxes } from './mailboxes.js';
import { sqliteAudit, sqliteScans, sqliteScreenshots, sqliteUrlAnalyses } from './misc.js';
import { sqliteTokens } from './tokens.js';
import { sqliteUsers } from './users.js';

/** The SQLite store (the embedded default) in the given data directory. */
export function openSqliteStore(dataDir: string): Store {
  const db = openDatabase(dataDir);
  return {
    users: sqliteUsers(db),
    tokens: sqliteTokens(db),
    mailboxes: sqliteMailboxes(db),
    emails: sqliteEmails(db),
    urlAnalyses: sqliteUrlAnalyses(db),
    screenshots: sqliteScreenshots(db),
    audit: sqliteAudit(db),
    scans: sqliteScans(db),
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
