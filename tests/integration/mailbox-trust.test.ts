import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../src/app/accounts.js';
import { importFiles } from '../../src/app/import-files.js';
import { rescoreMailbox, setMailboxTrust, trustReport } from '../../src/app/mailbox-trust.js';
import type { MailboxRecord } from '../../src/app/ports.js';
import { rescoreStale } from '../../src/app/rescore.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { backends } from '../helpers/backends.js';
import { FIXTURES, shippedEngine } from '../helpers/engine.js';

// fixtures/service-mail: nine notices services send, seven of them stamped by the receiving
// server mx.example.org (the other two carry no Authentication-Results).
const SERVICE_MAIL = join(FIXTURES, 'service-mail');
const JIRA = '[JIRA] (OPS-1182) Rotate the VPN certificate before 12/01';

let t: TestApp;
let bob: string;
let mailbox: MailboxRecord;
beforeAll(async () => {
  t = await testApp();
  bob = (await t.login('bob', 'bob-password')).access_token;
  const user = await t.deps.store.users.byUsername('bob');
  const r = await importFiles(t.deps.store, t.deps.engine, user!.id, [SERVICE_MAIL], {
    workers: 0,
    mailboxName: 'work',
  });
  mailbox = (await t.deps.store.mailboxes.byId(r.mailboxId))!;
});

async function jira(): Promise<{ score: number; indicators: string[] }> {
  const { items } = await t.deps.store.emails.listForMailbox(mailbox.id, 50, 0);
  const row = items.find((e) => e.subject === JIRA);
  const a = row && (await t.deps.store.emails.get(row.id, mailbox.user_id))?.analysis?.result;
  if (!a) throw new Error('the Jira notice is not stored');
  return { score: a.risk_score, indicators: a.indicators.map((i) => i.id) };
}

describe('which receiving server a mailbox trusts', () => {
  it('is suggested from the topmost Authentication-Results of the stored mail, and set by the person', async () => {
    const report = await trustReport(t.deps.store, mailbox);
    expect(report).toEqual({
      trusted: null,
      sampled: 9,
      with_results: 7,
      seen: [{ authserv_id: 'mx.example.org', messages: 7 }],
      suggested: 'mx.example.org',
    });
    // Untrusted, the notice's passing DMARC vouches for nothing.
    const before = await jira();
    expect(before.indicators).not.toContain('auth.verified_sender');
    expect(before.score).toBeGreaterThanOrEqual(20);

    const { trusted, ids } = await setMailboxTrust(t.deps.store, mailbox, ' MX.Example.org ');
    expect([trusted, ids.length]).toEqual(['mx.example.org', 9]);
    expect(await rescoreMailbox(t.deps.store, t.deps.engine, mailbox.id, ids)).toBe(true);
    const after = await jira();
    expect(after.indicators).toContain('auth.verified_sender');
    expect(after.score).toBeLessThan(20);
    expect((await trustReport(t.deps.store, (await t.deps.store.mailboxes.byId(mailbox.id))!)).trusted).toBe(
      'mx.example.org',
    );

    // Trusting none again restores the untrusted reading.
    const none = await setMailboxTrust(t.deps.store, mailbox, null);
    expect(none.trusted).toBeNull();
    expect(await rescoreMailbox(t.deps.store, t.deps.engine, mailbox.id, none.ids)).toBe(true);
    expect(await jira()).toEqual(before);
  });

  it('suggests nothing when no one server stamps nearly all of the mail, and refuses what is no server name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-trust-'));
    // Whatever each sender wrote: a mailbox whose server writes no results of its own.
    for (const [i, id] of [
      'mx.one.example',
      'mx.two.example',
      'mx.three.example',
      'mx.one.example',
    ].entries())
      writeFileSync(
        join(dir, `${i}.eml`),
        `Authentication-Results: ${id}; dmarc=pass header.from=shop${i}.example\nFrom: shop${i}@shop${i}.example\nSubject: Order ${i}\n\nThanks for your order.\n`,
      );
    // A forwarder's ARC copy is not the receiving server's own header.
    writeFileSync(
      join(dir, 'arc.eml'),
      'ARC-Authentication-Results: i=1; mx.one.example; dmarc=pass\r\nFrom: a@list.example\r\nSubject: Via a list\r\n\r\nHi.\r\n',
    );
    const user = await t.deps.store.users.byUsername('bob');
    const r = await importFiles(t.deps.store, t.deps.engine, user!.id, [dir], {
      workers: 0,
      mailboxName: 'mixed',
    });
    const mixed = (await t.deps.store.mailboxes.byId(r.mailboxId))!;
    const report = await trustReport(t.deps.store, mixed);
    expect([report.sampled, report.with_results]).toEqual([5, 4]);
    expect(report.seen[0]).toEqual({ authserv_id: 'mx.one.example', messages: 2 });
    expect(report.suggested).toBeNull();
    await expect(setMailboxTrust(t.deps.store, mixed, 'mx.example.org; dmarc=pass')).rejects.toThrow(
      /not an authserv-id/,
    );
    expect((await t.deps.store.mailboxes.byId(mixed.id))!.config.authservId).toBeUndefined();
  });

  it('reads the sender history again once every message is read with the new trust', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-trust-'));
    // Four digests from one authenticated sender on three days: an established correspondent,
    // but only once the mailbox trusts the server that says they are authenticated.
    for (const [i, day] of ['01', '02', '03', '03'].entries())
      writeFileSync(
        join(dir, `${i}.eml`),
        'Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=github.com; dkim=pass header.d=github.com; dmarc=pass header.from=github.com\n' +
          `From: GitHub <noreply@github.com>\nTo: bob@example.org\nDate: ${day} Dec 2026 0${i}:00:00 +0000\nSubject: Digest ${i}\n\nSee what happened: https://github.com/notifications\n`,
      );
    const user = await t.deps.store.users.byUsername('bob');
    const r = await importFiles(t.deps.store, t.deps.engine, user!.id, [dir], {
      workers: 0,
      mailboxName: 'digests',
    });
    const box = (await t.deps.store.mailboxes.byId(r.mailboxId))!;
    const newest = async () => {
      const { items } = await t.deps.store.emails.listForMailbox(box.id, 1, 0);
      return (await t.deps.store.emails.get(items[0]!.id, user!.id))?.analysis?.result?.indicators.map(
        (i) => i.id,
      );
    };
    expect(await newest()).not.toContain('history.known_sender');
    const { ids } = await setMailboxTrust(t.deps.store, box, 'mx.example.org');
    // Newest first: when it is read, the older digests are not yet authenticated in the store.
    expect(await rescoreMailbox(t.deps.store, t.deps.engine, box.id, ids)).toBe(true);
    expect(await newest()).toContain('history.known_sender');
  });

  it('stops a rescoring that a newer change overtakes, so the older trust never wins', async () => {
    const first = await setMailboxTrust(t.deps.store, mailbox, 'mx.example.org');
    let done = 0;
    const finished = await rescoreMailbox(t.deps.store, t.deps.engine, mailbox.id, first.ids, async (n) => {
      done = n;
      // The person changes their mind while the first message is being stored.
      if (n === 1) await setMailboxTrust(t.deps.store, mailbox, null);
    });
    expect([finished, done]).toEqual([false, 1]);
    // The newer change's own rescoring (the daemon starts one for each change) then runs in full.
    const none = await setMailboxTrust(t.deps.store, mailbox, null);
    expect(await rescoreMailbox(t.deps.store, t.deps.engine, mailbox.id, none.ids)).toBe(true);
    expect((await jira()).indicators).not.toContain('auth.verified_sender');
  });

  it('finishes, when the daemon starts again, a rescoring it was stopped in', async () => {
    await setMailboxTrust(t.deps.store, mailbox, 'mx.example.org');
    // Stopped before any message was read again: the change is kept, marked pending.
    expect((await t.deps.store.mailboxes.byId(mailbox.id))!.config).toMatchObject({
      authservId: 'mx.example.org',
      trustRescorePending: true,
    });
    expect((await jira()).indicators).not.toContain('auth.verified_sender');
    // What a daemon runs as it starts (and after an engine change).
    expect(await rescoreStale(t.deps.store, t.deps.engine)).toBeGreaterThanOrEqual(9);
    expect((await jira()).indicators).toContain('auth.verified_sender');
    expect((await t.deps.store.mailboxes.byId(mailbox.id))!.config.trustRescorePending).toBeUndefined();
    expect(await rescoreStale(t.deps.store, t.deps.engine)).toBe(0);
    const none = await setMailboxTrust(t.deps.store, mailbox, null);
    expect(await rescoreMailbox(t.deps.store, t.deps.engine, mailbox.id, none.ids)).toBe(true);
  });

  it('is read and set over the API, scored again in the background, audited, and the owner’s alone', async () => {
    const report = await t.req(`/api/mailboxes/${mailbox.id}/trust`, { token: bob });
    expect(report.status).toBe(200);
    expect((await report.json()).suggested).toBe('mx.example.org');

    const put = await t.req(`/api/mailboxes/${mailbox.id}/trust`, {
      method: 'PUT',
      token: bob,
      json: { authserv_id: 'mx.example.org' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ trusted: 'mx.example.org', rescoring: 9 });
    await vi.waitFor(async () => expect((await jira()).indicators).toContain('auth.verified_sender'), {
      timeout: 10_000,
    });
    // Mail imported into the mailbox from now on is read with its trust.
    const dir = mkdtempSync(join(tmpdir(), 'pg-trust-'));
    writeFileSync(
      join(dir, 'github.eml'),
      'Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=github.com; dkim=pass header.d=github.com; dmarc=pass header.from=github.com\n' +
        'From: GitHub <noreply@github.com>\nTo: bob@example.org\nSubject: Your weekly digest\n\nSee what happened this week: https://github.com/notifications\n',
    );
    const user = await t.deps.store.users.byUsername('bob');
    await importFiles(t.deps.store, t.deps.engine, user!.id, [dir], { workers: 0, mailboxName: 'work' });
    const { items } = await t.deps.store.emails.listForMailbox(mailbox.id, 50, 0);
    const digest = items.find((e) => e.subject === 'Your weekly digest');
    expect(
      (await t.deps.store.emails.get(digest!.id, user!.id))?.analysis?.result?.indicators.map((i) => i.id),
    ).toContain('auth.verified_sender');
    const list = await (await t.req('/api/mailboxes', { token: bob })).json();
    expect(list.mailboxes.find((m: { id: number }) => m.id === mailbox.id).authserv_id).toBe(
      'mx.example.org',
    );
    const audit = await t.deps.store.audit.list({ action: 'mailbox.trust', page: 1, size: 20 });
    expect(audit.items[0]).toMatchObject({
      username: 'bob',
      target: `mailbox:${mailbox.id}`,
    });

    // Someone else's mailbox does not exist for you; nonsense is refused before anything changes.
    const alice = (await t.login('alice', 'alice-password')).access_token;
    expect((await t.req(`/api/mailboxes/${mailbox.id}/trust`, { token: alice })).status).toBe(404);
    const bad = await t.req(`/api/mailboxes/${mailbox.id}/trust`, {
      method: 'PUT',
      token: bob,
      json: { authserv_id: 'mx.example.org, evil' },
    });
    expect(bad.status).toBe(422);
    expect((await t.deps.store.mailboxes.byId(mailbox.id))!.config.authservId).toBe('mx.example.org');
    // A running scan reads the trust once, as it starts: the change waits for it to end.
    const scan = await t.deps.store.scans.start(mailbox.id, null);
    const busy = await t.req(`/api/mailboxes/${mailbox.id}/trust`, {
      method: 'PUT',
      token: bob,
      json: { authserv_id: null },
    });
    expect(busy.status).toBe(409);
    await t.deps.store.scans.finish(scan, 'done');
    expect((await t.deps.store.mailboxes.byId(mailbox.id))!.config.authservId).toBe('mx.example.org');
    expect(
      (await t.req(`/api/mailboxes/${mailbox.id}/trust`, { method: 'PUT', json: { authserv_id: null } }))
        .status,
    ).toBe(401);
  });
});

describe.each(backends())('a change of trust on the $name store', (backend) => {
  beforeAll(() => backend.start(), 60_000);
  afterAll(() => backend.stop());
  const it_ = backend.skip ? it.skip : it;

  it_(
    'is suggested, set, read into the stored mail, and finished after a stop',
    async () => {
      const { store } = await backend.open();
      try {
        const engine = shippedEngine();
        const user = await createUser(store, {
          username: 'cleo',
          password: 'cleo-password-1',
          isAdmin: false,
        });
        const r = await importFiles(store, engine, user.id, [SERVICE_MAIL], {
          workers: 0,
          mailboxName: 'work',
        });
        const m = (await store.mailboxes.byId(r.mailboxId))!;
        expect((await trustReport(store, m)).suggested).toBe('mx.example.org');
        const verified = async () => {
          const { items } = await store.emails.listForMailbox(m.id, 50, 0);
          const row = items.find((e) => e.subject === JIRA);
          return (await store.emails.get(row!.id, user.id))?.analysis?.result?.indicators.some(
            (i) => i.id === 'auth.verified_sender',
          );
        };
        const { ids } = await setMailboxTrust(store, m, 'mx.example.org');
        expect(await rescoreMailbox(store, engine, m.id, ids)).toBe(true);
        expect(await verified()).toBe(true);
        // Cleared, and the daemon stopped before reading the mail again: its next start does.
        await setMailboxTrust(store, m, null);
        expect(await verified()).toBe(true);
        expect(await rescoreStale(store, engine)).toBe(9);
        expect(await verified()).toBe(false);
      } finally {
        await store.close();
      }
    },
    60_000,
  );
});
