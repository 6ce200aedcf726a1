import { loadConfig } from '../config/load-config.js';
import type { Config } from '../config/schema.js';
import { openSqliteStore } from '../store/index.js';
import type { Store } from '../app/ports.js';
import type { CliContext } from './context.js';

export interface StoreFlags {
  dataDir?: string;
  config?: string;
}

/** Every command that touches the store resolves the data directory the same way. */
export function openStore(
  ctx: CliContext,
  flags: StoreFlags,
  extra: Record<string, unknown> = {},
): { config: Config; store: Store } {
  const config = loadConfig({
    flags: { dataDir: flags.dataDir, ...extra },
    env: ctx.env,
    file: flags.config ?? null,
  });
  return { config, store: openSqliteStore(config.dataDir) };
}
