import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface ServeChild {
  base: string;
  /** The first-run administrator's access token, after its password change. */
  token: string;
  child: ChildProcess;
  /** The daemon's resident memory in MB (Linux /proc). */
  rss(): Promise<number>;
}

/**
 * The built `phishguard serve` on an ephemeral port over a fresh data directory, signed in as
 * the first-run administrator (whose temporary password must be changed before anything else).
 * `beforeSignIn` runs once the daemon listens (e.g. a CLI import into the same data directory).
 */
export async function startServe(
  dataDir: string,
  opts: { logLevel?: string; beforeSignIn?: () => void } = {},
): Promise<ServeChild> {
  const child = spawn(
    process.execPath,
    ['bin/phishguard.js', 'serve', '--data-dir', dataDir, '--port', '0'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, PHISHGUARD_LOG_LEVEL: opts.logLevel ?? 'warn' },
    },
  );
  let err = '';
  child.stderr?.on('data', (d) => (err += d));
  for (let i = 0; i < 200 && !/password: \S+/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
  const base = /listening on (\S+)/.exec(err)?.[1];
  const first = /password: (\S+)/.exec(err)?.[1];
  if (!base || !first) throw new Error(`serve did not start: ${err}`);
  opts.beforeSignIn?.();
  const login = (await (
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: first }),
    })
  ).json()) as { access_token: string };
  const changed = (await (
    await fetch(`${base}/api/auth/password`, {
      method: 'POST',
      headers: { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ current_password: first, new_password: `${first}-bench` }),
    })
  ).json()) as { access_token: string };
  return {
    base,
    token: changed.access_token,
    child,
    rss: async () =>
      Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
  };
}
