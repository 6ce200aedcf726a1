import type { Command } from 'commander';
import { forgetSender } from '../../app/sender-history.js';
import { writeJson, type CliContext } from '../context.js';
import { cell } from '../output/table.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

/** `phishguard senders list|forget`: what the engine learned from a user's mail and marks. */
export function registerSenders(program: Command, ctx: () => CliContext): void {
  const senders = program
    .command('senders')
    .description('What your mail and your marks taught the engine, per sender (and how to undo it)');
  const common = (c: Command) =>
    c
      .option('--user <name>', 'whose history (default: the only user)')
      .option('--data-dir <dir>', 'data directory')
      .option(
        '--database-url <url>',
        'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
      )
      .option('--config <file>', 'JSON config file')
      .option('--json', 'print JSON');

  common(senders.command('list').description('Senders by number of messages, with your marks')).action(
    async (opts: StoreFlags & { user?: string; json?: boolean }) => {
      const c = ctx();
      const { store } = await openStore(c, opts);
      try {
        const rows = await store.senders.list((await resolveUser(store, opts.user)).id);
        if (opts.json) return writeJson(c, rows);
        c.stdout.write(
          `${cell('SENDER', 40)} ${cell('AUTHENTICATED', 20)} ${cell('MSGS', 5)} ${cell('DAYS', 5)} MARKS\n`,
        );
        for (const r of rows) {
          const marks = [
            r.markedSafe ? `${r.markedSafe} safe` : '',
            r.markedFalsePositive ? `${r.markedFalsePositive} false positive` : '',
            r.markedPhishing ? `${r.markedPhishing} phishing` : '',
          ]
            .filter(Boolean)
            .join(', ');
          c.stdout.write(
            `${cell(r.address, 40)} ${cell(r.authenticated_domain ?? '-', 20)} ${cell(String(r.messages), 5)} ${cell(String(r.days), 5)} ${marks || '-'}\n`,
          );
        }
      } finally {
        await store.close();
      }
    },
  );

  common(
    senders
      .command('forget')
      .argument('<identity>', 'a sender address or an authenticated domain')
      .description('Undo your marks on a sender and score its mail again'),
  ).action(async (identity: string, opts: StoreFlags & { user?: string; json?: boolean }) => {
    const c = ctx();
    const { store } = await openStore(c, opts);
    try {
      const r = await forgetSender(store, await resolveUser(store, opts.user), identity, { cli: true });
      if (opts.json) writeJson(c, r);
      else
        c.stdout.write(
          `forgot ${r.unmarked} mark(s) on ${identity}; ${r.rescored} message(s) scored again\n`,
        );
    } finally {
      await store.close();
    }
  });
}
