import type { SyncRepo, RefreshTokenRecord, TokensRepo } from '../app/ports.js';
import { nowIso, type Db } from './db.js';

export function sqliteTokens(db: Db): SyncRepo<TokensRepo> {
  const insert = db.prepare(
    'INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const create: SyncRepo<TokensRepo>['create'] = (t) =>
    Number(insert.run(t.userId, t.familyId, t.tokenHash, t.expiresAt, nowIso()).lastInsertRowid);
  return {
    create,
    byHash: (hash) =>
      (db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = ?').get(hash) as
        RefreshTokenRecord | undefined) ?? null,
    rotate: (oldId, next) =>
      db.transaction(() => {
        const id = create(next);
        db.prepare('UPDATE refresh_tokens SET revoked_at = ?, replaced_by = ? WHERE id = ?').run(
          nowIso(),
          id,
          oldId,
        );
        return id;
      })(),
    revokeFamily(familyId) {
      db.prepare('UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE family_id = ?').run(
        nowIso(),
        familyId,
      );
    },
    revokeAllForUser(userId) {
      db.prepare('UPDATE refresh_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE user_id = ?').run(
        nowIso(),
        userId,
      );
    },
  };
}
