// npm run bench:scale: the PostgreSQL scale-out measured on this machine, next to SQLite.
//  1. Scan throughput: SCALE_MAILBOXES local mailboxes of 50 messages (default 60) queued at
//     once, run by 1 and then 2 `phishguard worker` processes (concurrency 2 each): messages/s.
//  2. Job latency: with idle workers, a one-message scan from queueing to done (20 samples).
//  3. List pages at SCALE_LIST_EMAILS stored messages (default 1,000,000) on PostgreSQL and on
//     SQLite: p50/p99 over real HTTP (one connection, sequential) for the first page, a deep
//     page, a level filter, a sort by score and a search term.
// SCALE_ONLY=list runs the third part alone, SCALE_ONLY=scan the first two. It starts its own PostgreSQL cluster (Debian's postgresql package) in a temp directory.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { queueJobs, queueSettings, startBoss } from '../src/adapters/queue/pg-boss.js';
import { createUser } from '../src/app/accounts.js';
import { openSqliteStore } from '../src/store/index.js';
import { openPostgresStore } from '../src/store/postgres.js';
import { startPostgres } from '../tests/helpers/postgres.js';
import { startCli, startDaemon, type Running } from '../tests/helpers/processes.js';

const MAILBOXES = Number(process.env.SCALE_MAILBOXES ?? 60);
const PER_MAILBOX = 50;
const LIST_EMAILS = Number(process.env.SCALE_LIST_EMAILS ?? 1_000_000);
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'email');
const root = mkdtempSync(join(tmpdir(), 'pg-bench-scale-'));
const cluster = await startPostgres();
const keys = {
  PHISHGUARD_JWT_KEY: randomBytes(32).toString('base64'),
  PHISHGUARD_SECRETS_KEY: randomBytes(32).toString('base64'),
  PHISHGUARD_LOG_LEVEL: 'warn',
  PHISHGUARD_JOB_POLL_SECONDS: '1',
};
const running: Running[] = [];
const ms = (x: number) => `${x.toFixed(1)} ms`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};

function mbox(box: number): string {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'));
  let out = '';
  for (let i = 0; i < PER_MAILBOX; i++) {
    const raw = readFileSync(join(FIXTURES, files[(box + i) % files.length]!), 'utf8').replace(/\r\n/g, '\n');
    const body = raw.replace(/^(>*From )/gm, '>$1');
    out += `From bench@example.org Mon Jan  5 10:00:00 2026\nX-Bench: ${box}-${i}\n${body.endsWith('\n') ? body : `${body}\n`}\n`;
  }
  return out;
}

try {
  // 1 and 2: throughput and latency, on a fresh database each.
  for (const workers of process.env.SCALE_ONLY === 'list' ? [] : [1, 2]) {
    const url = await cluster.createDatabase(`scan${workers}`);
    const env = { ...keys, PHISHGUARD_DATABASE_URL: url };
    const store = await openPostgresStore(url);
    const user = await createUser(store, { username: 'bench', password: 'bench-password-1', isAdmin: true });
    const dir = join(root, `scan${workers}`);
    mkdirSync(dir, { recursive: true });
    const boxes = [];
    for (let b = 0; b < MAILBOXES; b++) {
      const path = join(dir, `box${b}.mbox`);
      writeFileSync(path, mbox(b));
      const m = await store.mailboxes.ensure({ userId: user.id, kind: 'local', address: `box${b}` });
      await store.mailboxes.setConfig(m.id, { paths: [path] });
      boxes.push((await store.mailboxes.byId(m.id))!);
    }
    const logger = (await import('pino')).default({ level: 'silent' });
    const jobs = queueJobs(await startBoss(url, queueSettings(env)), { store, logger });
    const procs = Array.from({ length: workers }, (_, i) =>
      startCli(['worker', '--concurrency', '2', '--data-dir', join(dir, `w${i}`)], env),
    );
    running.push(...procs);
    await new Promise((r) => setTimeout(r, 3000)); // workers connected and polling
    const t0 = Date.now();
    for (const m of boxes) await jobs.scanMailbox(m);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    for (;;) {
      const r = await pool.query("SELECT count(*)::int AS n FROM scans WHERE status = 'running'");
      if (r.rows[0].n === 0) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    const seconds = (Date.now() - t0) / 1000;
    const stored = (await pool.query('SELECT count(*)::int AS n FROM emails')).rows[0].n as number;
    console.log(
      `scan throughput, ${workers} worker(s) × concurrency 2: ${stored} messages in ${seconds.toFixed(1)} s = ${(stored / seconds).toFixed(0)} messages/s`,
    );
    if (workers === 2) {
      // Latency: one new message in a fresh mailbox, queued with the workers idle.
      const lat: number[] = [];
      for (let i = 0; i < 20; i++) {
        const path = join(dir, `one${i}.eml`);
        writeFileSync(
          path,
          `X-Latency: ${i}\n${readFileSync(join(FIXTURES, 'legit-newsletter.eml'), 'utf8')}`,
        );
        const m = await store.mailboxes.ensure({ userId: user.id, kind: 'local', address: `one${i}` });
        await store.mailboxes.setConfig(m.id, { paths: [path] });
        const t = Date.now();
        const { scanId } = await jobs.scanMailbox((await store.mailboxes.byId(m.id))!);
        while ((await store.scans.get(scanId))?.status === 'running')
          await new Promise((r) => setTimeout(r, 20));
        lat.push(Date.now() - t);
      }
      console.log(
        `job latency (queue to done, one message, idle workers polling every ${keys.PHISHGUARD_JOB_POLL_SECONDS} s): p50 ${ms(pct(lat, 50))}, p95 ${ms(pct(lat, 95))}, max ${ms(Math.max(...lat))}`,
      );
    }
    await pool.end();
    for (const p of procs) await p.kill('SIGTERM');
    await jobs.close();
    await store.close();
  }

  // 3: list pages at LIST_EMAILS stored messages, PostgreSQL next to SQLite.
  if (process.env.SCALE_ONLY !== 'scan') await listPages();
} finally {
  for (const p of running) await p.kill();
  await cluster.stop();
  rmSync(root, { recursive: true, force: true });
}

async function listPages(): Promise<void> {
  const label = LIST_EMAILS.toLocaleString('en');
  const pgUrl = await cluster.createDatabase('list');
  const pgStore = await openPostgresStore(pgUrl);
  const sqliteDir = join(root, 'sqlite');
  mkdirSync(sqliteDir, { recursive: true, mode: 0o700 });
  const sqliteStore = openSqliteStore(sqliteDir);
  for (const s of [pgStore, sqliteStore]) {
    const u = await createUser(s, { username: 'bench', password: 'bench-password-1', isAdmin: true });
    await s.mailboxes.ensure({ userId: u.id, kind: 'local', address: 'bench' });
    await s.close();
  }
  let t = Date.now();
  await seedPostgres(pgUrl, LIST_EMAILS);
  console.log(`seeded ${label} messages into PostgreSQL in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  t = Date.now();
  seedSqlite(join(sqliteDir, 'phishguard.db'), LIST_EMAILS);
  console.log(`seeded ${label} messages into SQLite in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  const pages: [string, string][] = [
    ['newest page', 'page=1&size=50'],
    ['page 200', 'page=200&size=50'],
    ['level HIGH', 'page=1&size=50&risk_level=HIGH'],
    ['by score', 'page=1&size=50&sort_by=risk_score'],
    ['search from:', 'page=1&size=50&search=from%3Asender17%40'],
  ];
  for (const [name, env] of [
    ['PostgreSQL', { PHISHGUARD_DATABASE_URL: pgUrl }],
    ['SQLite', {}],
  ] as const) {
    const d = await startDaemon(['--data-dir', name === 'SQLite' ? sqliteDir : join(root, 'pgdaemon')], {
      ...keys,
      ...env,
    });
    running.push(d);
    const login = await fetch(`${d.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-password-1' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const lines: string[] = [];
    for (const [what, q] of pages) {
      const times: number[] = [];
      for (let i = 0; i < 220; i++) {
        const s = performance.now();
        const r = await fetch(`${d.url}/api/emails?${q}`, { headers: { authorization: `Bearer ${token}` } });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`${name} ${q}: ${r.status}`);
        if (i >= 20) times.push(performance.now() - s); // the first 20 warm the caches
      }
      lines.push(
        `  ${what.padEnd(13)} p50 ${ms(pct(times, 50)).padStart(9)}  p99 ${ms(pct(times, 99)).padStart(9)}`,
      );
    }
    console.log(`list pages at ${label} messages, ${name} (HTTP, one connection, 200 requests each):`);
    for (const l of lines) console.log(l);
    await d.kill('SIGTERM');
  }
}

/** LIST_EMAILS analysed messages for user 1, mailbox 1, in SQL (the list reads only the rows). */
async function seedPostgres(url: string, n: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  const q0 = c.query.bind(c);
  const step = async (sql: string) => {
    const t = Date.now();
    await q0(sql);
    if (process.env.SCALE_DEBUG) console.log(`  ${sql.trim().slice(0, 40)}…: ${Date.now() - t} ms`);
  };
  c.on('error', (err) => console.error(`seeding connection: ${err.message}`));
  await c.connect();
  await step(`INSERT INTO emails (mailbox_id, user_id, provider_id, message_id, subject, sender, received_at, snippet,
      size, status, created_at, sender_address, risk_score, risk_level)
    SELECT 1, 1, 'p' || g, '<' || g || '@bench>', 'Message number ' || g, 'Sender ' || (g % 500) || ' <sender' || (g % 500) || '@example.org>',
      to_char(timestamp '2020-01-01' + g * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), 'snippet text', 2048, 'new',
      '2026-01-01T00:00:00.000Z', 'sender' || (g % 500) || '@example.org', (g::bigint * 7919) % 101,
      CASE WHEN (g::bigint * 7919) % 101 >= 70 THEN 'HIGH' WHEN (g::bigint * 7919) % 101 >= 40 THEN 'MEDIUM' WHEN (g::bigint * 7919) % 101 >= 20 THEN 'LOW' ELSE 'SAFE' END
    FROM generate_series(1, ${n}) g`);
  await step(`INSERT INTO analyses (email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary,
      result_json, indicators_json, created_at)
    SELECT id, 'bench', risk_score, risk_level, risk_score >= 70, 0.9, 'A summary of the analysis.', '{}',
      '["An indicator explained in a sentence"]', created_at FROM emails`);
  await step('UPDATE emails e SET analysis_id = a.id FROM analyses a WHERE a.email_id = e.id');
  await step('VACUUM ANALYZE');

  await c.end();
}

function seedSqlite(file: string, n: number): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`WITH RECURSIVE g(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM g WHERE x < ${n})
    INSERT INTO emails (mailbox_id, user_id, provider_id, message_id, subject, sender, received_at, snippet, size, status,
      created_at, sender_address, risk_score, risk_level)
    SELECT 1, 1, 'p' || x, '<' || x || '@bench>', 'Message number ' || x, 'Sender ' || (x % 500) || ' <sender' || (x % 500) || '@example.org>',
      strftime('%Y-%m-%dT%H:%M:%S.000Z', '2020-01-01', '+' || x || ' minutes'), 'snippet text', 2048, 'new',
      '2026-01-01T00:00:00.000Z', 'sender' || (x % 500) || '@example.org', (x * 7919) % 101,
      CASE WHEN (x * 7919) % 101 >= 70 THEN 'HIGH' WHEN (x * 7919) % 101 >= 40 THEN 'MEDIUM' WHEN (x * 7919) % 101 >= 20 THEN 'LOW' ELSE 'SAFE' END
    FROM g;
    INSERT INTO analyses (email_id, engine_version, risk_score, risk_level, is_phishing, confidence, summary, result_json,
      indicators_json, created_at)
    SELECT id, 'bench', risk_score, risk_level, risk_score >= 70, 0.9, 'A summary of the analysis.', '{}',
      '["An indicator explained in a sentence"]', created_at FROM emails;
    UPDATE emails SET analysis_id = (SELECT id FROM analyses WHERE analyses.email_id = emails.id);
    ANALYZE;`);
  db.close();
}
