import { spawn, type ChildProcess } from 'node:child_process';
import { BIN } from './cli.js';

export interface Running {
  child: ChildProcess;
  output(): string;
  /** SIGKILL, and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts the built `phishguard` with these arguments, collecting its output. */
export function startCli(args: string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  child.stderr?.on('data', (d: Buffer) => (out = (out + d.toString()).slice(-200_000)));
  return {
    child,
    output: () => out,
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

/** `phishguard serve --port 0`: resolves with its URL once it listens. */
export async function startDaemon(
  args: string[],
  env: Record<string, string>,
): Promise<Running & { url: string }> {
  const p = startCli(['serve', '--port', '0', ...args], env);
  for (let i = 0; i < 300; i++) {
    const m = /listening on (http:\/\/\S+)/.exec(p.output());
    if (m) return { ...p, url: m[1] as string };
    if (p.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await p.kill();
  throw new Error(`phishguard serve did not start:\n${p.output()}`);
}

/** Polls `check` until it returns a value, or fails after `ms`. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  ms: number,
  what: string,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
