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
  await seedLinkEmail(t, 'alice', `${site.base}/go`);
  const alice = (await t.deps.store.users.byUsername('alice'))!;
  source = localSource({
    store: t.deps.store,
    engine: t.deps.engine,
    popular: t.deps.popular,
    user: alice,
    secretsKey: loadKey(t.dataDir, 'secrets'),
    allowPrivateNetwork: true,
  });
});
afterAll(async () => site.close());

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
    // The level is filtered on the server: wait for its answer, then every row is HIGH.
    const rowsOf = (x: string) =>
      x.split('\n').filter((l) => /^(HIGH|MEDIUM|LOW|SAFE|----)\s/.test(l.trim()));
    let f = await until(
      lastFrame,
      (x) =>
        x.includes('[HIGH]') && rowsOf(x).length > 0 && rowsOf(x).every((l) => l.trim().startsWith('HIGH')),
    );
    expect(rowsOf(f).length).toBeGreaterThan(0);
    await press(stdin, '0', '/', ...'statement', ENTER);
    // One row left ("1/1" alone also matches a date such as 1/1/2030 in the detail pane).
    const listRows = (x: string) => x.split('\n').filter((l) => /^(HIGH|MEDIUM|LOW|SAFE|----)\s/.test(l));
    f = await until(lastFrame, (x) => x.includes('/statement') && listRows(x).length === 1);
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
    const marked = await t.deps.store.emails.list((await t.deps.store.users.byUsername('alice'))!.id, {
      page: 1,
      size: 5,
      status: 'phishing',
      sortBy: 'received_at',
      sortOrder: 'desc',
    });
    expect(marked.items.map((e) => e.subject)).toEqual(['Lab link']);
    await press(stdin, 't');
    // Before an answer, the form asks for what copied text leaves behind.
    await until(lastFrame, (x) => x.includes("Include its links' addresses"));
    await press(
      stdin,
      ...'Verify your account',
      '\t',
      ...'a@paypa1.example',
      '\t',
      ...'Verify your account at http://198.51.100.7/login now or it will be suspended',
      ENTER,
    );
    const f = await until(lastFrame, (x) => /\d+\/100 — /.test(x));
    expect(f).toMatch(/HIGH|MEDIUM/);
    // What to do, as the /test answer recommends it, under the reasons.
    expect(f).toContain('→ Do not click links');
    expect(f).not.toContain("Include its links' addresses");
    // Advice is wrapped, not cut at the frame's edge: the last words of a long line are there.
    const flat = f.replace(/[│\n]/g, ' ').replace(/\s+/g, ' ');
    expect(flat).toContain('open the service by typing its address yourself.');
    await press(stdin, ESC, '?');
    await until(lastFrame, (x) => x.includes('set status (1 safe, 2 phishing, 3 false positive)'));
    await press(stdin, ESC);
    unmount();
  });
});

describe('terminal dashboard as a daily tool', () => {
  it('pages through all mail (fast keys all count), scrolls full explanations, edits like readline, shows a mark at once', async () => {
    const big = await testApp();
    const user = (await big.deps.store.users.byUsername('alice'))!;
    const mailbox = await big.deps.store.mailboxes.ensure({
      userId: user.id,
      kind: 'local',
      address: 'inbox',
    });
    const a = big.deps.engine.analyzeTest({
      subject: 'Your account will be suspended',
      sender: 'PayPal Service <service@paypa1-secure.example>',
      content:
        'Dear customer, verify your account within 24 hours at http://198.51.100.7/paypal/login or it will be suspended. Enter your password to confirm.',
    });
    for (let i = 0; i < 450; i++)
      await big.deps.store.emails.insertAnalysed(
        {
          mailboxId: mailbox.id,
          providerId: `p${i}`,
          messageId: null,
          subject: `Message ${i}`,
          sender: 'PayPal Service <service@paypa1-secure.example>',
          receivedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + i * 60e3).toISOString(),
          snippet: '',
          size: 10,
          raw: null,
          links: [
            'mailto:help@paypa1-secure.example',
            'http://198.51.100.7/paypal/login',
            'https://example.org/help',
          ],
        },
        a,
      );
    const src = localSource({
      store: big.deps.store,
      engine: big.deps.engine,
      popular: big.deps.popular,
      user,
      secretsKey: loadKey(big.dataDir, 'secrets'),
      allowPrivateNetwork: true,
    });
    // What `dashboard --json` prints: every message, past the first page.
    const { allEmails } = await import('../../src/app/dashboard-source.js');
    let listed = 0;
    for await (const _ of allEmails(src)) listed++;
    expect(listed).toBe(450);
    const { lastFrame, stdin, unmount } = render(<App source={src} />);
    await until(lastFrame, (x) => x.includes('1/450'));
    // 449 presses in one write, as a key held down delivers them: every one moves, past the
    // first page of 200, to the oldest message.
    stdin.write('j'.repeat(449));
    let f = await until(lastFrame, (x) => x.includes('450/450'));
    expect(f).toContain('Message 0');
    // Details: every explanation whole (wrapped, not cut), and the pane scrolls.
    await press(stdin, ENTER);
    f = await until(lastFrame, (x) => x.includes('•'));
    const longest = [...a.indicators]
      .filter((i) => i.severity !== 'info')
      .sort((x, y) => y.explanation.length - x.explanation.length)[0]!;
    expect(longest.explanation.length).toBeGreaterThan(60);
    // The details pane's text: the right-hand column of each line (the list takes 48 of 100).
    const pane = async () =>
      (lastFrame() ?? '')
        .split('\n')
        .map((l) => l.slice(49))
        .join(' ')
        .replace(/\s+/g, ' ');
    let seen = await pane();
    for (let i = 0; i < 12 && !seen.includes(longest.explanation); i++) {
      await press(stdin, 'J');
      seen += await pane();
    }
    expect(seen).toContain(longest.explanation);
    // The link picker offers web links only, and analyses the one picked.
    await press(stdin, 'l');
    f = await until(lastFrame, (x) => x.includes('Which link?'));
    expect(f).toContain('1 http://198.51.100.7/paypal/login');
    expect(f).toContain('2 https://example.org/help');
    expect(f).not.toContain('mailto:');
    await press(stdin, ESC);
    // Ctrl-U clears the filter being typed; the search runs on the server over all mail, with
    // the search syntax: words match anywhere ("Message 112" has both), a phrase matches as one.
    await press(stdin, '/', ...'zzz', '\u0015', ...'Message 12', ENTER);
    f = await until(lastFrame, (x) => x.includes('/Message 12') && /\d+\/15\b/.test(x));
    await press(stdin, '/', '\u0015', ...'"Message 12"', ENTER);
    f = await until(lastFrame, (x) => x.includes('/"Message 12"') && /\d+\/11\b/.test(x));
    // A mark shows in the row at once.
    await press(stdin, 's', '1');
    await until(lastFrame, (x) => /✓Message 12\d?/.test(x));
    // Bulk: x picks rows, s marks them all.
    await press(stdin, 'j', 'x', 'j', 'x', 's', '2');
    f = await until(lastFrame, (x) => x.includes('Marked 2 messages as phishing'));
    expect(f.match(/✗Message 12/g)).toHaveLength(2);
    unmount();
  }, 30_000);
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
      const lab = (
        await t.deps.store.emails.list((await t.deps.store.users.byUsername('alice'))!.id, {
          page: 1,
          size: 1,
          terms: [{ field: 'subject', text: 'Lab link', negate: false }],
          sortBy: 'received_at',
          sortOrder: 'desc',
        })
      ).items[0];
      expect(lab?.status).toBe('safe');
      await press(stdin, 'l');
      await until(lastFrame, (x) => /302\s+initial/.test(x), 10_000);
      unmount();
      // The test form over HTTP carries the daemon's recommendations too.
      const answer = await remote.testEmail({
        subject: 'Verify your account',
        sender: 'a@paypa1.example',
        content: 'Verify your account at http://198.51.100.7/login now or it will be suspended',
      });
      expect(answer.advice.join(' ')).toContain('Do not click links');
      await expect(remoteSource(base, 'bad-token').list({ page: 1, size: 10 })).rejects.toMatchObject({
        code: 'UNAUTHORIZED',
      });
    } finally {
      server.close();
    }
  }, 30_000);
});
