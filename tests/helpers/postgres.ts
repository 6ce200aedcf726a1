import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './dovecot.js';

/** Debian's PostgreSQL server binaries (package postgresql), newest version first. */
export const PG_BIN = (() => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const v = readdirSync(root)
    .filter((d) => existsSync(join(root, d, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v ? join(root, v, 'bin') : null;
})();

export interface Postgres {
  /** A connection URL for the `postgres` database of the cluster. */
  url: string;
  port: number;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  stop(): Promise<void>;
}

let seq = 0;

/**
 * A real PostgreSQL cluster in a temporary directory, listening on a free loopback port only
 * (no Unix socket outside its directory), removed by stop(). PostgreSQL refuses to run as root,
 * so under root it runs as the `postgres` account the Debian package creates.
 */
export async function startPostgres(): Promise<Postgres> {
  if (!PG_BIN) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? // setpriv executes the command itself (no forked parent in between to pass signals on).
        (['setpriv', ['--reuid=postgres', '--regid=postgres', '--clear-groups', '--', cmd, ...args]] as const)
      : ([cmd, args] as const);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const [initCmd, initArgs] = run(join(PG_BIN, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C',
  ]);
  execFileSync(initCmd, [...initArgs], { stdio: 'pipe' });
  const port = await freePort();
  const [cmd, args] = run(join(PG_BIN, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-k',
    dir,
    // A throwaway cluster: durability is not what is under test.
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
  ]);
  const proc: ChildProcess = spawn(cmd, [...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  proc.stderr?.on('data', (b: Buffer) => (log += b.toString()).slice(-10_000));
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const started = Date.now();
  for (;;) {
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      break;
    } catch {
      await c.end().catch(() => undefined);
      if (proc.exitCode !== null || Date.now() - started > 20_000)
        throw new Error(`PostgreSQL did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    port,
    async createDatabase(name = `t${process.pid}_${++seq}`) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`CREATE DATABASE "${name}"`);
      } finally {
        await c.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        // SIGINT: "fast" shutdown, sessions ended at once.
        proc.kill('SIGINT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
