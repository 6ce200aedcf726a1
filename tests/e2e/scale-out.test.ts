import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../src/app/accounts.js';
import { addImapMailbox } from '../../src/app/mailboxes.js';
import type { Store } from '../../src/app/ports.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { DOVECOT, startDovecot, type Dovecot } from '../helpers/dovecot.js';
import { PG_BIN, startPostgres, type Postgres } from '../helpers/postgres.js';
import { startCli, startDaemon, waitFor, type Running } from '../helpers/processes.js';
import { startRedirectServer } from '../helpers/servers.js';
import { skipWithout } from '../helpers/required-tool.js';

/**
 * Local mailboxes of PER_MAILBOX messages each: the 1,000 of 50 (about 2.5 minutes here:
 * 50,100 messages in 145.6 s with one of the two workers killed early). SCALE_TEST_MAILBOXES
 * changes it.
 */
const MAILBOXES = Number(process.env.SCALE_TEST_MAILBOXES ?? 1000);
const PER_MAILBOX = 50;
const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'email');

/** An mbox of `n` distinct messages (the fixtures, each marked with its place). */
function mbox(box: number, n: number): string {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'));
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    const raw = readFileSync(join(FIXTURES, files[(box + i) % files.length] as string), 'utf8').replace(
      /\r\n/g,
      '\n',
    );
    const escaped = raw.replace(/^(>*From )/gm, '>$1');
    // Each message ends with a blank line before the next From_ line, as mbox writers leave it.
    const body = escaped.endsWith('\n') ? escaped : `${escaped}\n`;
    parts.push(`From test@example.org Mon Jan  5 10:00:00 2026\nX-Scale-Test: ${box}-${i}\n${body}\n`);
  }
  return parts.join('');
}

describe.skipIf(skipWithout('postgresql', PG_BIN))('two daemons and two workers on one PostgreSQL', () => {
  let cluster: Postgres;
  let url: string;
  let store: Store;
  let dir: string;
  let dovecot: Dovecot | null = null;
  const procs: Running[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('scale');
    dir = mkdtempSync(join(tmpdir(), 'pg-scale-'));
    env = {
      PHISHGUARD_DATABASE_URL: url,
      // One key set for every process: sessions and stored mailbox secrets work on all of them.
      PHISHGUARD_JWT_KEY: randomBytes(32).toString('base64'),
      PHISHGUARD_SECRETS_KEY: randomBytes(32).toString('base64'),
      // A short lease, so a killed worker's job is retried within the test.
      PHISHGUARD_JOB_LEASE_SECONDS: '6',
      PHISHGUARD_JOB_MAINTENANCE_SECONDS: '1',
      PHISHGUARD_JOB_POLL_SECONDS: '1',
      PHISHGUARD_JOB_RETRY_DELAY_SECONDS: '1',
      PHISHGUARD_LOG_LEVEL: 'warn',
      PHISHGUARD_ALLOW_PRIVATE_NETWORK: 'true',
    };
    store = await openPostgresStore(url);
    await createUser(store, { username: 'alice', password: 'alice-password-1', isAdmin: true });
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) await p.kill();
    await store?.close();
    await dovecot?.stop();
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`scans ${MAILBOXES} local mailboxes and Dovecot ones, each message stored once, through a killed worker and a killed daemon`, async () => {
    const alice = (await store.users.byUsername('alice'))!;
    // The mailboxes: generated files, and (where Dovecot is installed) two real IMAP accounts.
    const files = join(dir, 'mail');
    mkdirSync(files);
    const ids: number[] = [];
    for (let b = 0; b < MAILBOXES; b++) {
      const path = join(files, `box${b}.mbox`);
      writeFileSync(path, mbox(b, PER_MAILBOX));
      const m = await store.mailboxes.ensure({ userId: alice.id, kind: 'local', address: `box${b}` });
      await store.mailboxes.setConfig(m.id, { paths: [path] });
      ids.push(m.id);
    }
    let imapMessages = 0;
    if (!skipWithout('dovecot', DOVECOT)) {
      dovecot = await startDovecot({ carol: 'carol-pass', dave: 'dave-pass' });
      for (const [user, pass] of [
        ['carol', 'carol-pass'],
        ['dave', 'dave-pass'],
      ] as const) {
        for (let i = 0; i < PER_MAILBOX; i++) dovecot.deliver(user, mbox(i, 1).replace(/^From .*\n/, ''));
        imapMessages += PER_MAILBOX;
        const m = await addImapMailbox(
          store,
          Buffer.from(env.PHISHGUARD_SECRETS_KEY as string, 'base64'),
          alice.id,
          { host: '127.0.0.1', port: dovecot.port, security: 'none', user, folder: 'INBOX' },
          { password: pass },
        );
        ids.push(m.id);
      }
    }

    const a = await startDaemon(['--data-dir', join(dir, 'daemon-a')], env);
    const b = await startDaemon(['--data-dir', join(dir, 'daemon-b')], env);
    procs.push(a, b);
    const login = async (base: string) => {
      const r = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: 'alice-password-1' }),
      });
      expect(r.status).toBe(200);
      return (await r.json()) as { access_token: string; refresh_token: string };
    };
    const tokens = await login(a.url);
    const auth = { authorization: `Bearer ${tokens.access_token}` };

    // Scans are asked for on both daemons; asking twice for one mailbox starts one scan.
    const started = Date.now();
    for (const [i, id] of ids.entries()) {
      const base = i % 2 === 0 ? a.url : b.url;
      const r = await fetch(`${base}/api/mailboxes/${id}/scan`, { method: 'POST', headers: auth });
      expect(r.status).toBe(202);
    }
    const again = await fetch(`${b.url}/api/mailboxes/${ids[0]}/scan`, { method: 'POST', headers: auth });
    const againBody = (await again.json()) as { already_running: boolean; scan_id: number };
    const scanRows = async () =>
      (
        await pool.query<{ status: string; n: number }>(
          'SELECT status, count(*)::int AS n FROM scans GROUP BY status',
        )
      ).rows;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      // already_running unless a worker got through it in between (there is none yet).
      expect(againBody.already_running).toBe(true);
      expect(await scanRows()).toEqual([{ status: 'running', n: ids.length }]);

      const w1 = startCli(['worker', '--concurrency', '2', '--data-dir', join(dir, 'worker-1')], env);
      const w2 = startCli(['worker', '--concurrency', '2', '--data-dir', join(dir, 'worker-2')], env);
      procs.push(w1, w2);
      // Worker 1 dies (SIGKILL) in the middle of its jobs; worker 2 finishes them after the lease.
      await waitFor(
        async () => (await pool.query('SELECT count(*)::int AS n FROM emails')).rows[0].n > PER_MAILBOX * 4,
        120_000,
        'the first stored messages',
      );
      const active = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'scan-mailbox' AND state = 'active'",
      );
      expect(active.rows[0]!.n).toBeGreaterThan(0);
      await w1.kill('SIGKILL');

      // The daemon that issued the session is killed while serving; the other keeps it.
      await a.kill('SIGKILL');
      const me = await fetch(`${b.url}/api/v1/auth/me`, { headers: auth });
      expect(me.status).toBe(200);
      const refreshed = await fetch(`${b.url}/api/auth/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: tokens.refresh_token }),
      });
      expect(refreshed.status).toBe(200);

      await waitFor(
        async () => {
          const rows = await scanRows();
          return rows.length === 1 && rows[0]!.status === 'done' && rows[0]!.n >= ids.length;
        },
        600_000,
        `every scan done (now ${JSON.stringify(await scanRows())})`,
      );
      const seconds = (Date.now() - started) / 1000;
      const expected = MAILBOXES * PER_MAILBOX + imapMessages;
      const counts = (
        await pool.query<{ n: number; distinct_keys: number; mailboxes: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT (mailbox_id, provider_id))::int AS distinct_keys,
                    count(DISTINCT mailbox_id)::int AS mailboxes FROM emails`,
        )
      ).rows[0]!;
      expect(counts).toEqual({ n: expected, distinct_keys: expected, mailboxes: ids.length });
      // Every stored message has its analysis, and the list agrees through the surviving daemon.
      const unanalysed = await pool.query('SELECT count(*)::int AS n FROM emails WHERE analysis_id IS NULL');
      expect(unanalysed.rows[0].n).toBe(0);
      const page = await fetch(`${b.url}/api/emails?page=1&size=5`, { headers: auth });
      expect(((await page.json()) as { total: number }).total).toBe(expected);
      // A full link analysis asked of a daemon runs on a worker, its answer (or refusal) returned.
      const site = await startRedirectServer();
      try {
        const followed = await fetch(`${b.url}/api/v1/redirect-analysis/analyze`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ url: `${site.base}/go`, mode: 'quick' }),
        });
        expect(followed.status).toBe(200);
        expect(((await followed.json()) as { final_url: string }).final_url).toBe(`${site.base}/landing`);
        const refused = await fetch(`${b.url}/api/v1/redirect-analysis/analyze`, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ url: 'http://169.254.169.254/latest/meta-data/' }),
        });
        expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
          400,
          'BLOCKED_URL',
        ]);
        const ran = await pool.query(
          "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'analyze-link' AND state = 'completed'",
        );
        expect(ran.rows[0].n).toBe(2);
      } finally {
        await site.close();
      }
      // An upload to one daemon is imported by a worker (the file travels through the database);
      // an unreadable one is a 422, and nothing of either is left behind.
      const form = new FormData();
      form.append('file', new Blob([mbox(MAILBOXES + 7, 10)]), 'upload.mbox');
      const up = await fetch(`${b.url}/api/mailboxes/import`, { method: 'POST', headers: auth, body: form });
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ processed: 10, added: 10, duplicates: 0 });
      const bad = new FormData();
      bad.append('file', new Blob([Buffer.from('this is not gzip data at all')]), 'broken.mbox.gz');
      const refusedUpload = await fetch(`${b.url}/api/mailboxes/import`, {
        method: 'POST',
        headers: auth,
        body: bad,
      });
      expect(refusedUpload.status).toBe(422);
      expect(((await refusedUpload.json()) as { detail: string }).detail).toMatch(/gzip/i);
      expect((await pool.query('SELECT count(*)::int AS n FROM uploads')).rows[0].n).toBe(0);
      // The killed worker's job was taken again: some job ran more than once.
      const retried = await pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'scan-mailbox' AND retry_count > 0",
      );
      expect(retried.rows[0]!.n).toBeGreaterThan(0);
      console.log(
        `scale-out: ${expected} messages in ${ids.length} mailboxes scanned in ${seconds.toFixed(1)} s by 2 workers (one killed)`,
      );
    } finally {
      await pool.end();
    }
  }, 900_000);
});
