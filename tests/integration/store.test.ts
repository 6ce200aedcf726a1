import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { EmailFilters, Store } from '../../src/app/ports.js';
import { openSqliteStore } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { rulesEngine } from '../helpers/engine.js';

const engine = rulesEngine();
const phish = engine.analyzeTest({
  subject: 'Verify your account',
  sender: 'PayPal <s@paypa1.example>',
  content: 'Your account is limited. Verify within 24 hours: http://paypa1.example/login',
});
const page1: EmailFilters = { page: 1, size: 20, sortBy: 'received_at', sortOrder: 'desc' };

async function addMail(store: Store, mailboxId: number, n: number, from = 0) {
  for (let i = from; i < from + n; i++)
    await store.emails.insertAnalysed(
      {
        mailboxId,
        providerId: `p${i}`,
        messageId: null,
        subject: `mail ${i}`,
        sender: 's@paypa1.example',
        receivedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        snippet: '',
        size: 1,
        raw: null,
        links: [],
      },
      phish,
    );
}

async function seeded() {
  const dir = mkdtempSync(join(tmpdir(), 'pg-store-'));
  const store = openSqliteStore(dir);
  const alice = await store.users.create({ username: 'alice', passwordHash: 'x', isAdmin: false });
  const bob = await store.users.create({ username: 'bob', passwordHash: 'x', isAdmin: false });
  const a1 = await store.mailboxes.ensure({ userId: alice.id, kind: 'local', address: 'one' });
  const a2 = await store.mailboxes.ensure({ userId: alice.id, kind: 'imap', address: 'two' });
  const b1 = await store.mailboxes.ensure({ userId: bob.id, kind: 'local', address: 'bob' });
  return { dir, store, alice, bob, a1, a2, b1 };
}

describe('SQLite email store', () => {
  it('lists a user’s mail across mailboxes, newest first, paged by id, never another user’s', async () => {
    const { store, alice, bob, a1, a2, b1 } = await seeded();
    await addMail(store, a1.id, 30);
    await addMail(store, a2.id, 30, 30);
    await addMail(store, b1.id, 5, 100);
    const all = await store.emails.list(alice.id, { ...page1, size: 200 });
    expect(all.total).toBe(60);
    expect(all.items.map((e) => e.subject)).toEqual(Array.from({ length: 60 }, (_, i) => `mail ${59 - i}`));
    const p2 = await store.emails.list(alice.id, { ...page1, page: 2, size: 25 });
    expect(p2.items.map((e) => e.subject)).toEqual(all.items.slice(25, 50).map((e) => e.subject));
    expect(p2.items[0]?.analysis).toEqual({
      risk_score: phish.risk_score,
      risk_level: phish.risk_level,
      summary: phish.summary,
      indicators: expect.arrayContaining([expect.any(String)]),
    });
    expect((await store.emails.list(bob.id, page1)).total).toBe(5);
    // Removing a mailbox removes its mail (cascade) from the list and from its total.
    await store.mailboxes.remove(a2.id);
    const left = await store.emails.list(alice.id, { ...page1, size: 200 });
    expect([left.total, left.items.length, await store.emails.countForUser(alice.id)]).toEqual([30, 30, 30]);
    await store.users.remove(bob.id);
    expect((await store.emails.list(bob.id, page1)).total).toBe(0);
    await store.close();
  });

  it('keeps list totals exact as mail is added, changed and removed, also by another connection', async () => {
    const { dir, store, alice, a1 } = await seeded();
    await addMail(store, a1.id, 10);
    const reviewed: EmailFilters = { ...page1, status: 'reviewed' };
    expect([
      (await store.emails.list(alice.id, page1)).total,
      (await store.emails.list(alice.id, reviewed)).total,
    ]).toEqual([10, 0]);
    const ids = (await store.emails.list(alice.id, page1)).items.map((e) => e.id);
    await store.emails.setStatus(ids.slice(0, 3), alice.id, 'reviewed', null);
    expect((await store.emails.list(alice.id, reviewed)).total).toBe(3);
    await store.emails.remove(ids[0]!, alice.id);
    expect([
      (await store.emails.list(alice.id, page1)).total,
      (await store.emails.list(alice.id, reviewed)).total,
    ]).toEqual([9, 2]);
    // A CLI scan writing beside the daemon: a second connection to the same file.
    const other = openSqliteStore(dir);
    await addMail(other, a1.id, 4, 50);
    await other.emails.setStatus(ids.slice(3, 5), alice.id, 'reviewed', null);
    await other.close();
    expect([
      (await store.emails.list(alice.id, page1)).total,
      (await store.emails.list(alice.id, reviewed)).total,
    ]).toEqual([13, 4]);
    await store.close();
  });

  it('gives a link the user’s own newest full analysis (with its screenshot), never another user’s', async () => {
    const { store, alice, bob } = await seeded();
    const put = async (id: string, userId: number, mode: string, shot: string | null) =>
      await store.urlAnalyses.put({
        analysisId: id,
        cacheKey: `${id}-key`,
        userId,
        url: 'https://x.example/a',
        verdict: 'suspicious',
        threatScore: 0.5,
        resultJson: JSON.stringify({ analysis_metadata: { mode, screenshot_id: shot } }),
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
    await put('a-full-old', alice.id, 'comprehensive', 'shot-old');
    await put('a-full', alice.id, 'comprehensive', 'shot-new');
    await put('a-quick', alice.id, 'quick', null);
    await put('b-full', bob.id, 'comprehensive', 'shot-bob');
    const mine = await store.urlAnalyses.latestFor(alice.id, [
      'https://x.example/a',
      'https://never.example/',
    ]);
    expect([...mine.keys()]).toEqual(['https://x.example/a']);
    expect(mine.get('https://x.example/a')).toMatchObject({
      analysis_id: 'a-full',
      screenshot_id: 'shot-new',
    });
    expect(
      (await store.urlAnalyses.latestFor(bob.id, ['https://x.example/a'])).get('https://x.example/a'),
    ).toMatchObject({ analysis_id: 'b-full' });
  });

  it('upgrades a version 3 database: every email gets its owner and lists as before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-store-'));
    const db = new Database(join(dir, 'phishguard.db'));
    for (const m of MIGRATIONS.slice(0, 3)) db.exec(m);
    db.pragma('user_version = 3');
    const now = new Date().toISOString();
    db.prepare("INSERT INTO users (id, username, created_at, updated_at) VALUES (7, 'carol', ?, ?)").run(
      now,
      now,
    );
    db.prepare(
      "INSERT INTO mailboxes (id, user_id, kind, address, created_at) VALUES (3, 7, 'local', 'c', ?)",
    ).run(now);
    const insert = db.prepare(
      'INSERT INTO emails (mailbox_id, provider_id, subject, received_at, created_at) VALUES (3, ?, ?, ?, ?)',
    );
    for (let i = 0; i < 3; i++) insert.run(`old${i}`, `old ${i}`, `2025-01-0${i + 1}T00:00:00Z`, now);
    db.close();

    const store = openSqliteStore(dir);
    const list = await store.emails.list(7, page1);
    expect(list.total).toBe(3);
    expect(list.items.map((e) => [e.subject, e.analysis])).toEqual([
      ['old 2', null],
      ['old 1', null],
      ['old 0', null],
    ]);
    await store.close();
  });
});
