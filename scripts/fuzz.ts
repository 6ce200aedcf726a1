// npm run fuzz: the engine under 100,000 mutated messages, then a running daemon under requests
// generated from its OpenAPI document. Prints figures; exits 1 on an uncaught error or a 5xx.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { readMbox } from '../src/adapters/files/mbox.js';
import { createEngine } from '../src/app/engine.js';
import { apiRequests, type ApiDocument } from './lib/fuzz-api.js';
import { startServe } from './lib/serve-child.js';
import { fuzzMail, MUTATORS, quantile } from './lib/fuzz-mail.js';

const seed = Number(process.env.FUZZ_SEED ?? 1);
const mailRuns = Number(process.env.FUZZ_MAIL_RUNS ?? 100_000);
const apiRuns = Number(process.env.FUZZ_API_REQUESTS ?? 20_000);
const only = process.env.FUZZ_ONLY; // "mail" or "api"
let failed = false;

if (only !== 'api') {
  const bases: Buffer[] = readdirSync('fixtures/email').map((f) => readFileSync(join('fixtures/email', f)));
  const corpus = process.env.PHISHGUARD_CORPUS ?? '../shared/corpus';
  const dev = join(corpus, 'dev');
  if (existsSync(dev))
    for (const f of readdirSync(dev).filter((x) => x.endsWith('.mbox.gz'))) {
      let n = 0;
      for await (const raw of readMbox(createReadStream(join(dev, f)).pipe(createGunzip()))) {
        bases.push(raw);
        if (++n >= 150) break;
      }
    }
  console.log(
    `mail: ${mailRuns} mutations of ${bases.length} messages (fixtures and ${corpus}/dev), seed ${seed}`,
  );
  const started = performance.now();
  const report = await fuzzMail(createEngine(), bases, {
    runs: mailRuns,
    seed,
    onProgress: (i) => i % 10_000 === 0 && i > 0 && process.stderr.write(`  ${i} runs\n`),
    onSlow: process.env.PHISHGUARD_FUZZ_DUMP
      ? (input, mutator, ms) =>
          writeFileSync(
            join(process.env.PHISHGUARD_FUZZ_DUMP as string, `${mutator}-${Math.round(ms)}ms.eml`),
            input,
          )
      : undefined,
  });
  const t = [...report.timesMs].sort((a, b) => a - b);
  console.log(
    `  ${report.runs} runs in ${((performance.now() - started) / 1000).toFixed(0)} s; uncaught errors: ${report.uncaught.length}; refused (clear error): ${report.refused}`,
  );
  for (const u of report.uncaught.slice(0, 5))
    console.log(`  UNCAUGHT (${u.mutator}): ${u.error.split('\n')[0]}`);
  console.log(
    `  analysis ms: p50 ${quantile(t, 0.5).toFixed(2)}, p99 ${quantile(t, 0.99).toFixed(1)}, p99.9 ${quantile(t, 0.999).toFixed(1)}, max ${(t.at(-1) ?? 0).toFixed(0)}; over 1 s: ${t.filter((x) => x > 1000).length}`,
  );
  const per = Object.keys(MUTATORS).map((m) => `${m} ${report.byMutator[m] ?? 0}`);
  console.log(`  mutations: ${per.join(', ')}`);
  console.log(
    `  slowest: ${report.slowest
      .slice(0, 5)
      .map((s) => `${s.mutator} ${s.ms.toFixed(0)} ms`)
      .join(', ')}`,
  );
  console.log(
    `  memory: heap ${report.heapMb.start.toFixed(0)} → ${report.heapMb.end.toFixed(0)} MB, RSS ${report.rssMb.start.toFixed(0)} → ${report.rssMb.end.toFixed(0)} MB (peak ${report.rssMb.peak.toFixed(0)})`,
  );
  if (report.uncaught.length) failed = true;
}

if (only !== 'mail') {
  const dir = mkdtempSync(join(tmpdir(), 'pg-fuzz-'));
  const dataDir = join(dir, 'data');
  const { base, token, child, rss } = await startServe(dataDir, {
    logLevel: 'error',
    beforeSignIn: () =>
      execFileSync(
        process.execPath,
        ['bin/phishguard.js', 'import', 'fixtures/email', '--user', 'admin', '--data-dir', dataDir],
        { stdio: 'ignore' },
      ),
  });
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as ApiDocument;
  const before = await rss();
  let peak = before;
  const statuses = new Map<number, number>();
  const errors: string[] = [];
  const gen = apiRequests(doc, { seed, token });
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < apiRuns) {
      sent++;
      const r = gen.next().value as ReturnType<typeof gen.next>['value'] & object;
      try {
        const res = await fetch(`${base}${r.path}`, {
          method: r.method,
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(60_000),
        });
        const text = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 && !(res.status === 503 && text.includes('"code":"UNAVAILABLE"')))
          errors.push(`${r.method} ${r.path.slice(0, 120)} → ${res.status} ${text.slice(0, 160)}`);
      } catch (e) {
        errors.push(`${r.method} ${r.path.slice(0, 120)} → no answer: ${(e as Error).message}`);
      }
      if (sent % 500 === 0) peak = Math.max(peak, await rss());
      if (sent % 5000 === 0) process.stderr.write(`  ${sent} requests\n`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const alive = (await fetch(`${base}/health`).catch(() => null))?.status === 200;
  const after = await rss();
  child.kill('SIGTERM');
  console.log(
    `api: ${apiRuns} generated requests against phishguard serve in ${((performance.now() - started) / 1000).toFixed(0)} s, seed ${seed}`,
  );
  console.log(
    `  statuses: ${[...statuses]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(', ')}`,
  );
  console.log(`  5xx (other than 503 "no browser"): ${errors.length}; daemon alive afterwards: ${alive}`);
  for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
  console.log(
    `  daemon RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`,
  );
  if (errors.length || !alive) failed = true;
}
process.exit(failed ? 1 : 0);
