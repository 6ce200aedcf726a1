import type { Command } from 'commander';
import { createEngine } from '../../app/engine.js';
import { importFiles } from '../../app/import-files.js';
import { writeJson, type CliContext } from '../context.js';
import { ProgressBar } from '../output/progress.js';
import { addTrustOption, type TrustFlags } from '../trust-option.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

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
  addTrustOption(command).action(
    async (
      paths: string[],
      opts: StoreFlags & TrustFlags & { user?: string; mailbox: string; json?: boolean },
    ) => {
      const c = ctx();
      const { store } = await openStore(c, opts);
      try {
        const owner = await resolveUser(store, opts.user);
        let bar: ProgressBar | null = null;
        const r = await importFiles(store, createEngine(), owner.id, paths, {
          mailboxName: opts.mailbox,
          trustedAuthServIds: opts.trustAuthserv,
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
        else
          c.stdout.write(
            `imported ${r.added} new message(s) for ${owner.username} (${r.processed} read, ${r.duplicates} already stored)\n`,
          );
      } finally {
        await store.close();
      }
    },
  );
}
