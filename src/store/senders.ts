import type { SenderHistory, SenderStats } from '../core/index.js';
import type { SenderRow, SendersRepo, SyncRepo } from '../app/ports.js';
import type { Db } from './db.js';
import type { KnownSenders } from './known-senders.js';

/**
 * Stats of one identity, each read from the (user, identity, received_at) index alone, with
 * bounded work per message stored: messages counted up to 100, days among the latest 30.
 */
const MAX_COUNTED = 100;
const recent = (column: string) =>
  `SELECT
     (SELECT count(*) FROM (SELECT 1 FROM emails WHERE user_id = @u AND ${column} = @v AND id != @x LIMIT ${MAX_COUNTED})) AS messages,
     (SELECT count(DISTINCT substr(received_at, 1, 10)) FROM (SELECT received_at FROM emails
        WHERE user_id = @u AND ${column} = @v AND id != @x AND received_at IS NOT NULL ORDER BY received_at DESC LIMIT 30)) AS days,
     (SELECT min(received_at) FROM emails WHERE user_id = @u AND ${column} = @v AND id != @x AND received_at IS NOT NULL) AS firstSeen,
     (SELECT max(received_at) FROM emails WHERE user_id = @u AND ${column} = @v AND id != @x) AS lastSeen`;
/** Marks over all of an identity's mail, read from the (user, identity, status) index. */
const marks = (column: string) =>
  `SELECT status, count(*) AS n FROM emails WHERE user_id = @u AND ${column} = @v AND id != @x
   AND status IN ('safe', 'phishing', 'false_positive') GROUP BY status`;
const STATS = `count(*) AS messages, count(DISTINCT substr(coalesce(received_at, created_at), 1, 10)) AS days,
  min(coalesce(received_at, created_at)) AS firstSeen, max(coalesce(received_at, created_at)) AS lastSeen,
  sum(status = 'safe') AS markedSafe, sum(status = 'phishing') AS markedPhishing,
  sum(status = 'false_positive') AS markedFalsePositive`;
const MARKS = ['safe', 'phishing', 'false_positive'];

/** Sender history per user, read from the stored mail itself (so it can never drift from it). */
export function sqliteSenders(db: Db, knownSenders: KnownSenders): SyncRepo<SendersRepo> {
  const queries = {
    sender_address: {
      recent: db.prepare(recent('sender_address')),
      marks: db.prepare(marks('sender_address')),
    },
    auth_domain: { recent: db.prepare(recent('auth_domain')), marks: db.prepare(marks('auth_domain')) },
  };
  const stats = (
    column: keyof typeof queries,
    userId: number,
    identity: string,
    excludeId: number,
  ): SenderStats | null => {
    const r = queries[column].recent.get({ u: userId, v: identity, x: excludeId }) as Pick<
      SenderStats,
      'messages' | 'days' | 'firstSeen' | 'lastSeen'
    >;
    if (r.messages === 0) return null;
    const m = new Map(
      (
        queries[column].marks.all({ u: userId, v: identity, x: excludeId }) as { status: string; n: number }[]
      ).map((x) => [x.status, x.n]),
    );
    return {
      ...r,
      markedSafe: m.get('safe') ?? 0,
      markedPhishing: m.get('phishing') ?? 0,
      markedFalsePositive: m.get('false_positive') ?? 0,
    };
  };
  return {
    history(userId, sender, excludeId = -1) {
      const known = knownSenders.get(userId);
      const history: SenderHistory = {
        address: sender.address
          ? stats('sender_address', userId, sender.address.toLowerCase(), excludeId)
          : null,
        domain: sender.authenticatedDomain
          ? stats('auth_domain', userId, sender.authenticatedDomain, excludeId)
          : null,
        knownNames: known.names,
        knownDomains: known.domains,
      };
      return history;
    },
    list(userId) {
      return db
        .prepare(
          `SELECT sender_address AS address, max(auth_domain) AS authenticated_domain, ${STATS}
           FROM emails WHERE user_id = ? AND sender_address IS NOT NULL
           GROUP BY sender_address ORDER BY messages DESC, sender_address LIMIT 1000`,
        )
        .all(userId) as SenderRow[];
    },
    related(userId, emailIds) {
      if (emailIds.length === 0) return [];
      const marks = emailIds.map(() => '?').join(',');
      return (
        db
          .prepare(
            `SELECT DISTINCT e.id FROM emails e JOIN emails m ON m.user_id = e.user_id
             AND (e.sender_address = m.sender_address OR e.auth_domain = m.auth_domain)
             WHERE m.user_id = ? AND m.id IN (${marks})`,
          )
          .all(userId, ...emailIds) as { id: number }[]
      ).map((r) => r.id);
    },
    forget(userId, identity) {
      const who = identity.toLowerCase();
      const ids = (
        db
          .prepare(
            `SELECT id FROM emails WHERE user_id = ? AND (sender_address = ? OR auth_domain = ?)
             AND status IN (${MARKS.map(() => '?').join(',')})`,
          )
          .all(userId, who, who, ...MARKS) as { id: number }[]
      ).map((r) => r.id);
      if (ids.length)
        db.prepare(
          `UPDATE emails SET status = 'reviewed', status_reason = 'sender forgotten' WHERE id IN (${ids.map(() => '?').join(',')})`,
        ).run(...ids);
      return ids;
    },
  };
}
