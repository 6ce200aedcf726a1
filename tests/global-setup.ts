import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/**
 * The e2e suites run the built CLI and dashboard (dist/). A dist older than any source file
 * would test yesterday's code, so it is rebuilt first (cheap when it is fresh).
 *
 * Every temporary directory the tests, their servers and their browsers make goes under one
 * directory for the run (TMPDIR, which the test workers and their children inherit), removed
 * when the run ends, so data directories, clusters and browser profiles do not pile up in /tmp.
 * It is writable by all, sticky, like /tmp: PostgreSQL, Dovecot and Chromium run as other users.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(join(tmpdir(), 'phishguard-tests-'));
  chmodSync(root, 0o1777);
  process.env.TMPDIR = root;
  const built = ['dist/cli/main.js', 'dist/web/index.html'].map((f) => join(ROOT, f));
  const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const newest = Math.max(
    ...['src', 'web/src', 'web/index.html', 'data'].map((p) => newestMtime(join(ROOT, p))),
  );
  if (newest > builtAt) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
