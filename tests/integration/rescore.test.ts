import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../src/app/accounts.js';
import { importFiles } from '../../src/app/import-files.js';
import { rescoreStale } from '../../src/app/rescore.js';
import { openSqliteStore } from '../../src/store/index.js';
import { FIXTURES, rulesEngine, shippedEngine } from '../helpers/engine.js';

describe('stored mail follows the engine', () => {
  it('is analysed again when the rules or the model change, and only then', async () => {
    const store = openSqliteStore(mkdtempSync(join(tmpdir(), 'pg-rescore-')));
    try {
      const user = await createUser(store, { username: 'ana', password: 'ana-password-1', isAdmin: false });
      const old = rulesEngine();
      await importFiles(store, old, user.id, [join(FIXTURES, 'email')], { workers: 0 });
      const total = await store.emails.countForUser(user.id);
      expect(total).toBeGreaterThan(10);
      expect(old.version).toMatch(/\+rules$/);

      const current = shippedEngine();
      expect(current.version).not.toBe(old.version);
      expect(await store.emails.stale(current.version, 1000)).toHaveLength(total);
      expect(await rescoreStale(store, current, { batch: 4 })).toBe(total);
      expect(await store.emails.stale(current.version, 1000)).toHaveLength(0);
      const { items } = await store.emails.list(user.id, {
        page: 1,
        size: 100,
        sortBy: 'received_at',
        sortOrder: 'desc',
      });
      const versions = new Set<string | undefined>();
      for (const e of items) versions.add((await store.emails.get(e.id, user.id))?.analysis?.engine_version);
      expect([...versions]).toEqual([current.version]);
      // Nothing left to do: a second pass rescores nothing.
      expect(await rescoreStale(store, current)).toBe(0);
    } finally {
      await store.close();
    }
  });
});
