import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localSource, type DashboardSource } from '../../src/app/dashboard-source.js';
import { loadKey } from '../../src/app/secrets.js';
import { App } from '../../src/cli/tui/app.js';
import { seedFixtures, seedLinkEmail, testApp, type TestApp } from '../helpers/app.js';
import { EMAIL_FIXTURES } from '../helpers/engine.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

const DOWN = '\u001B[B';
const UP = '\u001B[A';
const ENTER = '\r';
const ESC = '\u001B';

async function until(
  frame: () => string | undefined,
  test: (f: string) => boolean,
  // Generous: a loaded CI machine renders slowly; the wait ends as soon as the frame matches.
  ms = 15_000,
): Promise<string> {
  const start = Date.now();
  for (;;) {
    const f = frame() ?? '';
    if (test(f)) return f;
    if (Date.now() - start > ms) throw new Error(`timed out; last frame:\n${f}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
const press = async (stdin: { write(s: string): void }, ...keys: string[]) => {
  for (const k of keys) {
    stdin.write(k);
    await new Promise((r) => setTimeout(r, 30));
  }
};

/** Every fixture plus the seeded "Lab link" message. */
const TOTAL = EMAIL_FIXTURES + 1;
let t: TestApp;
let source: DashboardSource;
let site: TestServer;
beforeAll(async () => {
  t = await testApp();
  await seedFixtures(t, 'alice');
  site = await startRedirectServer();
  seedLinkEmail(t, 'alice', `${site.base}/go`);
  const alice = t.deps.store.users.byUsername('alice')!;
  source = localSource({
    store: t.deps.store,
    engine: t.deps.engine,
    popular: t.deps.popular,
    user: alice,
    secretsKey: loadKey(t.dataDir, 'secrets'),
    allowPrivateNetwork: true,
  });
});
afterAll(() => site.close());

describe('terminal dashboard (Ink)', () => {
  it('shows the header counts and the list, moves with arrows and j/k, and opens details with evidence', async () => {
    const { lastFrame, stdin, unmount } = render(<App source={source} />);
    let f = await until(lastFrame, (x) => x.includes('Lab link'));
    expect(f).toMatch(/HIGH \d+ · MEDIUM \d+ · LOW \d+ · SAFE \d+/);
    expect(f).toContain(`1/${TOTAL}`);
    await press(stdin, DOWN, 'j', UP);
    f = await until(lastFrame, (x) => x.includes(`2/${TOTAL}`));
    await press(stdin, ENTER);
    f = await until(lastFrame, (x) => x.includes('/100') && x.includes('•'));
    expect(f).toMatch(/From: /);
    unmount();
  });

  it('filters by level with 1-4 and by text with /', async () => {
    const { lastFrame, stdin, unmount } = render(<App source={source} />);
    await until(lastFrame, (x) => x.includes('Lab link'));
    await press(stdin, '1');
    let f = await until(lastFrame, (x) => x.includes('[HIGH]'));
    const rows = f.split('\n').filter((l) => /^(HIGH|MEDIUM|LOW|SAFE|----)\s/.test(l.trim()));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((l) => l.trim().startsWith('HIGH'))).toBe(true);
    await press(stdin, '0', '/', ...'statement', ENTER);
    f = await until(lastFrame, (x) => x.includes('/statement') && x.includes('1/1'));
    expect(f).toContain('Your statement is ready');
    unmount();
  });

  it('analyses the selected email’s link and shows the hop trace', async () => {
    const { lastFrame, stdin, unmount } = render(<App source={source} />);
    await until(lastFrame, (x) => x.includes('Lab link'));
    await press(stdin, 'l');
    const f = await until(lastFrame, (x) => /302\s+initial/.test(x) && /200\s+http/.test(x), 10_000);
    expect(f).toContain(`${site.base}/landing`);
    await press(stdin, ESC);
    await until(lastFrame, (x) => x.includes(`1/${TOTAL}`));
    unmount();
  });

  it('sets a status, runs the test-email form, shows help and quits', async () => {
    const { lastFrame, stdin, unmount } = render(<App source={source} />);
    await until(lastFrame, (x) => x.includes('Lab link'));
    await press(stdin, 's', '2');
    await until(lastFrame, (x) => x.includes('as phishing'));
    expect(
      t.deps.store.emails
        .list(t.deps.store.users.byUsername('alice')!.id, {
          page: 1,
          size: 5,
          status: 'phishing',
          sortBy: 'received_at',
          sortOrder: 'desc',
        })
        .items.map((e) => e.subject),
    ).toEqual(['Lab link']);
    await press(
      stdin,
      't',
      ...'Verify your account',
      '\t',
      ...'a@paypa1.example',
      '\t',
      ...'Verify your account at http://198.51.100.7/login now or it will be suspended',
      ENTER,
    );
    const f = await until(lastFrame, (x) => /\d+\/100 — /.test(x));
    expect(f).toMatch(/HIGH|MEDIUM/);
    await press(stdin, ESC, '?');
    await until(lastFrame, (x) => x.includes('set status (1 safe, 2 phishing, 3 false positive)'));
    await press(stdin, ESC);
    unmount();
  });
});

describe('terminal dashboard over a running daemon (--server)', () => {
  it('lists, opens, sets a status and traces a link through the HTTP API', async () => {
    const { serve } = await import('@hono/node-server');
    const { remoteSource } = await import('../../src/app/remote-source.js');
    const server = serve({ fetch: t.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const token = (await t.login('alice', 'alice-password')).access_token;
      const remote = remoteSource(base, token);
      const { lastFrame, stdin, unmount } = render(<App source={remote} />);
      let f = await until(lastFrame, (x) => x.includes('Lab link'));
      expect(f).toContain(base);
      await press(stdin, ENTER);
      f = await until(lastFrame, (x) => x.includes('From: lab@example.org'));
      await press(stdin, 's', '1');
      await until(lastFrame, (x) => x.includes('as safe'));
      const lab = t.deps.store.emails.list(t.deps.store.users.byUsername('alice')!.id, {
        page: 1,
        size: 1,
        search: 'Lab link',
        sortBy: 'received_at',
        sortOrder: 'desc',
      }).items[0];
      expect(lab?.status).toBe('safe');
      await press(stdin, 'l');
      await until(lastFrame, (x) => /302\s+initial/.test(x), 10_000);
      unmount();
      await expect(remoteSource(base, 'bad-token').list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    } finally {
      server.close();
    }
  }, 30_000);
});
