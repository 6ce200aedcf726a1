import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Pem } from './certs.js';
import { runCli } from './cli.js';

export const DOVECOT = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((p) => existsSync(p)) ?? null;

export interface Dovecot {
  /** Plain IMAP (offers STARTTLS when started with TLS). */
  port: number;
  /** Implicit TLS (IMAPS), when started with TLS. */
  tlsPort: number | null;
  /** Delivers a message into a user's INBOX (Maildir new/). */
  deliver(user: string, raw: string | Buffer, flags?: string): void;
  /** Maildir file names of a user's INBOX, cur/ and new/ (flags live in the names). */
  files(user: string): string[];
  /** Dovecot's log so far (login lines say whether the session used TLS). */
  log(): string;
  stop(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

let seq = 0;

/**
 * A real, non-daemon Dovecot IMAP server on 127.0.0.1, with plain-text users in a temp folder.
 * With `tls`, it also listens for IMAPS, offers STARTTLS, and refuses to log in before TLS.
 */
export async function startDovecot(
  users: Record<string, string>,
  opts: {
    tls?: Pem;
    /** Accept XOAUTH2/OAUTHBEARER tokens, checked by POSTing them to this introspection URL. */
    oauth2IntrospectionUrl?: string;
  } = {},
): Promise<Dovecot> {
  if (!DOVECOT) throw new Error('dovecot is not installed (apt-get install dovecot-imapd)');
  const dir = mkdtempSync(join(tmpdir(), 'pg-dovecot-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const tlsPort = opts.tls ? await freePort() : null;
  if (opts.tls) {
    writeFileSync(join(dir, 'cert.pem'), opts.tls.cert);
    writeFileSync(join(dir, 'key.pem'), opts.tls.key, { mode: 0o600 });
  }
  if (opts.oauth2IntrospectionUrl)
    writeFileSync(
      join(dir, 'oauth2.conf'),
      `introspection_mode = post
introspection_url = ${opts.oauth2IntrospectionUrl}
force_introspection = yes
username_attribute = username
active_attribute = active
active_value = true
`,
    );
  const oauth2 = opts.oauth2IntrospectionUrl
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf
}
`
    : '';
  const ssl = opts.tls
    ? `ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
ssl_dh = </usr/share/dovecot/dh.pem
disable_plaintext_auth = yes`
    : `ssl = no
disable_plaintext_auth = no`;
  for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, d));
  writeFileSync(
    join(dir, 'users'),
    Object.entries(users)
      .map(([u, p]) => `${u}:{PLAIN}${p}`)
      .join('\n') + '\n',
    { mode: 0o640 },
  );
  execFileSync('chgrp', ['dovecot', join(dir, 'users')]);
  for (const u of Object.keys(users))
    for (const sub of ['cur', 'new', 'tmp'])
      mkdirSync(join(dir, 'mail', u, 'Maildir', sub), { recursive: true });
  execFileSync('chown', ['-R', 'nobody:nogroup', join(dir, 'mail')]);
  const conf = `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = pg-test-dovecot-${process.pid}-${seq++}
log_path = ${dir}/dovecot.log
${ssl}
auth_mechanisms = plain login${opts.oauth2IntrospectionUrl ? ' xoauth2 oauthbearer' : ''}
auth_failure_delay = 0
mail_location = maildir:${dir}/mail/%u/Maildir
${oauth2}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort ?? 0}
  }
}
`;
  writeFileSync(join(dir, 'dovecot.conf'), conf);
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  // Every listener (plain and TLS) must answer before a test connects: on a loaded machine the
  // TLS one lagged and a test met ECONNREFUSED. Give up loudly after 30 s.
  for (const p of tlsPort ? [port, tlsPort] : [port]) {
    for (let i = 0; ; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = connect(p, '127.0.0.1');
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (up) break;
      if (i >= 600) throw new Error(`dovecot did not listen on 127.0.0.1:${p} within 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  let n = 0;
  return {
    port,
    tlsPort,
    deliver(user, raw, flags) {
      const name = `${1_700_000_000 + n++}.M${n}P${process.pid}.pgtest`;
      const target =
        flags !== undefined
          ? join(dir, 'mail', user, 'Maildir', 'cur', `${name}:2,${flags}`)
          : join(dir, 'mail', user, 'Maildir', 'new', name);
      writeFileSync(target, raw);
      execFileSync('chown', ['nobody:nogroup', target]);
    },
    files(user) {
      const base = join(dir, 'mail', user, 'Maildir');
      return [
        ...readdirSync(join(base, 'cur')).map((f) => `cur/${f}`),
        ...readdirSync(join(base, 'new')).map((f) => `new/${f}`),
      ];
    },
    log: () => (existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : ''),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PhishGuard user and an IMAP mailbox for them, created with the CLI as an administrator would. */
export async function addImapWithCli(o: {
  dataDir: string;
  user: string;
  password: string;
  port: number;
  imapUser: string;
  imapPassword: string;
  /** e.g. --plain or --starttls; TLS without either. */
  flags?: string[];
  env?: Record<string, string>;
}): Promise<number> {
  await runCli(['user', 'add', o.user, '--password-stdin', '--data-dir', o.dataDir], { input: o.password });
  const add = await runCli(
    [
      'mailbox',
      'add',
      'imap',
      '--host',
      '127.0.0.1',
      '--port',
      String(o.port),
      '--user',
      o.imapUser,
      ...(o.flags ?? []),
      '--password-stdin',
      '--data-dir',
      o.dataDir,
      '--json',
    ],
    { input: o.imapPassword, env: o.env },
  );
  if (add.code !== 0) throw new Error(`mailbox add failed (${add.code}): ${add.stderr}`);
  return JSON.parse(add.stdout).id as number;
}
