import { loadConfig } from '../config/load-config.js';
import type { Config } from '../config/schema.js';
import { openConfiguredStore } from '../store/open.js';
import type { Store, UserRecord } from '../app/ports.js';
import { PhishguardError } from '../errors.js';
import type { CliContext } from './context.js';

export interface StoreFlags {
  dataDir?: string;
  databaseUrl?: string;
  config?: string;
}

/** Every command that touches the store resolves the data directory the same way. */
export async function openStore(
  ctx: CliContext,
  flags: StoreFlags,
  extra: Record<string, unknown> = {},
): Promise<{ config: Config; store: Store }> {
  const config = loadConfig({
    flags: { dataDir: flags.dataDir, databaseUrl: flags.databaseUrl, ...extra },
    env: ctx.env,
    file: flags.config ?? null,
  });
  return { config, store: await openConfiguredStore(config) };
}

/** The account a command acts for: the one named, or the only one there is. */
export async function resolveUser(
  store: Store,
  name: string | undefined,
  flag = '--user',
): Promise<UserRecord> {
  const users = await store.users.list();
  const user = name ? await store.users.byUsername(name) : users.length === 1 ? users[0] : null;
  if (user) return user;
  if (name) throw new PhishguardError('USAGE', `no such user: ${name}`);
  throw new PhishguardError(
    'USAGE',
    users.length === 0
      ? 'no users yet: run phishguard serve once, or phishguard user add NAME'
      : `several users exist: say which with ${flag} NAME`,
  );
}
