import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { withHistory } from '../../src/app/sender-history.js';
import { runCli } from '../helpers/cli.js';
import { testApp, type TestApp } from '../helpers/app.js';

/** The mailbox's own receiving server (its Authentication-Results are trusted). */
const engine = createEngine({ trustedAuthServIds: ['mx.test'] });
const BODY =
  '<p>Dear customer, your account will be suspended within 24 hours unless you confirm your billing details now.</p><p><a href="https://shopnews.example/account/confirm">Confirm your account</a></p>';
const AUTH = 'dmarc=pass header.from=shopnews.example; dkim=pass header.d=shopnews.example';

function message(o: { id: number; from?: string; auth?: string; body?: string }) {
  return Buffer.from(`Authentication-Results: mx.test; ${o.auth ?? AUTH}
From: ${o.from ?? 'Shop News <news@shopnews.example>'}
To: alice@example.org
Subject: Action required: confirm your account details #${o.id}
Date: Mon, ${String(o.id).padStart(2, '0')} Nov 2026 10:00:00 +0000
Message-ID: <m${o.id}@test>
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<html><body>${o.body ?? BODY}</body></html>
`);
}

/** Stores a message in the user's mailbox the way imports and scans do (history applied). */
async function store(t: TestApp, username: string, raw: Buffer, id: number): Promise<number> {
  const user = (await t.deps.store.users.byUsername(username))!;
  const mailbox = await t.deps.store.mailboxes.ensure({ userId: user.id, kind: 'local', address: 'inbox' });
  const { analysis } = await engine.analyzeRaw(raw);
  return (
    await t.deps.store.emails.insertAnalysed(
      {
        mailboxId: mailbox.id,
        providerId: `m${id}`,
        messageId: null,
        subject: `#${id}`,
        sender: 'x',
        receivedAt: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`,
        snippet: '',
        size: raw.length,
        raw,
        links: [],
      },
      await withHistory(t.deps.store, user.id, analysis),
    )
  ).id;
}

const score = async (t: TestApp, token: string, id: number) => {
  const e = await (await t.req(`/api/emails/${id}`, { token })).json();
  return {
    score: e.phishing_analysis.risk_score as number,
    ids: e.analysis.indicators.map((i: { id: string }) => i.id) as string[],
  };
};

describe('the user’s mailbox teaches the engine (sender history and marks)', () => {
  it('one "safe" mark on an authenticated sender brings its other mail below the phishing threshold, and undoing it restores the scores', async () => {
    const t = await testApp();
    const { access_token: token } = await t.login('alice', 'alice-password');
    const ids = [];
    for (const n of [1, 2, 3]) ids.push(await store(t, 'alice', message({ id: n }), n));
    const before = await Promise.all(ids.map((id) => score(t, token, id)));
    expect(before.map((b) => b.score)).toEqual([100, 100, 100]);
    expect(before[0]!.ids).toContain('history.first_contact');

    const mark = await t.req(`/api/emails/${ids[0]}/status`, {
      method: 'PATCH',
      token,
      json: { status: 'safe' },
    });
    expect(mark.status).toBe(200);
    for (const id of ids.slice(1)) {
      const after = await score(t, token, id);
      expect(after.score).toBeLessThan(50);
      expect(after.ids).toContain('history.known_sender');
    }
    const listed = await (await t.req('/api/senders', { token })).json();
    expect(listed.senders[0]).toMatchObject({
      address: 'news@shopnews.example',
      authenticated_domain: 'shopnews.example',
      messages: 3,
      markedSafe: 1,
    });

    // Undo through "forget": the marks go, the scores come back.
    const forget = await t.req('/api/senders/forget', {
      method: 'POST',
      token,
      json: { identity: 'shopnews.example' },
    });
    expect(await forget.json()).toMatchObject({ unmarked: 1 });
    for (const id of ids.slice(1)) expect((await score(t, token, id)).score).toBe(100);
  });

  it('gives no trust to a spoofed From, flags a lookalike of a known sender, and keeps a credential link elsewhere at least MEDIUM', async () => {
    const t = await testApp();
    const { access_token: token } = await t.login('alice', 'alice-password');
    // An established correspondent: four authenticated messages on four days.
    for (const n of [1, 2, 3, 4])
      await store(
        t,
        'alice',
        message({
          id: n,
          body: '<p>Our autumn catalogue is out.</p><a href="https://shopnews.example/c">See it</a>',
        }),
        n,
      );

    const spoofed = await store(
      t,
      'alice',
      message({ id: 10, auth: 'dmarc=fail header.from=shopnews.example' }),
      10,
    );
    const s = await score(t, token, spoofed);
    expect(s.ids).not.toContain('history.known_sender');
    expect(s.score).toBe(100);

    const lookalike = await store(
      t,
      'alice',
      message({ id: 11, from: 'Shop News <news@sh0pnews.example>', auth: 'dmarc=none' }),
      11,
    );
    expect((await score(t, token, lookalike)).ids).toContain('history.imitates_known_sender');

    const offsite = await store(
      t,
      'alice',
      message({
        id: 12,
        body: '<p>Your account will be suspended. Sign in to keep it:</p><a href="http://203.0.113.9/login">https://shopnews.example/account</a>',
      }),
      12,
    );
    const o = await score(t, token, offsite);
    expect(o.ids).not.toContain('history.known_sender');
    expect(o.score).toBeGreaterThanOrEqual(40);

    // The same authenticated sender with its own links: trusted.
    const own = await store(t, 'alice', message({ id: 13 }), 13);
    expect((await score(t, token, own)).ids).toContain('history.known_sender');
  });

  it('another user’s marks change nothing for this user; a phishing mark raises the sender for its owner', async () => {
    const t = await testApp();
    const alice = await t.login('alice', 'alice-password');
    const bob = await t.login('bob', 'bob-password');
    const a1 = await store(t, 'alice', message({ id: 1 }), 1);
    const a2 = await store(t, 'alice', message({ id: 2 }), 2);
    const b1 = await store(t, 'bob', message({ id: 1 }), 101);
    await store(t, 'bob', message({ id: 2 }), 102);
    await t.req(`/api/emails/${b1}/status`, {
      method: 'PATCH',
      token: bob.access_token,
      json: { status: 'safe' },
    });
    expect((await score(t, alice.access_token, a2)).score).toBe(100);
    expect((await score(t, alice.access_token, a2)).ids).not.toContain('history.known_sender');
    // A spoofed copy (not authenticated) marked phishing does not taint the real, authenticated sender…
    const spoof = await store(
      t,
      'alice',
      message({ id: 3, auth: 'dmarc=fail header.from=shopnews.example' }),
      3,
    );
    await t.req(`/api/emails/${spoof}/status`, {
      method: 'PATCH',
      token: alice.access_token,
      json: { status: 'phishing' },
    });
    expect((await score(t, alice.access_token, a2)).ids).not.toContain('history.marked_phishing');
    // …but the next unauthenticated message from that address is raised, and so is the sender once
    // its authenticated mail is marked.
    const spoof2 = await store(
      t,
      'alice',
      message({ id: 4, auth: 'dmarc=fail header.from=shopnews.example' }),
      4,
    );
    expect((await score(t, alice.access_token, spoof2)).ids).toContain('history.marked_phishing');
    await t.req(`/api/emails/${a1}/status`, {
      method: 'PATCH',
      token: alice.access_token,
      json: { status: 'phishing' },
    });
    expect((await score(t, alice.access_token, a2)).ids).toContain('history.marked_phishing');
  });

  it('the daemon rescores a big sender after a mark in the background: the newest at once, the rest between other requests', async () => {
    const t = await testApp();
    const user = (await t.deps.store.users.byUsername('alice'))!;
    const mailbox = await t.deps.store.mailboxes.ensure({ userId: user.id, kind: 'local', address: 'inbox' });
    const { analysis } = await engine.analyzeRaw(message({ id: 1 }));
    const ids: number[] = [];
    for (let i = 0; i < 650; i++)
      ids.push(
        (
          await t.deps.store.emails.insertAnalysed(
            {
              mailboxId: mailbox.id,
              providerId: `bulk${i}`,
              messageId: null,
              subject: `#${i}`,
              sender: 'x',
              receivedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60e3).toISOString(),
              snippet: '',
              size: 10,
              raw: null,
              links: [],
            },
            analysis,
          )
        ).id,
      );
    const stored = async (id: number) => (await t.deps.store.emails.get(id, user.id))!.analysis!.risk_score;
    const before = await stored(ids[0]!);
    const { relearnSoon } = await import('../../src/app/sender-history.js');
    await t.deps.store.emails.setStatus([ids[649]!], user.id, 'safe', null);
    let between = false;
    const r = await relearnSoon(t.deps.store, user.id, [ids[649]!]);
    setImmediate(() => (between = true));
    expect(r.rescored).toBe(650);
    // At once: the marked message and the newest 199 others; the oldest not yet. (The marked
    // message is scored without its own mark, as in the test above.)
    expect(await stored(ids[648]!)).toBeLessThan(before);
    expect(await stored(ids[450]!)).toBeLessThan(before);
    expect(await stored(ids[449]!)).toBe(before);
    expect(await stored(ids[0]!)).toBe(before);
    await r.done;
    expect(between).toBe(true);
    for (const id of ids.slice(0, 649)) expect(await stored(id)).toBeLessThan(before);
  });

  it('phishguard mark, senders list and senders forget work on the local store', async () => {
    const t = await testApp();
    const { access_token: token } = await t.login('alice', 'alice-password');
    const id = await store(t, 'alice', message({ id: 1 }), 1);
    const other = await store(t, 'alice', message({ id: 2 }), 2);
    const mark = await runCli([
      'mark',
      String(id),
      '--as',
      'safe',
      '--user',
      'alice',
      '--data-dir',
      t.dataDir,
    ]);
    expect(mark.stdout).toBe('marked 1 email(s) safe; 2 email(s) of the same senders scored again\n');
    expect((await score(t, token, other)).ids).toContain('history.known_sender');
    const bad = await runCli([
      'mark',
      String(id),
      '--as',
      'fine',
      '--user',
      'alice',
      '--data-dir',
      t.dataDir,
    ]);
    expect(bad.code).toBe(2);
    const list = await runCli(['senders', 'list', '--user', 'alice', '--data-dir', t.dataDir, '--json']);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)[0]).toMatchObject({ address: 'news@shopnews.example', markedSafe: 1 });
    const forget = await runCli([
      'senders',
      'forget',
      'news@shopnews.example',
      '--user',
      'alice',
      '--data-dir',
      t.dataDir,
    ]);
    expect(forget.stdout).toBe('forgot 1 mark(s) on news@shopnews.example; 2 message(s) scored again\n');
  });
});
