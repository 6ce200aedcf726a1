import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailFilters, Store } from '../../src/app/ports.js';
import { openSqliteStore } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { PG_MIGRATIONS } from '../../src/store/postgres-migrations.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { backends, postgresBackend, type Backend } from '../helpers/backends.js';
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

/** One message from `sender`, received `minute` minutes into 2026; its id. */
async function addFrom(store: Store, mailboxId: number, providerId: string, sender: string, minute: number) {
  const r = await store.emails.insertAnalysed(
    {
      mailboxId,
      providerId,
      messageId: null,
      subject: providerId,
      sender,
      receivedAt: new Date(Date.UTC(2026, 0, 1) + minute * 60_000).toISOString(),
      snippet: '',
      size: 1,
      raw: null,
      links: [],
    },
    phish,
  );
  return r.id;
}

async function seeded(backend: Backend) {
  const opened = await backend.open();
  const { store } = opened;
  const alice = await store.users.create({ username: 'alice', passwordHash: 'x', isAdmin: false });
  const bob = await store.users.create({ username: 'bob', passwordHash: 'x', isAdmin: false });
  const a1 = await store.mailboxes.ensure({ userId: alice.id, kind: 'local', address: 'one' });
  const a2 = await store.mailboxes.ensure({ userId: alice.id, kind: 'imap', address: 'two' });
  const b1 = await store.mailboxes.ensure({ userId: bob.id, kind: 'local', address: 'bob' });
  return { ...opened, alice, bob, a1, a2, b1 };
}

describe.each(backends())('the $name store', (backend) => {
  beforeAll(() => backend.start(), 60_000);
  afterAll(() => backend.stop());
  if (backend.skip) it.skip('needs PostgreSQL (apt-get install postgresql)', () => undefined);
  const it_ = backend.skip ? it.skip : it;

  it_('lists a user’s mail across mailboxes, newest first, paged by id, never another user’s', async () => {
    const { store, alice, bob, a1, a2, b1 } = await seeded(backend);
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

  it_(
    'keeps list totals exact as mail is added, changed and removed, also by another connection',
    async () => {
      const { other: otherStore, store, alice, a1 } = await seeded(backend);
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
      const searched: EmailFilters = {
        ...page1,
        terms: [{ field: 'subject', text: 'mail 5', negate: false }],
      };
      expect((await store.emails.list(alice.id, searched)).total).toBe(1);
      // A CLI scan or a worker writing beside the daemon: a second connection to the same data.
      const other = await otherStore();
      await addMail(other, a1.id, 4, 50);
      await other.emails.setStatus(ids.slice(3, 5), alice.id, 'reviewed', null);
      await other.close();
      expect([
        (await store.emails.list(alice.id, page1)).total,
        (await store.emails.list(alice.id, reviewed)).total,
      ]).toEqual([13, 4]);
      // A count under a search is not kept past a change made elsewhere.
      expect((await store.emails.list(alice.id, searched)).total).toBe(5);
      await store.close();
    },
  );

  it_(
    'gives a link the user’s own newest full analysis (with its screenshot), never another user’s',
    async () => {
      const { store, alice, bob } = await seeded(backend);
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
    },
  );

  it_('keeps accounts, sign-ins and their revocation', async () => {
    const { store, alice } = await seeded(backend);
    expect((await store.users.byUsername('ALICE'))?.id).toBe(alice.id);
    await expect(
      store.users.create({ username: 'Alice', passwordHash: 'y', isAdmin: false }),
    ).rejects.toThrow();
    const admin = await store.users.create({
      username: 'root',
      email: 'Root@Example.org',
      passwordHash: 'h',
      isAdmin: true,
      mustChangePassword: true,
    });
    expect(admin).toMatchObject({ is_admin: true, must_change_password: true, disabled: false });
    expect((await store.users.byEmail('root@example.org'))?.id).toBe(admin.id);
    await store.users.setPassword(admin.id, 'h2', false);
    await store.users.setDisabled(admin.id, true);
    expect(await store.users.byId(admin.id)).toMatchObject({
      password_hash: 'h2',
      must_change_password: false,
      disabled: true,
    });
    expect(await store.users.count()).toBe(3);
    const first = await store.tokens.create({
      userId: alice.id,
      familyId: 'fam',
      tokenHash: 't1',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect((await store.users.bySession(alice.id, 'fam'))?.id).toBe(alice.id);
    const second = await store.tokens.rotate(first, {
      userId: alice.id,
      familyId: 'fam',
      tokenHash: 't2',
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect(await store.tokens.byHash('t1')).toMatchObject({
      revoked_at: expect.any(String),
      replaced_by: second,
    });
    expect((await store.users.bySession(alice.id, 'fam'))?.id).toBe(alice.id);
    await store.tokens.revokeFamily('fam');
    expect(await store.users.bySession(alice.id, 'fam')).toBeNull();
    expect(await store.users.remove(admin.id)).toBe(true);
    expect(await store.users.byId(admin.id)).toBeNull();
    await store.close();
  });

  it_('keeps mailboxes with their settings, state and scans', async () => {
    const { store, alice, a1 } = await seeded(backend);
    const again = await store.mailboxes.ensure({ userId: alice.id, kind: 'local', address: 'one' });
    expect(again.id).toBe(a1.id);
    await store.mailboxes.setConfig(a1.id, { host: 'h' });
    await store.mailboxes.setState(a1.id, { imap: { uid: 7 } });
    await store.mailboxes.setSecret(a1.id, 'enc');
    await store.mailboxes.touchScan(a1.id);
    expect(await store.mailboxes.byId(a1.id)).toMatchObject({
      config: { host: 'h' },
      state: { imap: { uid: 7 } },
      secret_enc: 'enc',
      last_scan_at: expect.any(String),
    });
    expect((await store.mailboxes.listForUser(alice.id)).map((m) => m.address)).toEqual(['one', 'two']);
    expect((await store.mailboxes.listAll()).length).toBe(3);
    const scan = await store.scans.start(a1.id, null);
    await store.scans.progress(scan, 5, 2, 10);
    expect(await store.scans.latest(a1.id)).toMatchObject({
      id: scan,
      status: 'running',
      processed: 5,
      total: 10,
    });
    expect((await store.scans.recoverInterrupted()).map((r) => r.id)).toEqual([scan]);
    expect((await store.scans.get(scan))?.status).toBe('interrupted');
    const done = await store.scans.start(a1.id, 3);
    await store.scans.finish(done, 'done');
    expect(await store.scans.get(done)).toMatchObject({ status: 'done', finished_at: expect.any(String) });
    await store.close();
  });

  it_(
    'stores each message once, even when two writers race, with its bytes, links and analysis',
    async () => {
      const { store, other, alice, bob, a1 } = await seeded(backend);
      const second = await other();
      const mail = (providerId: string) => ({
        mailboxId: a1.id,
        providerId,
        messageId: '<m@x>',
        subject: 'Verify now',
        sender: 'PayPal <s@paypa1.example>',
        receivedAt: '2026-03-04T05:06:07.000Z',
        snippet: 'limited',
        size: 42,
        raw: Buffer.from('Subject: Verify now\r\n\r\nhello'),
        links: ['http://paypa1.example/login', 'http://paypa1.example/login', 'http://x.example/'],
      });
      const raced = await Promise.all([
        ...Array.from({ length: 5 }, () => store.emails.insertAnalysed(mail('same'), phish)),
        ...Array.from({ length: 5 }, () => second.emails.insertAnalysed(mail('same'), phish)),
      ]);
      expect(raced.filter((r) => r.inserted)).toHaveLength(1);
      expect(new Set(raced.map((r) => r.id)).size).toBe(1);
      const id = raced[0]!.id;
      expect(await store.emails.countForUser(alice.id)).toBe(1);
      expect(await store.emails.has(a1.id, 'same')).toBe(true);
      expect((await store.emails.raw(id, alice.id))?.toString()).toContain('hello');
      expect(await store.emails.raw(id, bob.id)).toBeNull();
      expect((await store.emails.rawById(id))?.toString()).toContain('hello');
      const row = await store.emails.get(id, alice.id);
      expect(row?.analysis).toMatchObject({
        is_phishing: phish.is_phishing,
        engine_version: phish.engine_version,
      });
      expect(row?.analysis?.result?.risk_score).toBe(phish.risk_score);
      expect(await store.emails.get(id, bob.id)).toBeNull();
      expect((await store.emails.byProvider(a1.id, 'same'))?.id).toBe(id);
      const links = (await store.emails.links(id, alice.id)) ?? [];
      expect(links.map((l) => l.url)).toEqual(['http://paypa1.example/login', 'http://x.example/']);
      expect(await store.emails.links(id, bob.id)).toBeNull();
      expect(await store.emails.link(links[0]!.id, alice.id)).toMatchObject({ email_id: id });
      expect(await store.emails.link(links[0]!.id, bob.id)).toBeNull();
      expect(await store.emails.stale(phish.engine_version, 10)).toEqual([]);
      expect((await store.emails.stale('0.0.0', 10)).map((r) => r.id)).toEqual([id]);
      expect((await store.emails.search(alice.id, 'verify', 10)).map((e) => e.id)).toEqual([id]);
      expect(await store.emails.search(bob.id, 'verify', 10)).toEqual([]);
      expect(await store.emails.countsByLevel(alice.id)).toMatchObject({ [phish.risk_level]: 1 });
      expect(await store.emails.timeline(alice.id, '2026-01-01')).toEqual([
        { day: '2026-03-04', level: phish.risk_level, n: 1 },
      ]);
      const listed = await store.emails.listForMailbox(a1.id, 10, 0);
      expect([listed.total, listed.items[0]?.id]).toEqual([1, id]);
      await second.close();
      await store.close();
    },
  );

  it_('filters and sorts a page the same way: level, status, mailbox, dates and search terms', async () => {
    const { store, alice, a1, a2 } = await seeded(backend);
    await addMail(store, a1.id, 6);
    await addMail(store, a2.id, 4, 6);
    const ids = (await store.emails.list(alice.id, { ...page1, sortOrder: 'asc' })).items.map((e) => e.id);
    await store.emails.setStatus([ids[0]!, ids[1]!], alice.id, 'safe', 'mine');
    const total = async (f: Partial<EmailFilters>) =>
      (await store.emails.list(alice.id, { ...page1, ...f })).total;
    expect(await total({ status: 'safe' })).toBe(2);
    expect(await total({ riskLevel: phish.risk_level })).toBe(10);
    expect(await total({ mailboxId: a2.id })).toBe(4);
    expect(await total({ since: '2026-01-01T00:03:00.000Z', until: '2026-01-01T00:05:00.000Z' })).toBe(2);
    expect(await total({ terms: [{ field: 'subject', text: 'MAIL 1', negate: false }] })).toBe(1);
    expect(await total({ terms: [{ field: 'any', text: 'mail 1', negate: true }] })).toBe(9);
    expect(await total({ terms: [{ field: 'from', text: '100%_', negate: false }] })).toBe(0);
    const bySubject = await store.emails.list(alice.id, {
      ...page1,
      sortBy: 'subject',
      sortOrder: 'asc',
      size: 3,
    });
    expect(bySubject.items.map((e) => e.subject)).toEqual(['mail 0', 'mail 1', 'mail 2']);
    await store.close();
  });

  it_(
    'finds mail by sender the same way: any case, any part, negated, after deletions, never another user’s',
    async () => {
      const { store, where, alice, bob, a1, b1 } = await seeded(backend);
      // A hostile From header as long as the parser keeps (16 KB) must store and search too.
      const long = `Mallory <${randomBytes(8000).toString('hex')}@x.example>`;
      const senders = [
        'Alice Example <alice@corp.example>',
        'BOB <bob@other.example>',
        'Alice Example <alice@corp.example>',
        long,
        'BOB <bob@other.example>',
        'Alice Example <alice@corp.example>',
      ];
      const ids: number[] = [];
      for (const [i, sender] of senders.entries()) ids.push(await addFrom(store, a1.id, `a${i}`, sender, i));
      await addFrom(store, b1.id, 'b0', 'Alice Example <alice@corp.example>', 9);
      const from = (text: string, negate = false) => ({ field: 'from' as const, text, negate });
      const list = async (...terms: ReturnType<typeof from>[]) =>
        (await store.emails.list(alice.id, { ...page1, terms })).items.map((e) => e.id);
      expect(await list(from('CORP.example'))).toEqual([ids[5], ids[2], ids[0]]);
      expect(await list(from('alice'), from('corp'))).toEqual([ids[5], ids[2], ids[0]]);
      expect(await list(from('alice', true))).toEqual([ids[4], ids[3], ids[1]]);
      expect(await list(from('example'))).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
      expect(await list(from(long.slice(5000, 5040)))).toEqual([ids[3]]);
      expect(await list(from('nobody'))).toEqual([]);
      expect(await list(from('nobody', true))).toHaveLength(6);
      expect((await store.emails.list(bob.id, { ...page1, terms: [from('alice')] })).total).toBe(1);
      expect(await store.emails.remove(ids[0]!, alice.id)).toBe(true);
      expect(await list(from('alice'))).toEqual([ids[5], ids[2]]);
      for (const id of [ids[2]!, ids[5]!]) await store.emails.remove(id, alice.id);
      expect(await list(from('alice'))).toEqual([]);
      expect(await list(from('alice', true))).toEqual([ids[4], ids[3], ids[1]]);
      await addFrom(store, a1.id, 'a9', 'alice@corp.example', 20);
      expect((await store.emails.list(alice.id, { ...page1, terms: [from('alice')] })).total).toBe(1);
      if (where.databaseUrl) {
        // PostgreSQL searches senders through email_senders, which its triggers keep exact.
        const c = new pg.Client({ connectionString: where.databaseUrl });
        await c.connect();
        const r = await c.query(
          'SELECT sender, n::int AS n FROM email_senders WHERE user_id = $1 ORDER BY sender COLLATE "C"',
          [alice.id],
        );
        await c.end();
        expect(r.rows).toEqual([
          { sender: 'BOB <bob@other.example>', n: 2 },
          { sender: long, n: 1 },
          { sender: 'alice@corp.example', n: 1 },
        ]);
      }
      await store.close();
    },
  );

  it_('answers sender history from stored mail, with known correspondents and marks', async () => {
    const { store, alice, a1 } = await seeded(backend);
    const bank = engine.analyzeTest({
      subject: 'Statement',
      sender: 'My Bank <news@bank.example>',
      content: 'hello',
    });
    const authed = { ...bank, sender: { ...bank.sender, authenticated_domain: 'bank.example' } };
    const stored: number[] = [];
    for (let i = 0; i < 3; i++)
      stored.push(
        (
          await store.emails.insertAnalysed(
            {
              mailboxId: a1.id,
              providerId: `bank${i}`,
              messageId: null,
              subject: 'Statement',
              sender: 'My Bank <news@bank.example>',
              receivedAt: `2026-02-0${i + 1}T10:00:00.000Z`,
              snippet: '',
              size: 1,
              raw: null,
              links: [],
            },
            authed,
          )
        ).id,
      );
    await store.emails.setStatus([stored[0]!], alice.id, 'safe', null);
    const h = await store.senders.history(alice.id, {
      address: 'NEWS@bank.example',
      authenticatedDomain: 'bank.example',
    });
    expect(h.address).toMatchObject({
      messages: 3,
      days: 3,
      markedSafe: 1,
      firstSeen: '2026-02-01T10:00:00.000Z',
    });
    expect(h.domain).toMatchObject({ messages: 3 });
    expect(h.knownDomains).toContain('bank.example');
    expect(h.knownNames.get('my bank')).toEqual(['bank.example']);
    const without = await store.senders.history(
      alice.id,
      { address: 'news@bank.example', authenticatedDomain: null },
      stored[2],
    );
    expect(without.address?.messages).toBe(2);
    expect((await store.senders.list(alice.id))[0]).toMatchObject({
      address: 'news@bank.example',
      authenticated_domain: 'bank.example',
      messages: 3,
      markedSafe: 1,
    });
    expect((await store.senders.related(alice.id, [stored[1]!])).sort((a, b) => a - b)).toEqual(stored);
    expect(await store.senders.forget(alice.id, 'bank.example')).toEqual([stored[0]]);
    expect((await store.emails.get(stored[0]!, alice.id))?.status).toBe('reviewed');
    await store.close();
  });

  it_('keeps text with NUL characters (malformed mail carries them) and hostile page text', async () => {
    const { store, alice, a1 } = await seeded(backend);
    const { id, inserted } = await store.emails.insertAnalysed(
      {
        mailboxId: a1.id,
        providerId: 'nul',
        messageId: '<a\u0000b@x>',
        subject: 'Invoice\u0000 due',
        sender: 'Bad\u0000 <b@x.example>',
        receivedAt: null,
        snippet: 'a\u0000b',
        size: 3,
        raw: Buffer.from('a\u0000b'),
        links: ['http://x.example/\u0000a'],
      },
      phish,
    );
    expect(inserted).toBe(true);
    // SQLite keeps the NUL, PostgreSQL drops it.
    expect((await store.emails.get(id, alice.id))?.subject.replaceAll('\u0000', '')).toBe('Invoice due');
    expect((await store.emails.raw(id, alice.id))?.toString()).toBe('a\u0000b');
    await store.urlAnalyses.put({
      analysisId: 'nul-page',
      cacheKey: 'nul',
      userId: alice.id,
      url: 'https://z.example/',
      verdict: 'suspicious',
      threatScore: 0.4,
      resultJson: JSON.stringify({
        title: 'a\u0000b',
        analysis_metadata: { mode: 'comprehensive', screenshot_id: 's' },
      }),
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(
      (await store.urlAnalyses.latestFor(alice.id, ['https://z.example/'])).get('https://z.example/'),
    ).toMatchObject({
      analysis_id: 'nul-page',
      screenshot_id: 's',
    });
    await store.close();
  });

  it_('keeps screenshots, cached link analyses and the audit log per user', async () => {
    const { store, alice, bob } = await seeded(backend);
    await store.screenshots.put('s1', alice.id, Buffer.from([137, 80, 78, 71]));
    expect([...((await store.screenshots.get('s1', alice.id)) ?? [])]).toEqual([137, 80, 78, 71]);
    expect(await store.screenshots.get('s1', bob.id)).toBeNull();
    const put = (userId: number | null, expiresAt: string) =>
      store.urlAnalyses.put({
        analysisId: `a-${userId}-${expiresAt}`,
        cacheKey: 'k',
        userId,
        url: 'https://y.example/',
        verdict: 'safe',
        threatScore: 0.1,
        resultJson: '{"hello":"world"}',
        expiresAt,
      });
    await put(alice.id, '2099-01-01T00:00:00.000Z');
    await put(null, '2099-01-01T00:00:00.000Z');
    await put(bob.id, '2000-01-01T00:00:00.000Z');
    expect(await store.urlAnalyses.fresh('k', alice.id)).toEqual({ result_json: '{"hello":"world"}' });
    expect(await store.urlAnalyses.fresh('k', null)).not.toBeNull();
    expect(await store.urlAnalyses.fresh('k', bob.id)).toBeNull();
    expect(await store.urlAnalyses.get(`a-${alice.id}-2099-01-01T00:00:00.000Z`, bob.id)).toBeNull();
    expect((await store.urlAnalyses.search(alice.id, 'WORLD', 5)).map((r) => r.url)).toEqual([
      'https://y.example/',
    ]);
    await store.audit.add({ userId: alice.id, username: 'alice', action: 'auth.login', detail: { a: 1 } });
    await store.audit.add({ userId: bob.id, username: 'bob', action: 'auth.login', outcome: 'failure' });
    const mine = await store.audit.list({ userId: alice.id, page: 1, size: 10 });
    expect([mine.total, mine.items[0]?.detail, mine.items[0]?.outcome]).toEqual([1, { a: 1 }, 'success']);
    expect((await store.audit.list({ action: 'auth.login', page: 1, size: 1 })).total).toBe(2);
    expect((await store.health()).ok).toBe(true);
    await store.close();
  });
});

describe('SQLite upgrades', () => {
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

describe('the PostgreSQL schema', () => {
  const backend = postgresBackend();
  beforeAll(() => backend.start(), 60_000);
  afterAll(() => backend.stop());
  const it_ = backend.skip ? it.skip : it;

  it_('upgrades a version 6 database: existing senders become searchable through email_senders', async () => {
    const url = await backend.cluster().createDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      'CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (6)',
    );
    for (const m of PG_MIGRATIONS.slice(0, 6)) await c.query(m);
    await c.query(`INSERT INTO users (id, username, created_at, updated_at) VALUES (7, 'carol', 'now', 'now');
      INSERT INTO mailboxes (id, user_id, kind, address, created_at) VALUES (3, 7, 'local', 'c', 'now')`);
    for (const [i, sender] of [
      'Dave <dave@a.example>',
      'Erin <erin@b.example>',
      'Dave <dave@a.example>',
    ].entries())
      await c.query(
        `INSERT INTO emails (mailbox_id, user_id, provider_id, subject, sender, received_at, created_at)
         VALUES (3, 7, $1, $1, $2, $3, 'now')`,
        [`old${i}`, sender, `2025-01-0${i + 1}T00:00:00Z`],
      );
    await c.end();

    const store = await openPostgresStore(url);
    const list = await store.emails.list(7, {
      ...page1,
      terms: [{ field: 'from', text: 'DAVE@', negate: false }],
    });
    expect([list.total, list.items.map((e) => e.subject)]).toEqual([2, ['old2', 'old0']]);
    await store.emails.remove(list.items[0]!.id, 7);
    expect(
      (await store.emails.list(7, { ...page1, terms: [{ field: 'from', text: 'dave', negate: false }] }))
        .total,
    ).toBe(1);
    await store.close();
  });
});
