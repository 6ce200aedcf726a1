import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Store } from '../../src/app/ports.js';
import { openSqliteStore } from '../../src/store/index.js';
import { openPostgresStore } from '../../src/store/postgres.js';
import { PG_BIN, startPostgres, type Postgres } from './postgres.js';
import { skipWithout } from './required-tool.js';

/** One empty store, and a second connection to the same data (another process's view). */
export interface OpenedStore {
  store: Store;
  other(): Promise<Store>;
  /** Where the data lives: a data directory, or a database URL. */
  where: { dataDir: string; databaseUrl: string | null };
}

export interface Backend {
  name: 'sqlite' | 'postgres';
  skip: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  open(): Promise<OpenedStore>;
}

export const sqliteBackend: Backend = {
  name: 'sqlite',
  skip: false,
  start: async () => undefined,
  stop: async () => undefined,
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'pg-store-'));
    return {
      store: openSqliteStore(dir),
      other: async () => openSqliteStore(dir),
      where: { dataDir: dir, databaseUrl: null },
    };
  },
};

/** A real PostgreSQL cluster for the file's tests (started in start()), one database per open(). */
export function postgresBackend(): Backend & { cluster(): Postgres } {
  let pg: Postgres | null = null;
  return {
    name: 'postgres',
    skip: skipWithout('postgresql', PG_BIN),
    async start() {
      pg = await startPostgres();
    },
    async stop() {
      await pg?.stop();
    },
    cluster: () => pg as Postgres,
    async open() {
      const url = await (pg as Postgres).createDatabase();
      return {
        store: await openPostgresStore(url),
        other: () => openPostgresStore(url),
        where: { dataDir: mkdtempSync(join(tmpdir(), 'pg-store-')), databaseUrl: url },
      };
    },
  };
}

/** Both stores: the same suite runs against each. */
export const backends = (): Backend[] => [sqliteBackend, postgresBackend()];
