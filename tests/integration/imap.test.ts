import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addImapMailbox } from '../../src/app/mailboxes.js';
import { scanImapMailbox } from '../../src/app/scan-mailbox.js';
import { loadKey } from '../../src/app/secrets.js';
import { readImapFolder } from '../../src/adapters/imap/imap-source.js';
import { addImapWithCli, DOVECOT, startDovecot, type Dovecot } from '../helpers/dovecot.js';
import { fixture } from '../helpers/engine.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { runCli } from '../helpers/cli.js';
import { skipWithout } from '../helpers/required-tool.js';

function message(i: number): string {
  const phish = i % 10 === 0;
  return [
    `From: ${phish ? '"PayPal Service" <service@paypa1-support.com>' : `Colleague ${i} <person${i}@example.org>`}`,
    'To: alice@example.test',
    `Subject: ${phish ? 'Your account has been limited' : `Notes from meeting ${i}`}`,
    `Message-ID: <msg-${i}@example.org>`,
    `Date: ${new Date(Date.UTC(2026, 10, 1, 0, i)).toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    phish
      ? 'Verify your account within 24 hours or it will be suspended: http://paypal.com.secure-login.top/signin'
      : `Hi, attached are the notes from meeting ${i}. See you next week.`,
    '',
  ].join('\r\n');
}

// .ci/run installs dovecot-imapd; on a machine without it this suite is skipped and says so.
describe.skipIf(skipWithout('dovecot', DOVECOT))('IMAP mailboxes against a real Dovecot', () => {
  let dovecot: Dovecot;
  let t: TestApp;
  let key: Buffer;
  const settings = () => ({
    host: '127.0.0.1',
    port: dovecot.port,
    security: 'none' as const,
    user: 'alice@example.test',
    folder: 'INBOX',
  });

  beforeAll(async () => {
    dovecot = await startDovecot({ 'alice@example.test': 's3cret-pass', 'empty@example.test': 'pw-empty' });
    for (let i = 0; i < 500; i++)
      dovecot.deliver('alice@example.test', message(i), i % 3 === 0 ? '' : undefined);
    t = await testApp();
    key = loadKey(t.dataDir, 'secrets');
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
  });

  it('refuses a wrong password with a clear error, without hanging', async () => {
    const started = Date.now();
    const gen = readImapFolder({ ...settings(), password: 'wrong' }, null);
    await expect(gen.next()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: expect.stringMatching(/IMAP login failed for alice@example.test@127\.0\.0\.1/),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('scans a 500-message folder, resumes after a crash without duplicates, and never sets \\Seen', async () => {
    const alice = (await t.deps.store.users.byUsername('alice'))!;
    const mailbox = await addImapMailbox(t.deps.store, key, alice.id, settings(), {
      password: 's3cret-pass',
    });
    expect(mailbox.secret_enc).not.toContain('s3cret-pass');
    const seenBefore = dovecot.files('alice@example.test').filter((f) => /:2,[A-Z]*S/.test(f)).length;

    // A crash part-way: the progress callback throws after 100 messages.
    await expect(
      scanImapMailbox(t.deps.store, t.deps.engine, mailbox, key, (r) => {
        if (r.processed >= 100) throw new Error('simulated crash');
      }),
    ).rejects.toThrow('simulated crash');
    const partial = (await t.deps.store.emails.listForMailbox(mailbox.id, 1, 0)).total;
    expect(partial).toBe(100);

    const resumed = await scanImapMailbox(
      t.deps.store,
      t.deps.engine,
      (await t.deps.store.mailboxes.byId(mailbox.id))!,
      key,
    );
    expect(resumed).toMatchObject({ processed: 400, added: 400, total: 400 });
    const stored = await t.deps.store.emails.listForMailbox(mailbox.id, 1000, 0);
    expect(stored.total).toBe(500);
    expect(new Set(stored.items.map((e) => e.provider_id)).size).toBe(500);
    expect(stored.items.filter((e) => e.analysis?.risk_level === 'HIGH').length).toBeGreaterThanOrEqual(50);

    const seenAfter = dovecot.files('alice@example.test').filter((f) => /:2,[A-Z]*S/.test(f)).length;
    expect(seenAfter).toBe(seenBefore);

    // New mail between scans: only it is fetched.
    dovecot.deliver('alice@example.test', fixture('phishing-zip-executable.eml'));
    const next = await scanImapMailbox(
      t.deps.store,
      t.deps.engine,
      (await t.deps.store.mailboxes.byId(mailbox.id))!,
      key,
    );
    expect(next).toMatchObject({ processed: 1, added: 1 });
    expect((await t.deps.store.emails.listForMailbox(mailbox.id, 1, 0)).total).toBe(501);

    // And the dashboard API serves it.
    const token = (await t.login('alice', 'alice-password')).access_token;
    const page = await (
      await t.req(`/api/emails?mailbox_id=${mailbox.id}&risk_level=HIGH&size=5`, { token })
    ).json();
    expect(page.total).toBeGreaterThanOrEqual(51);
  }, 120_000);

  it('is driven from the CLI and from the daemon’s background scan endpoint', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-imap-cli-')), 'data');
    dovecot.deliver('empty@example.test', message(10));
    const id = await addImapWithCli({
      dataDir,
      user: 'erin',
      password: 'erin-password',
      port: dovecot.port,
      imapUser: 'empty@example.test',
      imapPassword: 'pw-empty',
      flags: ['--plain'],
    });
    const scan = await runCli(['mailbox', 'scan', String(id), '--json', '--data-dir', dataDir]);
    expect(JSON.parse(scan.stdout)).toMatchObject({ processed: 1, added: 1 });
    const again = await runCli(['mailbox', 'scan', String(id), '--json', '--data-dir', dataDir]);
    expect(JSON.parse(again.stdout)).toMatchObject({ processed: 0, added: 0 });

    const bob = (await t.deps.store.users.byUsername('bob'))!;
    const m = await addImapMailbox(
      t.deps.store,
      key,
      bob.id,
      { ...settings(), user: 'empty@example.test' },
      { password: 'pw-empty' },
    );
    const token = (await t.login('bob', 'bob-password')).access_token;
    const started = await t.req(`/api/mailboxes/${m.id}/scan`, { method: 'POST', token });
    expect(started.status).toBe(202);
    const { scan_id } = await started.json();
    let status = '';
    for (let i = 0; i < 50 && status !== 'done'; i++) {
      status = (await (await t.req(`/api/scans/${scan_id}`, { token })).json()).status;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('done');
    const alice = (await t.login('alice', 'alice-password')).access_token;
    expect((await t.req(`/api/scans/${scan_id}`, { token: alice })).status).toBe(404);
    expect((await t.req(`/api/mailboxes/${m.id}/scan`, { method: 'POST', token: alice })).status).toBe(404);
  }, 60_000);

  it('is added, scanned and removed through the API; a user cannot point the daemon at a private server', async () => {
    dovecot.deliver('empty@example.test', message(20));
    const strict = await testApp({ allowPrivateNetwork: false });
    const bobToken = (await strict.login('bob', 'bob-password')).access_token;
    const body = {
      host: '127.0.0.1',
      port: dovecot.port,
      security: 'none',
      username: 'empty@example.test',
      password: 'pw-empty',
    };
    // Not an administrator, on a daemon without --allow-private-network: loopback is refused
    // (by address and by a name that resolves to it), and so is the metadata address.
    for (const host of ['127.0.0.1', 'localhost', '169.254.169.254']) {
      const refused = await strict.req('/api/mailboxes', {
        method: 'POST',
        token: bobToken,
        json: { ...body, host },
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).code).toBe('BLOCKED_URL');
    }
    expect((await (await strict.req('/api/mailboxes', { token: bobToken })).json()).mailboxes).toEqual([]);
    // The operator may use a local server (a bridge on this machine, a lab Dovecot).
    const aliceToken = (await strict.login('alice', 'alice-password')).access_token;
    const added = await strict.req('/api/mailboxes', { method: 'POST', token: aliceToken, json: body });
    expect(added.status).toBe(201);
    const m = await added.json();
    expect(m).toMatchObject({ kind: 'imap', address: `empty@example.test@127.0.0.1:${dovecot.port}/INBOX` });
    expect(JSON.stringify(await strict.deps.store.mailboxes.byId(m.id))).not.toContain('pw-empty');
    const { scan_id } = await (
      await strict.req(`/api/mailboxes/${m.id}/scan`, { method: 'POST', token: aliceToken })
    ).json();
    let scan = { status: '', processed: 0 };
    for (let i = 0; i < 50 && scan.status !== 'done'; i++) {
      scan = await (await strict.req(`/api/scans/${scan_id}`, { token: aliceToken })).json();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(scan.status).toBe('done');
    const stored = (await (await strict.req('/api/emails', { token: aliceToken })).json()).total;
    expect(stored).toBeGreaterThan(0);
    expect((await strict.req(`/api/mailboxes/${m.id}`, { method: 'DELETE', token: bobToken })).status).toBe(
      404,
    );
    const removed = await strict.req(`/api/mailboxes/${m.id}`, { method: 'DELETE', token: aliceToken });
    expect(await removed.json()).toEqual({ removed: m.id });
    expect((await (await strict.req('/api/emails', { token: aliceToken })).json()).total).toBe(0);
    // A scan of a user's mailbox re-checks the address when it connects (a name can change).
    const { readImapFolder: read } = await import('../../src/adapters/imap/imap-source.js');
    await expect(
      read(
        {
          host: 'localhost',
          port: dovecot.port,
          security: 'none',
          user: 'x',
          password: 'y',
          folder: 'INBOX',
          publicOnly: true,
        },
        null,
      ).next(),
    ).rejects.toMatchObject({ code: 'BLOCKED_URL' });
  }, 60_000);

  it('resumes a scan after the daemon is killed mid-way, without duplicates or losses', async () => {
    const { mkdtempSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { spawn } = await import('node:child_process');
    const { BIN } = await import('../helpers/cli.js');
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-imap-kill-')), 'data');
    const id = await addImapWithCli({
      dataDir,
      user: 'kim',
      password: 'kim-password',
      port: dovecot.port,
      imapUser: 'alice@example.test',
      imapPassword: 's3cret-pass',
      flags: ['--plain'],
    });
    const start = async () => {
      const child = spawn(process.execPath, [BIN, 'serve', '--data-dir', dataDir, '--port', '0'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (d) => (err += d));
      for (let i = 0; i < 100 && !/listening on/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
      return { child, url: /listening on (\S+)/.exec(err)?.[1] as string };
    };
    const login = async (url: string) =>
      (
        (await (
          await fetch(`${url}/api/auth/login`, {
            method: 'POST',
            body: new URLSearchParams({ username: 'kim', password: 'kim-password' }),
          })
        ).json()) as { access_token: string }
      ).access_token;
    const total = async (url: string, token: string) =>
      (
        (await (
          await fetch(`${url}/api/emails?mailbox_id=${id}&size=1`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { total: number }
      ).total;

    // Whatever an expectation says, no daemon outlives the test.
    const children: { kill: (signal: NodeJS.Signals) => boolean }[] = [];
    onTestFinished(() => children.forEach((c) => c.kill('SIGKILL')));
    const first = await start();
    children.push(first.child);
    let token = await login(first.url);
    await fetch(`${first.url}/api/mailboxes/${id}/scan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    for (let i = 0; i < 200 && (await total(first.url, token)) < 60; i++)
      await new Promise((r) => setTimeout(r, 25));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start();
    children.push(second.child);
    token = await login(second.url);
    const partial = await total(second.url, token);
    expect(partial).toBeGreaterThanOrEqual(60);
    const expected = dovecot.files('alice@example.test').length;
    expect(partial).toBeLessThan(expected); // the kill really interrupted the scan
    let n = partial;
    for (let i = 0; i < 300 && n < expected; i++) {
      await new Promise((r) => setTimeout(r, 100));
      n = await total(second.url, token);
    }
    // Every message in the folder exactly once.
    expect(n).toBe(expected);
    await new Promise((r) => setTimeout(r, 500));
    expect(await total(second.url, token)).toBe(expected);
    second.child.kill('SIGTERM');
  }, 90_000);
});
