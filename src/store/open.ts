import type { Store } from '../app/ports.js';
import { openSqliteStore } from './index.js';
import { openPostgresStore } from './postgres.js';

/** The store a configuration names: PostgreSQL when it has a database URL, else SQLite in its data directory. */
export async function openConfiguredStore(config: {
  dataDir: string;
  databaseUrl?: string | null;
}): Promise<Store> {
  return config.databaseUrl ? openPostgresStore(config.databaseUrl) : openSqliteStore(config.dataDir);
}
