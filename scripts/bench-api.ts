// npm run bench:api: requests/s and latency of the daemon over real HTTP (autocannon), with 10,000 stored
// emails (BENCH_EMAILS=100000 for more); BENCH_ONLY=analyze|list|triage runs one group (emails = list).
// BENCH_LOG_LEVEL=info keeps the per-request log lines on (default warn: off);
// BENCH_NODE_ARGS='--cpu-prof' profiles the daemon.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createUser } from '../src/app/accounts.js';
import { createEngine } from '../src/app/engine.js';
import { openSqliteStore } from '../src/store/index.js';

const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-bench-')), 'data');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
const store = openSqliteStore(dataDir);
await createUser(store, { username: 'bench', password: 'bench-password', isAdmin: true });
const user = (await store.users.byUsername('bench'))!;
const mailbox = await store.mailboxes.ensure({ userId: user.id, kind: 'local', address: 'bench' });
const engine = createEngine();
const samples = [
  engine.analyzeTest({
    subject: 'Verify your account',
    sender: 'PayPal <s@paypa1.example>',
    content: 'Your account is limited. Verify within 24 hours: http://paypa1.example/login',
  }),
  engine.analyzeTest({
    subject: 'Lunch on Friday?',
    sender: 'bob@example.com',
    content: 'Shall we grab lunch on Friday at noon?',
  }),
];
const t0 = Date.now();
const N = Number(process.env.BENCH_EMAILS ?? 10_000);
const label = N.toLocaleString('en');
for (let i = 0; i < N; i++) {
  const a = samples[i % 2]!;
  await store.emails.insertAnalysed(
    {
      mailboxId: mailbox.id,
      providerId: `bench-${i}`,
      messageId: `<${i}@bench>`,
      subject: `${a.subject} #${i}`,
      sender: a.sender.address ?? '',
      receivedAt: new Date(Date.now() - i * 60_000).toISOString(),
      snippet: 'snippet text',
      size: 2048,
      raw: null,
      links: [],
    },
    a,
  );
}
console.log(`seeded ${label} emails in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
await store.close();

const child = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    'bin/phishguard.js',
    'serve',
    '--data-dir',
    dataDir,
    '--port',
    '0',
  ],
  {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PHISHGUARD_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' },
  },
);
let err = '';
child.stderr.on('data', (d) => (err += d));
while (!/listening on/.test(err)) await new Promise((r) => setTimeout(r, 100));
const base = /listening on (\S+)/.exec(err)![1]!;
const login = (await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'bench', password: 'bench-password' }),
  })
).json()) as { access_token: string };
const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };

async function run(title: string, opts: autocannon.Options) {
  const r = await autocannon({ connections: 20, duration: 10, ...opts });
  console.log(
    `${title.padEnd(60)} ${Math.round(r.requests.average).toString().padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.non2xx}`,
  );
}
const only = process.env.BENCH_ONLY;
if (!only || only === 'analyze')
  await run('POST /api/analyze/email', {
    url: `${base}/api/analyze/email`,
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      subject: 'Urgent: verify your account',
      sender: 'Security <security@paypa1-verify.example>',
      content:
        'Dear customer, your account was suspended. Verify your account within 24 hours at http://paypa1-verify.example/login or it will be closed.',
    }),
  });
if (!only || only === 'list' || only === 'emails')
  await run(`GET /api/emails (page of 20 of ${label})`, {
    url: `${base}/api/emails?page=3&size=20`,
    headers: auth,
  });
// What the web triage list asks for: pages of 50, filtered, searched, sorted, deep pages, the chart.
if (!only || only === 'triage')
  for (const [what, query] of [
    ['level HIGH, page 2 of 50', 'risk_level=HIGH&page=2&size=50'],
    ['search "lunch", page of 50', 'search=lunch&size=50'],
    ['sorted by score, page of 50', 'sort_by=risk_score&sort_order=desc&size=50'],
    [
      'a day range, page of 50',
      `from=${new Date(Date.now() - 3 * 86_400e3).toISOString().slice(0, 10)}&size=50`,
    ],
    ['the last page of 50', `page=${Math.ceil(N / 50)}&size=50`],
  ] as const)
    await run(`GET /api/emails (${what}, ${label} stored)`, {
      url: `${base}/api/emails?${query}`,
      headers: auth,
    });
if (!only || only === 'triage')
  await run(`GET /api/system/timeline (30 days, ${label} stored)`, {
    url: `${base}/api/system/timeline?days=30`,
    headers: auth,
  });
child.kill('SIGTERM');
