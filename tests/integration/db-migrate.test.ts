import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, verifyPassword } from '../../src/app/accounts.js';
import { importFiles } from '../../src/app/import-files.js';
import { openSqliteStore } from '../../src/store/index.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { runCli } from '../helpers/cli.js';
import { rulesEngine } from '../helpers/engine.js';
import { PG_BIN, startPostgres, type Postgres } from '../helpers/postgres.js';
import { skipWithout } from '../helpers/required-tool.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'email');
const page = { page: 1, size: 100, sortBy: 'received_at', sortOrder: 'desc' } as const;

describe.skipIf(skipWithout('postgresql', PG_BIN))('phishguard db migrate --to postgres://…', () => {
  let pg: Postgres;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(() => pg?.stop());

  it('copies a SQLite data directory, verified, and the PostgreSQL store answers the same', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-migrate-'));
    const sqlite = openSqliteStore(dir);
    const engine = rulesEngine();
    const alice = await createUser(sqlite, {
      username: 'alice',
      password: 'alice-password-1',
      isAdmin: true,
    });
    const bob = await createUser(sqlite, { username: 'bob', password: 'bob-password-12', isAdmin: false });
    await importFiles(sqlite, engine, alice.id, [FIXTURES], { workers: 0 });
    await importFiles(sqlite, engine, bob.id, [join(FIXTURES, 'phishing-paypal-lookalike.eml')], {
      workers: 0,
    });
    const [first] = (await sqlite.emails.list(alice.id, page)).items;
    await sqlite.emails.setStatus([first!.id], alice.id, 'safe', 'mine');
    await sqlite.tokens.create({
      userId: alice.id,
      familyId: 'f',
      tokenHash: 'h',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    await sqlite.screenshots.put('shot-1', alice.id, Buffer.from([1, 2, 3]));
    const box = await sqlite.mailboxes.ensure({ userId: alice.id, kind: 'imap', address: 'x@y:993/INBOX' });
    await sqlite.mailboxes.setSecret(box.id, 'v1.sealed');
    await sqlite.scans.start(box.id, null); // left running by a daemon that stopped
    const before = {
      alice: await sqlite.emails.list(alice.id, page),
      bob: await sqlite.emails.list(bob.id, page),
      detail: await sqlite.emails.get(first!.id, alice.id),
      senders: await sqlite.senders.list(alice.id),
      audit: (await sqlite.audit.list({ page: 1, size: 100 })).total,
    };
    await sqlite.close();

    const url = await pg.createDatabase();
    const r = await runCli(['db', 'migrate', '--to', url, '--data-dir', dir, '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { to: string; tables: { table: string; rows: number }[] };
    const rows = Object.fromEntries(report.tables.map((t) => [t.table, t.rows]));
    expect(rows).toMatchObject({ users: 2, emails: before.alice.total + before.bob.total, screenshots: 1 });

    const store = await openPostgresStore(url);
    try {
      expect(await store.emails.list(alice.id, page)).toEqual(before.alice);
      expect(await store.emails.list(bob.id, page)).toEqual(before.bob);
      expect(await store.emails.get(first!.id, alice.id)).toEqual(before.detail);
      expect(await store.senders.list(alice.id)).toEqual(before.senders);
      expect((await store.audit.list({ page: 1, size: 100 })).total).toBe(before.audit);
      expect(await verifyPassword(await store.users.byUsername('alice'), 'alice-password-1')).toBe(true);
      expect((await store.mailboxes.byId(box.id))?.secret_enc).toBe('v1.sealed');
      expect((await store.scans.latest(box.id))?.status).toBe('interrupted');
      // New rows continue after the copied ids.
      const carol = await store.users.create({ username: 'carol', passwordHash: null, isAdmin: false });
      expect(carol.id).toBeGreaterThan(bob.id);
    } finally {
      await store.close();
    }

    // A second copy into a database that already has accounts is refused, changing nothing.
    const again = await runCli(['db', 'migrate', '--to', url, '--data-dir', dir]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already has accounts/);
  });

  it('says what is wrong with a missing store or a bad URL', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'pg-migrate-empty-'));
    const none = await runCli(['db', 'migrate', '--to', await pg.createDatabase(), '--data-dir', empty]);
    expect([none.code, none.stderr]).toEqual([3, expect.stringMatching(/no SQLite store/)]);
    const bad = await runCli(['db', 'migrate', '--to', 'mysql://x', '--data-dir', empty]);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/postgres:\/\//)]);
    await openSqliteStore(empty).close();
    const down = await runCli([
      'db',
      'migrate',
      '--to',
      'postgres://nobody:secret@127.0.0.1:1/x',
      '--data-dir',
      empty,
    ]);
    expect(down.code).toBe(7);
    expect(down.stderr).toMatch(
      /cannot open the PostgreSQL store at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/x/,
    );
    expect(down.stderr).not.toContain('secret');
  });
});
