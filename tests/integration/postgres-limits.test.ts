import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/postgres.js';
import { PgFetchBudget, PgLoginLimiter } from '../../src/store/postgres-limiter.js';
import { PG_BIN, startPostgres, type Postgres } from '../helpers/postgres.js';
import { skipWithout } from '../helpers/required-tool.js';

describe.skipIf(skipWithout('postgresql', PG_BIN))(
  'sign-in budgets shared by daemons on one PostgreSQL',
  () => {
    let pg: Postgres;
    let url: string;
    let a: PgLoginLimiter;
    let b: PgLoginLimiter;
    beforeAll(async () => {
      pg = await startPostgres();
      url = await pg.createDatabase();
      await (await openPostgresStore(url)).close();
      // Two daemons' limiters on the same database.
      a = new PgLoginLimiter(url);
      b = new PgLoginLimiter(url);
    }, 60_000);
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await pg?.stop();
    });

    it('gives 40 guesses sent at once to two daemons five checks in all', async () => {
      const tries = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).reserve('alice', '203.0.113.1')),
      );
      expect(tries.filter(Boolean)).toHaveLength(5);
      // The account is locked on both, from any address.
      expect(await a.reserve('ALICE', '198.51.100.7')).toBeNull();
      expect(await b.reserve('alice', '198.51.100.7')).toBeNull();
    });

    it('lets a success restore the account, but not the address budget another account spent', async () => {
      for (let i = 0; i < 4; i++) expect(await a.reserve('bob', '192.0.2.5')).not.toBeNull();
      const ok = await b.reserve('bob', '192.0.2.5');
      await ok!.succeeded();
      expect(await a.reserve('bob', '192.0.2.5')).not.toBeNull();
      // 20 failures from one address over several accounts lock the address, whatever succeeds.
      const address = '192.0.2.99';
      for (const user of ['c1', 'c2', 'c3', 'c4'])
        for (let i = 0; i < 5; i++) expect(await (i % 2 ? a : b).reserve(user, address)).not.toBeNull();
      expect(await a.reserve('c5', address)).toBeNull();
    });

    it('counts one user’s link fetches across daemons: at once and per minute', async () => {
      const one = new PgFetchBudget(url, 5, 2);
      const two = new PgFetchBudget(url, 5, 2);
      try {
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        // Two running, one on each daemon: a third is refused on either.
        const running = [one.run(7, () => held), two.run(7, () => held)];
        await new Promise((r) => setTimeout(r, 200));
        await expect(one.run(7, async () => 'x')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
        await expect(two.run(8, async () => 'other user')).resolves.toBe('other user');
        release();
        await Promise.all(running);
        // Finished: room again, until the minute's five starts are spent.
        expect(await two.run(7, async () => 'ok')).toBe('ok');
        expect(await one.run(7, async () => 'ok')).toBe('ok');
        expect(await two.run(7, async () => 'ok')).toBe('ok');
        await expect(two.run(7, async () => 'x')).rejects.toThrow(/5 a minute/);
      } finally {
        await one.close();
        await two.close();
      }
    });
  },
);
