import type { Command } from 'commander';
import type { EmailStatus } from '../../app/ports.js';
import { relearn } from '../../app/sender-history.js';
import { PhishguardError } from '../../errors.js';
import { writeJson, type CliContext } from '../context.js';
import { openStore, resolveUser, type StoreFlags } from '../store-context.js';

const STATUSES: readonly EmailStatus[] = [
  'new',
  'reviewed',
  'safe',
  'phishing',
  'false_positive',
  'quarantined',
];

/** `phishguard mark ID... --as STATUS`: the same marks as the dashboards, and what they teach. */
export function registerMark(program: Command, ctx: () => CliContext): void {
  program
    .command('mark')
    .argument('<ids...>', 'stored email ids (as the dashboards and --json lists show them)')
    .description('Set the review status of stored emails; safe/phishing marks teach the sender history')
    .requiredOption('--as <status>', `one of ${STATUSES.join(', ')}`)
    .option('--reason <text>', 'why (kept with the status)')
    .option('--user <name>', 'whose emails (default: the only user)')
    .option('--data-dir <dir>', 'data directory')
    .option(
      '--database-url <url>',
      'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
    )
    .option('--config <file>', 'JSON config file')
    .option('--json', 'print JSON')
    .action(
      async (
        ids: string[],
        opts: StoreFlags & { as: string; reason?: string; user?: string; json?: boolean },
      ) => {
        const c = ctx();
        const status = STATUSES.find((s) => s === opts.as);
        if (!status) throw new PhishguardError('USAGE', `--as must be one of ${STATUSES.join(', ')}`);
        const numbers = ids.map(Number);
        if (numbers.some((n) => !Number.isInteger(n) || n <= 0))
          throw new PhishguardError('USAGE', 'email ids are positive whole numbers');
        const { store } = await openStore(c, opts);
        try {
          const user = await resolveUser(store, opts.user);
          const marked = await store.emails.setStatus(numbers, user.id, status, opts.reason ?? null);
          if (marked === 0)
            throw new PhishguardError('NOT_FOUND', `no email ${ids.join(', ')} of ${user.username}`);
          const rescored = await relearn(store, user.id, numbers);
          await store.audit.add({
            userId: user.id,
            username: user.username,
            action: 'email.status',
            target: `${numbers.length} email(s)`,
            detail: { status, marked, rescored, via: 'cli' },
          });
          if (opts.json) writeJson(c, { status, marked, rescored });
          else
            c.stdout.write(
              `marked ${marked} email(s) ${status}; ${rescored} email(s) of the same senders scored again\n`,
            );
        } finally {
          await store.close();
        }
      },
    );
}
