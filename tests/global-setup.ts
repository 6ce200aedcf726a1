import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/**
 * The e2e suites run the built CLI and dashboard (dist/). A dist older than any source file
 * would test yesterday's code, so it is rebuilt first (cheap when it is fresh).
 */
export default function setup(): void {
  const built = ['dist/cli/main.js', 'dist/web/index.html'].map((f) => join(ROOT, f));
  const builtAt = Math.min(...built.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const newest = Math.max(
    ...['src', 'web/src', 'web/index.html', 'data'].map((p) => newestMtime(join(ROOT, p))),
  );
  if (newest > builtAt) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
