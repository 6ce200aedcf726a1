// npm run bench:upload: memory of `phishguard serve` while one large mbox is uploaded to
// POST /api/mailboxes/import (streamed to disk, then imported), and /health latency meanwhile.
import {
  createReadStream,
  createWriteStream,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { startServe } from './lib/serve-child.js';

const targetMb = Number(process.env.BENCH_UPLOAD_MB ?? 150);
const dir = mkdtempSync(join(tmpdir(), 'pg-upload-'));
const file = join(dir, 'upload.mbox');
const fixtures = readdirSync('fixtures/email').map((f) =>
  readFileSync(join('fixtures/email', f), 'utf8')
    .replace(/\r\n/g, '\n')
    .replace(/^From /gm, '>From ')
    // A blank line before the next "From " separator, as mbox writers leave it.
    .replace(/\n*$/, '\n'),
);
async function generate(path: string, mb: number): Promise<{ n: number; size: number }> {
  const out = createWriteStream(path);
  let bytes = 0;
  let n = 0;
  while (bytes < mb * 1024 * 1024) {
    const msg = `From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${fixtures[n % fixtures.length]!.replace(/^Subject: (.*)$/m, `Subject: $1 #${n}`)}\n`;
    if (!out.write(msg)) await new Promise<void>((r) => out.once('drain', () => r()));
    bytes += msg.length;
    n++;
  }
  out.end();
  await new Promise<void>((r) => out.on('close', () => r()));
  return { n, size: statSync(path).size };
}
const { n, size } = await generate(file, targetMb);
console.log(`generated ${n} messages, ${(size / 1e6).toFixed(0)} MB (uncompressed mbox)`);
const warmFile = join(dir, 'warm.mbox');
await generate(warmFile, 1);

const { base, token, child, rss } = await startServe(join(dir, 'data'));
await new Promise((r) => setTimeout(r, 1000));
const before = await rss();
let peak = before;
// The peak while the body is still being sent (stream to disk) and after (the import).
let sent = false;
// What the peak was made of: anonymous memory (heaps, malloc) against mapped files.
const breakdown = async () =>
  (await readFile(`/proc/${child.pid}/status`, 'utf8'))
    .split('\n')
    .filter((l) => /^Rss(Anon|File|Shmem):/.test(l))
    .map((l) => l.replace(/\s+/g, ' '))
    .join(', ');
let peakDetail = '';
let peakAt = 0;
let sendingPeak = 0;
const sampler = setInterval(
  () =>
    void rss().then(async (m) => {
      if (m > peak) {
        peakDetail = await breakdown();
        peakAt = performance.now();
      }
      peak = Math.max(peak, m);
      if (!sent) sendingPeak = Math.max(sendingPeak, m);
    }),
  100,
);
const health: number[] = [];
let probing = true;
const prober = (async () => {
  while (probing) {
    const t = performance.now();
    await fetch(`${base}/health`).then((r) => r.arrayBuffer());
    health.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 250));
  }
})();

const boundary = 'benchboundary';
async function upload(path: string): Promise<{ status: number; answer: string; seconds: number }> {
  const parts = async function* () {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.mbox"\r\nContent-Type: application/mbox\r\n\r\n`,
    );
    for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
    sent = true;
  };
  const started = performance.now();
  const res = await fetch(`${base}/api/mailboxes/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const answer = await res.text();
  return { status: res.status, answer, seconds: (performance.now() - started) / 1000 };
}

// A 1 MB upload first starts what every import starts once (the shared analysis threads, the
// parser's and the store's heaps); the large upload is then measured from there.
await upload(warmFile);
await new Promise((r) => setTimeout(r, 1000));
const warm = await rss();
const warmDetail = await breakdown();
peak = warm;
sent = false;
sendingPeak = warm;
const startedAt = performance.now();
const { status, answer, seconds } = await upload(file);
probing = false;
await prober;
clearInterval(sampler);
const after = await rss();
child.kill('SIGTERM');

health.sort((a, b) => a - b);
const q = (p: number) => health[Math.min(health.length - 1, Math.floor(p * health.length))]?.toFixed(1);
console.log(`POST /api/mailboxes/import: ${status} ${answer.slice(0, 120)}`);
console.log(`upload + import: ${seconds.toFixed(1)} s (${(size / 1e6 / seconds).toFixed(1)} MB/s)`);
console.log(
  `serve RSS: ${before.toFixed(0)} MB at start, ${warm.toFixed(0)} MB after a 1 MB upload, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`,
);
console.log(
  `large upload's cost: peak +${(peak - warm).toFixed(0)} MB over the daemon after one small upload (+${(peak - before).toFixed(0)} MB over a fresh daemon)`,
);
console.log(
  `  after the small upload: ${warmDetail}; at the peak (${((peakAt - startedAt) / 1000).toFixed(1)} s in): ${peakDetail}`,
);
console.log(`  while the body was being sent (to disk): peak +${(sendingPeak - warm).toFixed(0)} MB`);
console.log(`GET /health meanwhile: ${health.length} probes, p50 ${q(0.5)} ms, max ${q(1)} ms`);
