import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../src/app/accounts.js';
import { importFiles } from '../../src/app/import-files.js';
import { rescoreStale } from '../../src/app/rescore.js';
import { relearn } from '../../src/app/sender-history.js';
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

  it('keeps what the person taught: the sender history applies to mail scored again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-rescore-mail-'));
    const store = openSqliteStore(mkdtempSync(join(tmpdir(), 'pg-rescore-')));
    try {
      const user = await createUser(store, { username: 'ben', password: 'ben-password-1', isAdmin: false });
      for (const n of [1, 2])
        writeFileSync(
          join(dir, `${n}.eml`),
          `From: Billing <billing@invoices.example>\nSubject: Invoice ${n}\nDate: 0${n} Dec 2026 10:00:00 +0000\n\nYour invoice ${n} is attached.\n`,
        );
      await importFiles(store, rulesEngine(), user.id, [dir], { workers: 0 });
      const { items } = await store.emails.list(user.id, {
        page: 1,
        size: 10,
        sortBy: 'subject',
        sortOrder: 'asc',
      });
      const [first, second] = items.map((e) => e.id) as [number, number];
      // The person marks the first as phishing: the same sender's other mail says so.
      await store.emails.setStatus([first], user.id, 'phishing', null);
      await relearn(store, user.id, [first]);
      const ids = async () =>
        (await store.emails.get(second, user.id))?.analysis?.result?.indicators.map((i) => i.id);
      expect(await ids()).toContain('history.marked_phishing');
      // The engine changes: the mail is scored again, and the mark still counts.
      expect(await rescoreStale(store, shippedEngine())).toBe(2);
      expect(await ids()).toContain('history.marked_phishing');
    } finally {
      await store.close();
    }
  });
});
