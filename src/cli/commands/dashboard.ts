import type { Command } from 'commander';
import {
  allEmails,
  localSource,
  type DashboardEmail,
  type DashboardSource,
} from '../../app/dashboard-source.js';
import { remoteSource } from '../../app/remote-source.js';
import { createEngine } from '../../app/engine.js';
import { loadKey } from '../../app/secrets.js';
import { loadPopularDomains } from '../../adapters/data/load.js';
import { PhishguardError } from '../../errors.js';
import { writeJson, type CliContext } from '../context.js';
import { promptHidden } from '../output/prompt.js';
import { cell, colourLevel } from '../output/table.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

interface Options extends StoreFlags {
  server?: string;
  token?: string;
  user?: string;
  json?: boolean;
  allowPrivateNetwork?: boolean;
  level?: string;
  search?: string;
  limit?: string;
}

export function registerDashboard(program: Command, ctx: () => CliContext): void {
  program
    .command('dashboard')
    .description(
      'Terminal dashboard over the local store, or a running daemon with --server URL (plain list when not on a terminal)',
    )
    .option('--server <url>', 'a running phishguard serve, e.g. http://127.0.0.1:8787')
    .option(
      '--token <token>',
      'access token for --server (PHISHGUARD_TOKEN); otherwise asked for a username and password',
    )
    .option('--user <name>', 'whose mail (local store; default: the only user)')
    .option('--data-dir <dir>', 'data directory')
    .option(
      '--database-url <url>',
      'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
    )
    .option('--config <file>', 'JSON config file')
    .option('--allow-private-network', 'let link analysis reach loopback/private addresses (labs only)')
    .option('--json', 'print the email list as JSON and exit')
    .option('--level <level>', 'list only HIGH, MEDIUM, LOW or SAFE mail (plain list and --json)')
    .option(
      '--search <query>',
      'list only mail matching the dashboards\' search: words, "phrases", from:, subject:, level:, is:STATUS, after:/before:DATE, -exclusion',
    )
    .option('--limit <n>', 'at most this many messages, newest first')
    .action(async (opts: Options) => runDashboard(ctx(), opts));
}

const LEVELS = ['HIGH', 'MEDIUM', 'LOW', 'SAFE'];

async function runDashboard(ctx: CliContext, opts: Options): Promise<void> {
  const level = opts.level?.toUpperCase() ?? null;
  if (level !== null && !LEVELS.includes(level))
    throw new PhishguardError('USAGE', `--level must be one of ${LEVELS.join(', ')}, not ${opts.level}`);
  const limit = opts.limit === undefined ? Number.POSITIVE_INFINITY : Number(opts.limit);
  if (opts.limit !== undefined && !(limit > 0 && Number.isInteger(limit)))
    throw new PhishguardError('USAGE', `--limit must be a whole number above 0, not ${opts.limit}`);
  // A filter asks for a list, not the interactive dashboard.
  const filtered = level !== null || opts.search !== undefined || opts.limit !== undefined;
  let close: () => void | Promise<void> = () => undefined;
  let source: DashboardSource;
  if (opts.server) {
    source = remoteSource(opts.server, await remoteToken(ctx, opts));
  } else {
    const { config, store } = await openStore(ctx, opts);
    close = () => store.close();
    const user = await resolveUser(store, opts.user);
    const popular = loadPopularDomains();
    source = localSource({
      store,
      engine: createEngine({ popular }),
      popular,
      user,
      secretsKey: loadKey(config.dataDir, 'secrets', ctx.env),
      allowPrivateNetwork: opts.allowPrivateNetwork === true || config.allowPrivateNetwork,
    });
  }
  try {
    if (opts.json || !ctx.stdout.isTTY || !ctx.stdin.isTTY || filtered) {
      // All of it (or of what the filters keep), page by page, newest first.
      const emails: DashboardEmail[] = [];
      for await (const e of allEmails(source, {
        level,
        ...(opts.search ? { search: opts.search } : {}),
      })) {
        if (emails.length >= limit) break;
        emails.push(e);
      }
      if (opts.json)
        return writeJson(
          ctx,
          emails.map(({ indicators: _i, ...e }) => e),
        );
      for (const e of emails)
        ctx.stdout.write(
          `${colourLevel(e.risk_level ?? '----', false).padEnd(7)} ${String(e.risk_score ?? '').padStart(3)}  ${cell(e.sender, 30)} ${cell(e.subject || '(no subject)', 44)}\n`,
        );
      return;
    }
    const { runDashboard: run } = await import('../tui/run.js');
    await run(source);
  } finally {
    await close();
  }
}

async function remoteToken(ctx: CliContext, opts: Options): Promise<string> {
  const token = opts.token ?? ctx.env.PHISHGUARD_TOKEN;
  if (token) return token;
  if (!ctx.stdin.isTTY)
    throw new PhishguardError('USAGE', 'give --token (or PHISHGUARD_TOKEN) when not on a terminal');
  ctx.stderr.write('Username: ');
  const username = await new Promise<string>((resolve) =>
    ctx.stdin.once('data', (d) => resolve(String(d).trim())),
  );
  const password = await promptHidden('Password: ');
  const res = await fetch(new URL('/api/auth/login', opts.server), {
    method: 'POST',
    body: new URLSearchParams({ username, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; detail?: string };
  if (!res.ok || !body.access_token)
    throw new PhishguardError('UNAUTHORIZED', body.detail ?? 'sign-in failed');
  return body.access_token;
}
