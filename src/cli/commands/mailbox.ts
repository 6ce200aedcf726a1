import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { queueJobs, queueSettings, startBoss } from '../../adapters/queue/pg-boss.js';
import { createEngine } from '../../app/engine.js';
import { importFiles } from '../../app/import-files.js';
import type { MailboxRecord } from '../../app/ports.js';
import { addImapMailbox } from '../../app/mailboxes.js';
import {
  rescoreMailbox,
  setMailboxTrust,
  trustedAuthServId,
  trustReport,
  type TrustReport,
} from '../../app/mailbox-trust.js';
import { scanImapMailbox } from '../../app/scan-mailbox.js';
import { loadKey } from '../../app/secrets.js';
import { PhishguardError } from '../../errors.js';
import { readAll, writeJson, type CliContext } from '../context.js';
import { printTrustHint } from '../trust-option.js';
import { createLogger } from '../logger.js';
import { promptHidden } from '../output/prompt.js';
import { ProgressBar } from '../output/progress.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

interface AddOptions extends StoreFlags {
  host?: string;
  port?: string;
  user?: string;
  name?: string;
  path?: string[];
  owner?: string;
  folder: string;
  starttls?: boolean;
  plain?: boolean;
  insecureTls?: boolean;
  passwordStdin?: boolean;
  accessTokenStdin?: boolean;
  authservId?: string;
  json?: boolean;
}

export function registerMailbox(program: Command, ctx: () => CliContext): void {
  const mailbox = program
    .command('mailbox')
    .description('Connected mailboxes: IMAP (read-only) and local files');
  const common = (c: Command) =>
    c
      .option('--data-dir <dir>', 'data directory')
      .option(
        '--database-url <url>',
        'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
      )
      .option('--config <file>', 'JSON config file');

  common(
    mailbox
      .command('add')
      .argument('<kind>', 'imap, or local (files scanned by a worker or phishguard mailbox scan)')
      .option('--host <host>', 'IMAP server')
      .option('--port <port>', 'port (993 with TLS, 143 otherwise)')
      .option('--user <login>', 'IMAP login')
      .option('--name <name>', 'local: the mailbox name')
      .option(
        '--path <paths...>',
        'local: .eml/.msg/Maildir/mbox/mbox.gz files or folders it is scanned from',
      )
      .option('--owner <username>', 'PhishGuard account (default: the only user)')
      .option('--folder <name>', 'folder to scan', 'INBOX')
      .option('--starttls', 'plain connection upgraded with STARTTLS (port 143)')
      .option('--plain', 'no TLS at all (labs only)')
      .option('--insecure-tls', 'accept a self-signed server certificate')
      .option('--password-stdin', 'read the password from stdin')
      .option('--access-token-stdin', 'read an OAuth access token from stdin (XOAUTH2)')
      .option(
        '--authserv-id <id>',
        "your receiving server's name in Authentication-Results (e.g. mx.example.org); only its results may lower a score",
      )
      .option('--json', 'print JSON'),
  ).action(async (kind: string, opts: AddOptions) => {
    const c = ctx();
    if (kind === 'local') return addLocal(c, opts);
    if (kind !== 'imap')
      throw new PhishguardError(
        'USAGE',
        `unknown mailbox kind ${kind}: use imap or local (Gmail: phishguard gmail login; one-off files: phishguard import)`,
      );
    if (!opts.host || !opts.user)
      throw new PhishguardError('USAGE', 'an IMAP mailbox needs --host and --user');
    const { host, user } = opts;
    const secret =
      opts.accessTokenStdin || opts.passwordStdin
        ? (await readAll(c.stdin)).toString('utf8').trim()
        : c.stdin.isTTY
          ? await promptHidden(`IMAP password for ${user}: `)
          : null;
    if (!secret)
      throw new PhishguardError(
        'USAGE',
        'no password: use --password-stdin (or run on a terminal to be asked)',
      );
    const security = opts.plain ? 'none' : opts.starttls ? 'starttls' : 'tls';
    const { config, store } = await openStore(c, opts);
    try {
      const owner = await resolveUser(store, opts.owner, '--owner');
      const m = await addImapMailbox(
        store,
        loadKey(config.dataDir, 'secrets', c.env),
        owner.id,
        {
          host,
          port: Number(opts.port ?? (security === 'tls' ? 993 : 143)),
          security,
          user,
          folder: opts.folder,
          insecureTls: opts.insecureTls === true,
        },
        opts.accessTokenStdin ? { accessToken: secret } : { password: secret },
        opts.authservId,
      );
      await store.audit.add({
        userId: owner.id,
        username: owner.username,
        action: 'mailbox.add',
        target: `mailbox:${m.id}`,
        detail: { kind: 'imap', host },
      });
      if (opts.json) writeJson(c, { id: m.id, kind: m.kind, address: m.address });
      else
        c.stdout.write(
          `added IMAP mailbox ${m.id}: ${m.address} (read-only; run: phishguard mailbox scan ${m.id})\n`,
        );
    } finally {
      await store.close();
    }
  });

  common(mailbox.command('list').description('List mailboxes').option('--json', 'print JSON')).action(
    async (opts: StoreFlags & { json?: boolean }) => {
      const c = ctx();
      const { store } = await openStore(c, opts);
      try {
        const rows = [];
        for (const u of await store.users.list())
          for (const m of await store.mailboxes.listForUser(u.id))
            rows.push({
              id: m.id,
              owner: u.username,
              kind: m.kind,
              address: m.address,
              emails: (await store.emails.listForMailbox(m.id, 0, 0)).total,
              last_scan_at: m.last_scan_at,
              authserv_id: trustedAuthServId(m),
            });
        if (opts.json) return writeJson(c, rows);
        if (rows.length === 0)
          c.stdout.write(
            'no mailboxes yet: phishguard mailbox add imap …, phishguard import PATH, or connect Gmail in the dashboard\n',
          );
        for (const r of rows)
          c.stdout.write(
            `${String(r.id).padStart(4)}  ${r.kind.padEnd(6)} ${r.owner.padEnd(16)} ${String(r.emails).padStart(6)} emails  ${r.address}${r.authserv_id ? `  (trusts ${r.authserv_id})` : ''}\n`,
          );
      } finally {
        await store.close();
      }
    },
  );

  common(
    mailbox
      .command('scan')
      .argument('[id]', 'the mailbox (with --queue and --all: every mailbox)')
      .description('Fetch and analyse new mail (read-only)')
      .option('--queue', 'PostgreSQL store: queue the scan for the workers instead of running it here')
      .option('--all', 'with --queue: every mailbox')
      .option('--json', 'print JSON'),
  ).action(
    async (id: string | undefined, opts: StoreFlags & { json?: boolean; queue?: boolean; all?: boolean }) => {
      const c = ctx();
      if (opts.queue) return queueScans(c, id, opts);
      if (!id) throw new PhishguardError('USAGE', 'which mailbox? phishguard mailbox scan ID');
      const { config, store } = await openStore(c, opts);
      try {
        const m = await store.mailboxes.byId(Number(id));
        if (!m) throw new PhishguardError('NOT_FOUND', `no mailbox ${id}`);
        if (m.kind === 'local' && Array.isArray(m.config.paths)) {
          const r = await importFiles(store, createEngine(), m.user_id, m.config.paths as string[], {
            mailboxName: m.address,
          });
          if (opts.json) writeJson(c, r);
          else {
            c.stdout.write(`scanned ${r.processed} message(s), stored ${r.added} new\n`);
            await printTrustHint(c, store, m.id);
          }
          return;
        }
        if (m.kind !== 'imap')
          throw new PhishguardError(
            'USAGE',
            m.kind === 'local'
              ? 'local mailboxes are filled with phishguard import PATH'
              : 'Gmail mailboxes are scanned with phishguard gmail scan',
          );
        let bar: ProgressBar | null = null;
        const r = await scanImapMailbox(
          store,
          createEngine(),
          m,
          loadKey(config.dataDir, 'secrets', c.env),
          (p) => {
            bar ??= new ProgressBar(p.total ?? 0, 'messages');
            bar.update(p.processed, p.processed);
          },
        );
        (bar as ProgressBar | null)?.finish();
        const owner = await store.users.byId(m.user_id);
        await store.audit.add({
          userId: m.user_id,
          username: owner?.username ?? null,
          action: 'mailbox.scan',
          target: `mailbox:${m.id}`,
          detail: { ...r, via: 'cli' },
        });
        if (opts.json) writeJson(c, r);
        else {
          c.stdout.write(`scanned ${r.processed} new message(s), stored ${r.added}\n`);
          await printTrustHint(c, store, m.id);
        }
      } finally {
        await store.close();
      }
    },
  );

  common(
    mailbox
      .command('trust')
      .argument('<id>', 'the mailbox')
      .argument('[authserv-id]', 'the receiving server to trust, as its Authentication-Results header begins')
      .description(
        "Which receiving server's Authentication-Results may lower this mailbox's scores: show it and what the stored mail suggests, or set it and score the stored mail again",
      )
      .option('--suggested', 'trust the server the stored mail suggests')
      .option('--none', 'trust no server')
      .option('--json', 'print JSON'),
  ).action(
    async (
      id: string,
      authservId: string | undefined,
      opts: StoreFlags & { suggested?: boolean; none?: boolean; json?: boolean },
    ) => {
      const c = ctx();
      if ([authservId !== undefined, opts.suggested, opts.none].filter(Boolean).length > 1)
        throw new PhishguardError('USAGE', 'give an authserv-id, --suggested or --none, not more than one');
      const { store } = await openStore(c, opts);
      try {
        const m = await store.mailboxes.byId(Number(id));
        if (!m) throw new PhishguardError('NOT_FOUND', `no mailbox ${id}`);
        // The stored mail is read only to show the trust or to take its suggestion.
        const report = authservId === undefined && !opts.none ? await trustReport(store, m) : null;
        if (report && !opts.suggested) {
          if (opts.json) return writeJson(c, report);
          c.stdout.write(`${describeTrust(report, m.id)}\n`);
          return;
        }
        if (report && !report.suggested)
          throw new PhishguardError('CONFLICT', `nothing to suggest: ${describeTrust(report, m.id)}`);
        const target = opts.none ? null : (authservId ?? report?.suggested ?? null);
        const { trusted, ids } = await setMailboxTrust(store, m, target);
        const owner = await store.users.byId(m.user_id);
        await store.audit.add({
          userId: m.user_id,
          username: owner?.username ?? null,
          action: 'mailbox.trust',
          target: `mailbox:${m.id}`,
          detail: { authserv_id: trusted, rescoring: ids.length, via: 'cli' },
        });
        const bar = ids.length && !opts.json ? new ProgressBar(ids.length, 'messages') : null;
        await rescoreMailbox(store, createEngine(), m.id, ids, (done) => bar?.update(done, done));
        bar?.finish();
        if (opts.json) return writeJson(c, { trusted, rescored: ids.length });
        c.stdout.write(
          `${trusted ? `mailbox ${m.id} now trusts Authentication-Results written by ${trusted}` : `mailbox ${m.id} trusts no receiving server now`}; ${ids.length} stored message(s) scored again\n`,
        );
      } finally {
        await store.close();
      }
    },
  );

  common(
    mailbox
      .command('remove')
      .argument('<id>')
      .description('Forget a mailbox and its stored mail (nothing changes at the provider)'),
  ).action(async (id: string, opts: StoreFlags) => {
    const c = ctx();
    const { store } = await openStore(c, opts);
    try {
      const m = await store.mailboxes.byId(Number(id));
      if (!m) throw new PhishguardError('NOT_FOUND', `no mailbox ${id}`);
      await store.mailboxes.remove(m.id);
      await store.audit.add({
        userId: m.user_id,
        username: (await store.users.byId(m.user_id))?.username ?? null,
        action: 'mailbox.remove',
        target: `mailbox:${m.id}`,
      });
      c.stdout.write(`removed mailbox ${m.id} (${m.address})\n`);
    } finally {
      await store.close();
    }
  });
}

/** `mailbox add local`: a mailbox filled from files, scanned by a worker or `mailbox scan`. */
async function addLocal(c: CliContext, opts: AddOptions): Promise<void> {
  if (!opts.name || !opts.path?.length)
    throw new PhishguardError('USAGE', 'a local mailbox needs --name NAME and --path PATH…');
  const paths = opts.path.map((p) => resolve(p));
  for (const p of paths)
    if (!existsSync(p)) throw new PhishguardError('NOT_FOUND', `no such file or folder: ${p}`);
  const { store } = await openStore(c, opts);
  try {
    const owner = await resolveUser(store, opts.owner, '--owner');
    const m = await store.mailboxes.ensure({ userId: owner.id, kind: 'local', address: opts.name });
    await store.mailboxes.setConfig(m.id, { ...m.config, paths });
    await store.audit.add({
      userId: owner.id,
      username: owner.username,
      action: 'mailbox.add',
      target: `mailbox:${m.id}`,
      detail: { kind: 'local', paths: paths.length },
    });
    if (opts.json) writeJson(c, { id: m.id, kind: m.kind, address: m.address, paths });
    else c.stdout.write(`added local mailbox ${m.id}: ${m.address} (run: phishguard mailbox scan ${m.id})\n`);
  } finally {
    await store.close();
  }
}

/** `mailbox scan --queue`: the scans go to the PostgreSQL queue for `phishguard worker`s. */
async function queueScans(
  c: CliContext,
  id: string | undefined,
  opts: StoreFlags & { json?: boolean; all?: boolean },
): Promise<void> {
  if (!id && !opts.all) throw new PhishguardError('USAGE', 'which mailbox? give an ID, or --all');
  const { config, store } = await openStore(c, opts);
  try {
    if (!config.databaseUrl)
      throw new PhishguardError(
        'USAGE',
        '--queue needs a PostgreSQL store (PHISHGUARD_DATABASE_URL); with SQLite, scans run here',
      );
    const targets = opts.all
      ? await store.mailboxes.listAll()
      : [await store.mailboxes.byId(Number(id))].filter((m): m is MailboxRecord => !!m);
    if (targets.length === 0) throw new PhishguardError('NOT_FOUND', `no mailbox ${id ?? ''}`.trim());
    const logger = createLogger('warn', 'json');
    const jobs = queueJobs(await startBoss(config.databaseUrl, queueSettings(c.env)), { store, logger });
    const out: { mailbox: number; scan_id: number; already_running: boolean }[] = [];
    try {
      for (const m of targets) {
        const r = await jobs.scanMailbox(m);
        out.push({ mailbox: m.id, scan_id: r.scanId, already_running: r.alreadyRunning });
      }
    } finally {
      await jobs.close();
    }
    if (opts.json) writeJson(c, out);
    else
      c.stdout.write(
        `queued ${out.filter((r) => !r.already_running).length} scan(s); ${out.filter((r) => r.already_running).length} already running\n`,
      );
  } finally {
    await store.close();
  }
}

/** A trust report in a sentence or three, for the terminal. */
function describeTrust(r: TrustReport, mailboxId: number): string {
  const now = r.trusted
    ? `Trusted now: Authentication-Results written by ${r.trusted}.`
    : 'Trusted now: none (a pass in Authentication-Results lowers no score).';
  if (r.sampled === 0) return `${now} No stored mail with its bytes to read yet: scan the mailbox first.`;
  const seen = r.seen
    .slice(0, 5)
    .map((s) => `${s.authserv_id} (${s.messages})`)
    .join(', ');
  const what =
    r.with_results === 0
      ? `None of the newest ${r.sampled} stored message(s) carries Authentication-Results: the receiving server writes none, so there is nothing to trust.`
      : `The topmost Authentication-Results of the newest ${r.sampled} stored message(s) (${r.with_results} carry one) were written by: ${seen}.`;
  const advice = r.suggested
    ? r.suggested === r.trusted
      ? ''
      : ` Suggested: ${r.suggested}, your receiving server by the look of it (phishguard mailbox trust ${mailboxId} --suggested). Trust it only if that server removes headers that claim its name from incoming mail, as RFC 8601 asks.`
    : r.with_results >= 3
      ? ' No single server wrote nearly all of them, so none is suggested.'
      : r.with_results > 0
        ? ' Too few of them carry one to suggest a server yet.'
        : '';
  return `${now} ${what}${advice}`;
}
