import type { SyncRepo, UserRecord, UsersRepo } from '../app/ports.js';
import { nowIso, type Db } from './db.js';

interface Row {
  id: number;
  username: string;
  email: string | null;
  password_hash: string | null;
  is_admin: number;
  disabled: number;
  must_change_password: number;
  created_at: string;
}

const toUser = (r: Row | undefined): UserRecord | null =>
  r
    ? {
        ...r,
        is_admin: r.is_admin === 1,
        disabled: r.disabled === 1,
        must_change_password: r.must_change_password === 1,
      }
    : null;

export function sqliteUsers(db: Db): SyncRepo<UsersRepo> {
  const byId = db.prepare<[number], Row>('SELECT * FROM users WHERE id = ?');
  // One statement per authenticated request: the account, only while the sign-in is live.
  // Expiry is not checked here: an access token outlives its refresh token by at most its own
  // lifetime (one hour), and expired families are refused at refresh.
  const bySession = db.prepare<[number, string], Row>(
    `SELECT * FROM users WHERE id = ? AND EXISTS (SELECT 1 FROM refresh_tokens
       WHERE family_id = ? AND revoked_at IS NULL AND user_id = users.id)`,
  );
  return {
    bySession: (id, familyId) => toUser(bySession.get(id, familyId)),
    create(u) {
      const now = nowIso();
      const info = db
        .prepare(
          'INSERT INTO users (username, email, password_hash, is_admin, must_change_password, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          u.username,
          u.email ?? null,
          u.passwordHash,
          u.isAdmin ? 1 : 0,
          u.mustChangePassword ? 1 : 0,
          now,
          now,
        );
      return toUser(byId.get(Number(info.lastInsertRowid))) as UserRecord;
    },
    byId: (id) => toUser(byId.get(id)),
    byUsername: (username) =>
      toUser(db.prepare<[string], Row>('SELECT * FROM users WHERE username = ?').get(username)),
    byEmail: (email) =>
      toUser(db.prepare<[string], Row>('SELECT * FROM users WHERE lower(email) = lower(?)').get(email)),
    list: () =>
      db
        .prepare<[], Row>('SELECT * FROM users ORDER BY id')
        .all()
        .map((r) => toUser(r) as UserRecord),
    count: () => (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n,
    setPassword(id, hash, mustChange) {
      db.prepare(
        'UPDATE users SET password_hash = ?, must_change_password = ?, updated_at = ? WHERE id = ?',
      ).run(hash, mustChange ? 1 : 0, nowIso(), id);
    },
    setDisabled(id, disabled) {
      db.prepare('UPDATE users SET disabled = ?, updated_at = ? WHERE id = ?').run(
        disabled ? 1 : 0,
        nowIso(),
        id,
      );
    },
    setEmail(id, email) {
      db.prepare('UPDATE users SET email = ?, updated_at = ? WHERE id = ?').run(email, nowIso(), id);
    },
    remove: (id) => db.prepare('DELETE FROM users WHERE id = ?').run(id).changes > 0,
  };
}
