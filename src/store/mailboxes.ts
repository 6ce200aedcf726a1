import type { SyncRepo, MailboxRecord, MailboxesRepo } from '../app/ports.js';
import { nowIso, type Db } from './db.js';
import { toMailbox, type MailboxRow as Row } from './sql.js';

export function sqliteMailboxes(db: Db): SyncRepo<MailboxesRepo> {
  const find = (userId: number, kind: string, address: string) =>
    toMailbox(
      db
        .prepare<[number, string, string], Row>(
          'SELECT * FROM mailboxes WHERE user_id = ? AND kind = ? AND address = ?',
        )
        .get(userId, kind, address),
    );
  return {
    ensure(m) {
      db.prepare(
        'INSERT INTO mailboxes (user_id, kind, address, config_json, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, kind, address) DO NOTHING',
      ).run(m.userId, m.kind, m.address, JSON.stringify(m.config ?? {}), nowIso());
      return find(m.userId, m.kind, m.address) as MailboxRecord;
    },
    byId: (id) => toMailbox(db.prepare<[number], Row>('SELECT * FROM mailboxes WHERE id = ?').get(id)),
    find,
    listForUser: (userId) =>
      db
        .prepare<[number], Row>('SELECT * FROM mailboxes WHERE user_id = ? ORDER BY id')
        .all(userId)
        .map((r) => toMailbox(r) as MailboxRecord),
    listAll: () =>
      db
        .prepare<[], Row>('SELECT * FROM mailboxes ORDER BY id')
        .all()
        .map((r) => toMailbox(r) as MailboxRecord),
    setState(id, state) {
      db.prepare('UPDATE mailboxes SET state_json = ? WHERE id = ?').run(JSON.stringify(state), id);
    },
    setSecret(id, secret) {
      db.prepare('UPDATE mailboxes SET secret_enc = ? WHERE id = ?').run(secret, id);
    },
    setConfig(id, config) {
      db.prepare('UPDATE mailboxes SET config_json = ? WHERE id = ?').run(JSON.stringify(config), id);
    },
    touchScan(id) {
      db.prepare('UPDATE mailboxes SET last_scan_at = ? WHERE id = ?').run(nowIso(), id);
    },
    remove: (id) => db.prepare('DELETE FROM mailboxes WHERE id = ?').run(id).changes > 0,
  };
}
