import { accessSync, chmodSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The unprivileged account Chromium runs as when PhishGuard runs as root. */
export const BROWSER_USER = 'nobody';

/**
 * The executable to launch so that Chromium keeps its sandbox. Chromium refuses to sandbox
 * itself as root, and an unsandboxed renderer would run hostile pages next to our keys and
 * tokens; so as root we start it through a wrapper that hands the profile playwright made to
 * an unprivileged user and drops to that user (setpriv) before exec. That user cannot read
 * the 0700 data directory. Not root: Chromium is started as is, sandboxed.
 */
export function sandboxedExecutable(chromium: string): { path: string; cleanup(): void } {
  if (process.getuid?.() !== 0) return { path: chromium, cleanup: () => undefined };
  const setpriv = which('setpriv');
  if (!setpriv)
    throw new Error(
      'running as root, Chromium needs setpriv (util-linux) to drop to an unprivileged user and keep its sandbox',
    );
  const dir = mkdtempSync(join(tmpdir(), 'phishguard-chromium-'));
  chmodSync(dir, 0o755);
  const wrapper = join(dir, 'chromium');
  const script = `#!/bin/sh
# PhishGuard: run Chromium as ${BROWSER_USER}, sandboxed (see src/adapters/browser/sandbox.ts).
home=/nonexistent
for a in "$@"; do
  case "$a" in
    --user-data-dir=*) home="\${a#--user-data-dir=}"; chown -R ${BROWSER_USER}: "$home" ;;
  esac
done
exec ${setpriv} --reuid=${BROWSER_USER} --regid=$(id -g ${BROWSER_USER}) --clear-groups --inh-caps=-all --bounding-set=-all env HOME="$home" ${shellQuote(chromium)} "$@"
`;
  writeFileSync(wrapper, script, { mode: 0o755 });
  return { path: wrapper, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

function which(cmd: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    try {
      accessSync(join(dir, cmd), constants.X_OK);
      return join(dir, cmd);
    } catch {
      // not here
    }
  }
  return null;
}

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
