import type { Command } from 'commander';
import { trustHint } from '../app/mailbox-trust.js';
import type { Store } from '../app/ports.js';
import type { CliContext } from './context.js';

/** Options of a command that reads raw messages from files or stdin. */
export interface TrustFlags {
  trustAuthserv?: string[];
}

/**
 * `--trust-authserv ID` (repeatable): the authserv-id your own receiving server writes in
 * Authentication-Results (e.g. mx.google.com). Only such results may lower a score; without
 * it, a sender-written "dmarc=pass" line is read as what it may be, a claim.
 */
export function addTrustOption(
  command: Command,
  help = 'trust Authentication-Results written by this receiving server (repeatable); default: trust none',
): Command {
  return command.option('--trust-authserv <id>', help, (value: string, previous: string[] = []) => [
    ...previous,
    value.trim().toLowerCase(),
  ]);
}

/** After filling a mailbox: how to trust the server that stamps its mail, when it trusts none. */
export async function printTrustHint(c: CliContext, store: Store, mailboxId: number): Promise<void> {
  const hint = await trustHint(store, mailboxId);
  if (hint) c.stdout.write(`${hint}\n`);
}
