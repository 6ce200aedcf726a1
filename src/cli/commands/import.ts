import type { Command } from 'commander';
import { createEngine } from '../../app/engine.js';
import { importFiles } from '../../app/import-files.js';
import { writeJson, type CliContext } from '../context.js';
import { ProgressBar } from '../output/progress.js';
import { addTrustOption, printTrustHint, type TrustFlags } from '../trust-option.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';
import {
  normaliseAuthServId,
  rescoreMailbox,
  setMailboxTrust,
  trustedAuthServId,
} from '../../app/mailbox-trust.js';
import type { Engine } from '../../app/engine.js';
import type { Store } from '../../app/ports.js';
import { PhishguardError } from '../../errors.js';

export function registerImport(program: Command, ctx: () => CliContext): void {
  const command = program
    .command('import')
    .description(
      'Import .eml files, folders, Maildirs, mbox and .mbox.gz into a user’s local mailbox (analysed and stored)',
    )
    .argument('<paths...>')
    .option('--user <name>', 'owner (default: the only user)')
    .option('--mailbox <name>', 'local mailbox name', 'local files')
    .option('--data-dir <dir>', 'data directory')
    .option(
      '--database-url <url>',
      'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
    )
    .option('--config <file>', 'JSON config file')
    .option('--json', 'print JSON');
  addTrustOption(
    command,
    "the mailbox's receiving server: its Authentication-Results may lower scores, for this import and from now on (as mailbox trust sets it)",
  ).action(
    async (
      paths: string[],
      opts: StoreFlags & TrustFlags & { user?: string; mailbox: string; json?: boolean },
    ) => {
      const c = ctx();
      const { store } = await openStore(c, opts);
      try {
        const owner = await resolveUser(store, opts.user);
        const engine = createEngine();
        if (opts.trustAuthserv)
          await trustForImport(store, engine, owner.id, opts.mailbox, opts.trustAuthserv);
        let bar: ProgressBar | null = null;
        const r = await importFiles(store, engine, owner.id, paths, {
          mailboxName: opts.mailbox,
          onProgress: (p) => {
            bar ??= new ProgressBar(p.totalBytes, 'messages');
            bar.update(p.readBytes, p.messages);
          },
        });
        (bar as ProgressBar | null)?.finish();
        await store.audit.add({
          userId: owner.id,
          username: owner.username,
          action: 'mailbox.import',
          target: `mailbox:${r.mailboxId}`,
          detail: { ...r, via: 'cli' },
        });
        if (opts.json)
          writeJson(c, {
            user: owner.username,
            mailbox_id: r.mailboxId,
            processed: r.processed,
            added: r.added,
            duplicates: r.duplicates,
          });
        else {
          c.stdout.write(
            `imported ${r.added} new message(s) for ${owner.username} (${r.processed} read, ${r.duplicates} already stored)\n`,
          );
          await printTrustHint(c, store, r.mailboxId);
        }
      } finally {
        await store.close();
      }
    },
  );
}

/**
 * `import --trust-authserv ID`: the mailbox's own trust from now on, as `mailbox trust` sets it,
 * so that mail scored again later (a new engine) is read the same way. A mailbox trusts one
 * server; one that trusts another is changed with `mailbox trust`, not by an import.
 */
async function trustForImport(
  store: Store,
  engine: Engine,
  userId: number,
  mailboxName: string,
  ids: string[],
): Promise<void> {
  if (ids.length !== 1)
    throw new PhishguardError('USAGE', 'a mailbox trusts one receiving server: give --trust-authserv once');
  const want = normaliseAuthServId(ids[0]);
  const mailbox = await store.mailboxes.ensure({ userId, kind: 'local', address: mailboxName });
  const now = trustedAuthServId(mailbox);
  if (now === want) return;
  if (now)
    throw new PhishguardError(
      'CONFLICT',
      `mailbox ${mailbox.id} (${mailbox.address}) trusts ${now}; to trust ${want} instead: phishguard mailbox trust ${mailbox.id} ${want}`,
    );
  const set = await setMailboxTrust(store, mailbox, want);
  // Mail it already holds was read without the trust: read it again, as `mailbox trust` does.
  await rescoreMailbox(store, engine, mailbox.id, set.ids);
}
