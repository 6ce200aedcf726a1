import type { Command } from 'commander';
import { createUser, hashPassword, validateNewPassword } from '../../app/accounts.js';
import type { Store, UserRecord } from '../../app/ports.js';
import { PhishguardError } from '../../errors.js';
import { readAll, writeJson, type CliContext } from '../context.js';
import { openStore, type StoreFlags } from '../store-context.js';
import { promptHidden } from '../output/prompt.js';

export function registerUser(program: Command, ctx: () => CliContext): void {
  const user = program.command('user').description('Manage accounts (an administrator creates them)');
  const common = (c: Command) =>
    c
      .option('--data-dir <dir>', 'data directory')
      .option(
        '--database-url <url>',
        'keep the data in PostgreSQL (prefer PHISHGUARD_DATABASE_URL: a password here shows in ps)',
      )
      .option('--config <file>', 'JSON config file');

  common(
    user
      .command('add')
      .argument('<username>')
      .description('Create an account')
      .option('--admin', 'administrator')
      .option('--email <address>', 'e-mail address (for Google sign-in)')
      .option('--password-stdin', 'read the password from stdin')
      .option('--json', 'print JSON'),
  ).action(
    async (
      username: string,
      opts: StoreFlags & { admin?: boolean; email?: string; passwordStdin?: boolean; json?: boolean },
    ) => {
      const c = ctx();
      const password = await readPassword(c, opts.passwordStdin === true);
      const { store } = await openStore(c, opts);
      try {
        const u = await createUser(store, {
          username,
          password,
          isAdmin: opts.admin === true,
          email: opts.email ?? null,
        });
        await store.audit.add({
          userId: null,
          username: 'cli',
          action: 'user.create',
          target: u.username,
          detail: { admin: u.is_admin },
        });
        if (opts.json) writeJson(c, { id: u.id, username: u.username, is_admin: u.is_admin });
        else c.stdout.write(`created ${u.is_admin ? 'administrator' : 'user'} ${u.username}\n`);
      } finally {
        await store.close();
      }
    },
  );

  common(user.command('list').description('List accounts').option('--json', 'print JSON')).action(
    async (opts: StoreFlags & { json?: boolean }) => {
      const c = ctx();
      const { store } = await openStore(c, opts);
      try {
        const users = (await store.users.list()).map((u) => ({
          id: u.id,
          username: u.username,
          email: u.email,
          is_admin: u.is_admin,
          disabled: u.disabled,
          must_change_password: u.must_change_password,
          created_at: u.created_at,
        }));
        if (opts.json) return writeJson(c, users);
        for (const u of users)
          c.stdout.write(
            `${String(u.id).padStart(4)}  ${u.username.padEnd(24)} ${u.is_admin ? 'admin' : 'user '}  ${u.disabled ? 'disabled' : 'active  '}  ${u.email ?? ''}\n`,
          );
      } finally {
        await store.close();
      }
    },
  );

  common(
    user
      .command('passwd')
      .argument('<username>')
      .description('Set a new password (signs out existing sessions)')
      .option('--password-stdin', 'read the password from stdin'),
  ).action(async (username: string, opts: StoreFlags & { passwordStdin?: boolean }) => {
    const c = ctx();
    const password = await readPassword(c, opts.passwordStdin === true);
    await onUser(c, opts, username, async (store, u) => {
      await store.users.setPassword(u.id, await hashPassword(password), false);
      await store.tokens.revokeAllForUser(u.id);
      await store.audit.add({ userId: null, username: 'cli', action: 'user.password', target: u.username });
      c.stdout.write(`password changed for ${u.username}\n`);
    });
  });

  for (const [name, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    common(
      user
        .command(name)
        .argument('<username>')
        .description(`${disabled ? 'Disable' : 'Re-enable'} an account`),
    ).action(async (username: string, opts: StoreFlags) => {
      const c = ctx();
      return onUser(c, opts, username, async (store, u) => {
        await store.users.setDisabled(u.id, disabled);
        if (disabled) await store.tokens.revokeAllForUser(u.id);
        await store.audit.add({ userId: null, username: 'cli', action: `user.${name}`, target: u.username });
        c.stdout.write(`${u.username} ${disabled ? 'disabled' : 'enabled'}\n`);
      });
    });
  }

  common(
    user.command('remove').argument('<username>').description('Delete an account and its stored mail'),
  ).action(async (username: string, opts: StoreFlags) => {
    const c = ctx();
    return onUser(c, opts, username, async (store, u) => {
      await store.users.remove(u.id);
      await store.audit.add({ userId: null, username: 'cli', action: 'user.remove', target: u.username });
      c.stdout.write(`removed ${u.username}\n`);
    });
  });
}

async function readPassword(c: CliContext, fromStdin: boolean): Promise<string> {
  let password: string;
  if (fromStdin) password = (await readAll(c.stdin)).toString('utf8').replace(/\r?\n$/, '');
  else if (c.stdin.isTTY) {
    password = await promptHidden('Password: ');
    if ((await promptHidden('Repeat password: ')) !== password)
      throw new PhishguardError('USAGE', 'passwords do not match');
  } else throw new PhishguardError('USAGE', 'no terminal to ask for a password: use --password-stdin');
  validateNewPassword(password);
  return password;
}

/** Opens the store, finds the named account (or fails NOT_FOUND), runs `fn`, and closes the store. */
async function onUser(
  c: CliContext,
  opts: StoreFlags,
  username: string,
  fn: (store: Store, u: UserRecord) => void | Promise<void>,
): Promise<void> {
  const { store } = await openStore(c, opts);
  try {
    const u = await store.users.byUsername(username);
    if (!u) throw new PhishguardError('NOT_FOUND', `no such user: ${username}`);
    await fn(store, u);
  } finally {
    await store.close();
  }
}
