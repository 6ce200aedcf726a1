// npm run bench:memory: peak RSS of `scan` and `import` over a generated mbox.gz (default ~1 GB of mail).
import { execFileSync, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';

const targetMb = Number(process.env.BENCH_MB ?? 1024);
const dir = mkdtempSync(join(tmpdir(), 'pg-mem-'));
const file = join(dir, 'big.mbox.gz');
const fixtures = readdirSync('fixtures/email').map((f) =>
  readFileSync(join('fixtures/email', f), 'utf8')
    .replace(/\r\n/g, '\n')
    .replace(/^From /gm, '>From ')
    // A blank line before the next "From " separator, as mbox writers leave it.
    .replace(/\n*$/, '\n'),
);
const gz = createGzip({ level: 1 });
const out = createWriteStream(file);
gz.pipe(out);
let bytes = 0;
let n = 0;
while (bytes < targetMb * 1024 * 1024) {
  const msg = `From MAILER-DAEMON Thu Jan  1 00:00:00 1970\n${fixtures[n % fixtures.length]!.replace(/^Subject: (.*)$/m, `Subject: $1 #${n}`)}\n`;
  if (!gz.write(msg)) await new Promise<void>((r) => gz.once('drain', () => r()));
  bytes += msg.length;
  n++;
}
gz.end();
await new Promise<void>((r) => out.on('close', () => r()));
console.log(
  `generated ${n} messages, ${(bytes / 1e6).toFixed(0)} MB of mail (${(statSync(file).size / 1e6).toFixed(0)} MB gzipped)`,
);

function peak(args: string[]): string {
  const r = spawnSync(
    '/usr/bin/time',
    ['-f', '%e s, peak RSS %M KB', process.execPath, 'bin/phishguard.js', ...args],
    { stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 },
  );
  return r.stderr.toString().trim().split('\n').pop() ?? '';
}
console.log(`scan --format jsonl > /dev/null: ${peak(['scan', file, '--format', 'jsonl'])}`);
execFileSync(
  process.execPath,
  ['bin/phishguard.js', 'user', 'add', 'bench', '--password-stdin', '--data-dir', join(dir, 'data')],
  { input: 'bench-password' },
);
console.log(`import into SQLite: ${peak(['import', file, '--data-dir', join(dir, 'data')])}`);
