import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImapFolder, type ImapSettings } from '../../src/adapters/imap/imap-source.js';
import { makeCa, makeLeaf } from '../helpers/certs.js';
import { runCli } from '../helpers/cli.js';
import { addImapWithCli, DOVECOT, startDovecot, type Dovecot } from '../helpers/dovecot.js';
import { skipWithout } from '../helpers/required-tool.js';

const USER = 'tls@example.test';
const PASSWORD = 'tls-pass-1';

function message(i: number): string {
  return [
    `From: Colleague ${i} <person${i}@example.org>`,
    `To: ${USER}`,
    `Subject: Notes ${i}`,
    `Message-ID: <tls-${i}@example.org>`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Notes from meeting ${i}.`,
    '',
  ].join('\r\n');
}

async function readAll(s: ImapSettings): Promise<number[]> {
  const uids: number[] = [];
  for await (const m of readImapFolder(s, null)) uids.push(m.uid);
  return uids;
}

// A Dovecot that requires TLS: implicit TLS (IMAPS) on one port, STARTTLS on the other, and no
// login before TLS. Its certificate names 127.0.0.1 and is signed by a CA made for this test.
describe.skipIf(skipWithout('dovecot', DOVECOT))('IMAP over TLS against a real Dovecot', () => {
  let dovecot: Dovecot;
  let caFile: string;
  const base = (): Omit<ImapSettings, 'port' | 'security'> => ({
    host: '127.0.0.1',
    user: USER,
    password: PASSWORD,
    folder: 'INBOX',
  });

  beforeAll(async () => {
    const ca = await makeCa();
    const leaf = await makeLeaf({ names: ['127.0.0.1'], ca });
    caFile = join(mkdtempSync(join(tmpdir(), 'pg-imap-ca-')), 'ca.pem');
    writeFileSync(caFile, ca.pem.cert);
    dovecot = await startDovecot({ [USER]: PASSWORD }, { tls: leaf });
    for (let i = 0; i < 3; i++) dovecot.deliver(USER, message(i));
  }, 60_000);
  afterAll(async () => {
    await dovecot?.stop();
  });

  it('refuses a certificate it cannot verify, with a clear error', async () => {
    const gen = readImapFolder({ ...base(), port: dovecot.tlsPort!, security: 'tls' }, null);
    await expect(gen.next()).rejects.toMatchObject({
      message: expect.stringMatching(/cannot connect to IMAP server 127\.0\.0\.1:\d+: .*certificate/i),
    });
  });

  it('reads over implicit TLS and over STARTTLS when told to trust the server (labs), encrypted on the wire', async () => {
    const insecure = { ...base(), insecureTls: true };
    const logins = () =>
      dovecot
        .log()
        .split('\n')
        .filter((l) => /imap-login: (?:Info: )?Login: user=<tls@/.test(l));
    expect(await readAll({ ...insecure, port: dovecot.tlsPort!, security: 'tls' })).toEqual([1, 2, 3]);
    expect(await readAll({ ...insecure, port: dovecot.port, security: 'starttls' })).toEqual([1, 2, 3]);
    // Dovecot notes the session's TLS on each login line (its log is written a moment later).
    await expect.poll(() => logins().length).toBe(2);
    for (const line of logins()) expect(line).toMatch(/, TLS/);
    // 'none' (labs only) really is plain: Dovecot lets loopback log in without TLS, and says so.
    expect(await readAll({ ...base(), port: dovecot.port, security: 'none' })).toEqual([1, 2, 3]);
    await expect.poll(() => logins().length).toBe(3);
    expect(logins()[2]).not.toMatch(/, TLS/);
  });

  it('verifies the certificate against a CA the system trusts (NODE_EXTRA_CA_CERTS), end to end in the CLI', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-imap-tls-')), 'data');
    const env = { NODE_EXTRA_CA_CERTS: caFile };
    const id = String(
      await addImapWithCli({
        dataDir,
        user: 'tina',
        password: 'tina-password',
        port: dovecot.tlsPort!,
        imapUser: USER,
        imapPassword: PASSWORD,
        env,
      }),
    );
    const scan = await runCli(['mailbox', 'scan', id, '--json', '--data-dir', dataDir], { env });
    expect(JSON.parse(scan.stdout)).toMatchObject({ processed: 3, added: 3 });
    // The same scan without the CA: the certificate is refused and the CLI says so.
    const refused = await runCli(['mailbox', 'scan', id, '--json', '--data-dir', dataDir]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/certificate/i);
  }, 60_000);
});
