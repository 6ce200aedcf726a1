import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../src/adapters/browser/chromium.js';
import { BIN, runCli } from '../helpers/cli.js';
import { EMAIL_FIXTURES, FIXTURES } from '../helpers/engine.js';
import { FakeGoogle } from '../helpers/fake-google.js';
import { startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';
import { skipWithout } from '../helpers/required-tool.js';

const CHROMIUM = findChromium();
const NO_CHROMIUM = skipWithout('chromium', CHROMIUM);
const SHOTS = join(import.meta.dirname, '..', '..', 'artifacts', 'screens');

let server: ChildProcess;
let base = '';
let adminPassword = '';
let browser: Browser;
let google: FakeGoogle;
let site: TestServer;
let dataDirOf = '';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function signIn(
  context: BrowserContext,
  user = 'admin',
  password = adminPassword,
  next = '/dashboard',
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(`${base}/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}${next}`);
  return page;
}

// .ci/run installs Debian's chromium; without it this suite is skipped and says so.
describe.skipIf(NO_CHROMIUM)('web dashboard in headless Chromium against phishguard serve', () => {
  beforeAll(async () => {
    google = await new FakeGoogle().start();
    // A Workspace account of the allowed domain (Google's hd claim says so).
    google.account = { email: 'alice@example.org', name: 'Alice', hd: 'example.org' };
    for (const f of ['phishing-paypal-lookalike.eml', 'legit-bank-statement.eml'])
      google.addMessage(readFileSync(join(FIXTURES, 'email', f)));
    site = await startRedirectServer();
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-web-')), 'data');
    dataDirOf = dataDir;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    server = spawn(
      process.execPath,
      [BIN, 'serve', '--data-dir', dataDir, '--port', '0', '--allow-private-network'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    server.stderr?.on('data', (d) => (err += d));
    for (let i = 0; i < 100 && !/password: \S+/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
    base = /listening on (\S+)/.exec(err)?.[1] ?? '';
    adminPassword = /password: (\S+)/.exec(err)?.[1] ?? '';
    // Google points its redirect at this server's callback; written now that the port is known.
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({
        google: google.config(`${base}/api/rest/auth/google/callback`, { allowedDomains: ['example.org'] }),
      }),
    );
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const port = new URL(base).port;
    server = spawn(
      process.execPath,
      [BIN, 'serve', '--data-dir', dataDir, '--port', port, '--allow-private-network'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    err = '';
    server.stderr?.on('data', (d) => (err += d));
    for (let i = 0; i < 100 && !/listening on/.test(err); i++) await new Promise((r) => setTimeout(r, 100));
    // 60 messages (the fixtures, a hostile HTML one, copies of a newsletter): two pages of 50.
    const mbox = join(dataDir, '..', 'many.mbox');
    const eml = readFileSync(join(FIXTURES, 'email', 'legit-newsletter.eml'), 'utf8');
    writeFileSync(
      mbox,
      Array.from(
        { length: 60 - EMAIL_FIXTURES - 1 },
        (_, i) =>
          `From x\n${eml.replace(/^Subject: (.*)$/m, `Subject: $1 #${i}`).replace(/^Date: .*$/m, `Date: Thu, 01 Oct 2026 10:${String(i).padStart(2, '0')}:00 +0000`)}\n`,
      ).join(''),
    );
    await runCli([
      'import',
      join(FIXTURES, 'email'),
      join(FIXTURES, 'view'),
      mbox,
      '--user',
      'admin',
      '--data-dir',
      dataDir,
    ]);
    // The test's own browser (a user's), not the product's: as root it needs --no-sandbox.
    browser = await chromium.launch({
      executablePath: CHROMIUM as string,
      args: [...CHROMIUM_ARGS, '--no-sandbox'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    server?.kill('SIGTERM');
    await google?.stop();
    await site?.close();
  });

  it('the first-run administrator must choose a new password before anything else', async () => {
    const context = await browser.newContext();
    const page = await signIn(context);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(await page.getByText(/still has the temporary password/).isVisible()).toBe(true);
    // The server agrees: this session can say who it is, nothing else.
    const refused = await page.evaluate(() =>
      fetch('/api/emails', { headers: { 'x-requested-with': 'phishguard' } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { code: string; detail: string },
      })),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect(refused.body.detail).toContain('phishguard user passwd admin');
    await shot(page, '00-change-password');
    const fresh = `${adminPassword}-mine`;
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password (at least 8 characters)').fill(fresh);
    await page.getByLabel('New password again').fill(fresh);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
    await page.getByLabel('Current password').fill(adminPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByTestId('showing').waitFor();
    adminPassword = fresh;
    await context.close();
  }, 30_000);

  it('landing shows the engine’s own figures and the notice; unknown paths go home; the guard asks to sign in', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await expect
      .poll(() => page.getByTestId('figure-recall').textContent(), { timeout: 10_000 })
      .toMatch(/^\d+\.\d%$/);
    // The bundled report has the unseen-collection question: its lowest and highest recall.
    expect(await page.getByTestId('figure-unseen-collection').textContent()).toMatch(/^\d+–\d+%$/);
    // …and the 95% interval of the forward recall under it.
    expect(await page.getByTestId('figure-recall-interval').textContent()).toMatch(
      /^\d+\.\d–\d+\.\d% at 95% confidence$/,
    );
    expect(await page.getByText('Connect Gmail Account').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: /unverified app/ }).isVisible()).toBe(true);
    await shot(page, '01-landing');
    await page.goto(`${base}/no/such/page`);
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/dashboard`);
    await page.getByText('Authentication Required').waitFor();
    expect(await page.getByText('Please log in to access this page.').isVisible()).toBe(true);
    await shot(page, '02-auth-required');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL(/\/login\?next=%2Fdashboard/);
    for (const path of ['/forgot-password', '/register']) {
      await page.goto(`${base}${path}`);
      await page
        .getByText(/administrator/)
        .first()
        .waitFor();
      await shot(page, `03-${path.slice(1)}`);
    }
    await context.close();
  }, 30_000);

  it('login validates fields, clears errors on edit, reports bad credentials and returns to the page first asked for', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByText('Username is required').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    await shot(page, '04-login-errors');
    await page.getByLabel('Username').fill('ad');
    expect(await page.getByText('Username is required').count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Show' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByText('Username must be at least 3 characters').isVisible()).toBe(true);
    await page.getByLabel('Username').fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect username or password').waitFor();
    await context.close();
    const next = await signIn(await browser.newContext(), 'admin', adminPassword, '/test');
    expect(new URL(next.url()).pathname).toBe('/test');
  }, 30_000);

  it('a cross-site form cannot sign the browser into another account (login CSRF)', async () => {
    const attacker = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<form id="f" method="POST" action="${base}/api/auth/login"><input name="username" value="admin"><input name="password" value="${adminPassword}"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    const context = await browser.newContext();
    const page = await context.newPage();
    // localhost is another site than 127.0.0.1, where the daemon listens.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/login')),
      page.goto(`http://localhost:${attacker.port}/`),
    ]);
    expect(response.status()).toBe(403);
    expect((await context.cookies(base)).map((c) => c.name)).not.toContain('pg_access');
    await context.close();
    await attacker.close();
  });

  it('triage list: counts, search, filters and sort in the URL, server-side pages, keyboard, bulk marking with undo', async () => {
    const page = await signIn(await browser.newContext());
    await page.getByTestId('showing').waitFor();
    expect(await page.getByTestId('showing').textContent()).toBe('1–50 of 60 · page 1 of 2');
    expect(await page.getByTestId('email-row').count()).toBe(50);
    expect(await page.getByTestId('risk-chart').textContent()).toMatch(/Last 30 days: \d+ messages/);
    const high = Number(await page.getByTestId('count-HIGH').locator('.count').textContent());
    expect(high).toBeGreaterThanOrEqual(4);
    await shot(page, '05-triage-list');
    await page.getByRole('button', { name: 'Older →' }).click();
    await expect.poll(() => page.getByTestId('showing').textContent()).toBe('51–60 of 60 · page 2 of 2');
    expect(page.url()).toContain('page=2');

    // Search: the accessible search field, reached with "/", narrows on the server.
    await page.locator('body').press('/');
    const box = page.getByRole('searchbox', { name: 'Search subject, sender and text' });
    expect(await page.evaluate('document.activeElement?.getAttribute("type")')).toBe('search');
    // Three match: the PayPal look-alike, a colleague's "FW:" carrying it, the hostile HTML one.
    await box.fill('limited');
    await expect
      .poll(() => page.getByTestId('showing').textContent())
      .toBe('1–3 of 3 matching · page 1 of 1');
    expect(page.url()).toContain('q=limited');
    expect(page.url()).not.toContain('page=');
    // The search syntax, explained under the box; a wrong filter value says what it takes.
    expect(await page.locator('#search-help').textContent()).toContain('from:paypal');
    await box.fill('from:paypa1-support -subject:zzz');
    await expect
      .poll(() => page.getByTestId('showing').textContent())
      .toBe('1–1 of 1 matching · page 1 of 1');
    await box.fill('level:purple');
    await expect
      .poll(() =>
        page.getByRole('alert').filter({ hasText: 'level: takes high, medium, low or safe' }).count(),
      )
      .toBe(1);
    // The level chip filters (and counts stay for the whole mailbox).
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByTestId('count-HIGH').click();
    await expect
      .poll(() => page.getByTestId('showing').textContent())
      .toBe(`1–${high} of ${high} matching · page 1 of 1`);
    expect(page.url()).toContain('level=HIGH');
    // State lives in the URL: a reload shows the same view.
    await page.reload();
    await expect
      .poll(() => page.getByTestId('showing').textContent())
      .toBe(`1–${high} of ${high} matching · page 1 of 1`);
    await page.getByLabel('Sort').selectOption('oldest');
    await expect.poll(() => page.url()).toContain('sort=oldest');
    await page.getByLabel('Status').selectOption('new');
    await page.getByLabel('Mailbox').selectOption({ index: 1 });
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await expect.poll(() => page.url()).toContain('from=2000-01-01');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByTestId('showing').textContent()).toBe('1–50 of 60 · page 1 of 2');

    // Keyboard: j/k move, x selects; then a bulk mark, visible at once, undone from the notice.
    await page.getByTestId('email-row').first().focus();
    await page.keyboard.press('j');
    await page.keyboard.press('x');
    await page.keyboard.press('k');
    await page.keyboard.press('x');
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Mark safe' }).click();
    await page.getByText('Marked 2 messages safe').waitFor();
    await expect.poll(() => page.locator('.status-chip', { hasText: 'Safe' }).count()).toBe(2);
    await shot(page, '06-triage-marked');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Mark undone').waitFor();
    await expect.poll(() => page.locator('.status-chip', { hasText: 'Safe' }).count()).toBe(0);
  }, 60_000);

  it('message view: every indicator with its evidence, inert HTML preview, headers, authentication, links, source, download', async () => {
    const context = await browser.newContext();
    const page = await signIn(context);
    // Anything the preview tried to load or run would show up here.
    const outbound: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith(base)) outbound.push(r.url());
    });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // Messages posted by a script in the preview would land here.
    await page.evaluate(
      'window.seen = []; window.addEventListener("message", (e) => window.seen.push(e.data))',
    );
    await page.getByRole('searchbox').fill('your account is limited');
    await page
      .getByTestId('email-row')
      .filter({ hasText: 'Action required: your account is limited' })
      .click();
    await page.waitForURL(/\/messages\/\d+$/);
    const details = page.getByTestId('email-details');
    await details.getByTestId('detail-score').waitFor();
    expect(await details.getByTestId('risk-badge').first().textContent()).toContain('HIGH');
    // Every piece of evidence, not only the first: the Reply-To address is there.
    expect(await page.locator('.evidence-list code').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('paypa1-secure.com')]),
    );
    await shot(page, '07-message-analysis');

    await page.getByRole('tab', { name: 'HTML preview' }).click();
    const frame = page.frameLocator('iframe.preview');
    await frame.getByText('limited').waitFor();
    expect(await page.locator('iframe.preview').getAttribute('sandbox')).toBe('');
    expect(await frame.locator('a[href], form[action], script, iframe').count()).toBe(0);
    await frame.getByText('Verify now').click();
    await page.waitForTimeout(300);
    expect(page.url()).toMatch(/\/messages\/\d+$/);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate('window.seen')).toEqual([]);
    expect(outbound).toEqual([]);
    await shot(page, '08-message-preview');

    await page.getByRole('tab', { name: 'Headers' }).click();
    await page.getByRole('rowheader', { name: 'X-Long' }).waitFor();
    expect(await page.getByRole('row', { name: /X-Long/ }).textContent()).toContain(
      'first part continued on a folded line',
    );
    await page.getByRole('tab', { name: 'Authentication' }).click();
    expect(await page.locator('.auth-grid').textContent()).toMatch(/SPFfail.*DKIMnone.*DMARCfail/);
    await page.getByText(/not a server this mailbox is set to trust/).waitFor();
    await page.getByRole('tab', { name: 'Source' }).click();
    await page.getByText('Message-ID: <hostile-1@paypa1-secure.com>').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download .eml' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^message-\d+\.eml$/);

    // A single mark from the message itself, shown at once.
    await page.getByRole('button', { name: 'Mark phishing' }).click();
    await expect.poll(() => page.getByTestId('status').textContent()).toBe('Phishing');

    // "Analyse this link" opens the link analysis and starts it.
    await page.getByRole('tab', { name: 'Links' }).click();
    const [analysis] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/redirect-analysis/analyze')),
      page.getByRole('button', { name: 'Analyse this link' }).first().click(),
    ]);
    expect(JSON.parse(analysis.postData() ?? '{}').url).toBe('https://paypa1-secure.com/login');
    // The sender's host does not resolve from here: one coherent error, no hops, TLS or cloaking.
    await page.getByTestId('explanation').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('explanation').textContent()).toMatch(
      /^The URL could not be analysed: the name paypa1-secure\.com .*Nothing was fetched/,
    );
    expect(await page.getByTestId('hop').count()).toBe(0);
    expect(await page.getByText('HTTPS', { exact: false }).count()).toBe(0);
    await shot(page, '12-link-unreachable');
    await page.goBack();
    await page.goBack();
    await page.waitForURL(/\/dashboard/);
  }, 60_000);

  /** Signs in, finds a message by `search`, opens the one whose row shows `row`, and its Links tab. */
  async function linksOf(search: string, row: string) {
    const context = await browser.newContext();
    const page = await signIn(context);
    await page.getByRole('searchbox').fill(search);
    await page.getByTestId('email-row').filter({ hasText: row }).click();
    await page.waitForURL(/\/messages\/\d+$/);
    await page.getByRole('tab', { name: 'Links' }).click();
    return { context, links: page.getByTestId('message-link') };
  }

  it('message view: a link read from a QR code is named as one', async () => {
    const { context, links: link } = await linksOf('multi-factor', 'renew your multi-factor authentication');
    expect(await link.locator('code').textContent()).toBe(
      'https://mfa-renewal-portal.example.top/auth/?email=alex@example.org',
    );
    expect(await link.getByTestId('link-qr').textContent()).toMatch(/read from a QR code in image001\.png/);
    await context.close();
  }, 60_000);

  it("message view: a link through a well-known site's open redirect shows where it leads", async () => {
    const { context, links } = await linksOf('Dyson', 'could unlock a Dyson');
    const link = links.first();
    expect(await link.locator('code').textContent()).toBe(
      'https://revision-online.example/dHV2a1UzVnl1N1pkQVVHdm1RZFI4',
    );
    expect(await link.getByTestId('link-via').textContent()).toMatch(/reached through google\.co\.uk\/amp/);
    await context.close();
  }, 60_000);

  it('senders: what the marks taught, and forgetting them', async () => {
    const page = await signIn(await browser.newContext(), 'admin', adminPassword, '/senders');
    await page.getByLabel('Filter senders').fill('service@paypal.com');
    const row = page.getByTestId('sender-row').filter({ hasText: 'service@paypal.com' });
    // Marked phishing on the message page in the test before.
    await expect.poll(() => row.textContent()).toContain('1 phishing');
    await shot(page, '13-senders');
    await row.getByRole('button', { name: 'Forget marks' }).click();
    await page.getByText(/Forgot your marks on service@paypal.com: 1 unmarked/).waitFor();
    await expect.poll(() => row.textContent()).toContain('none');
  }, 30_000);

  it('at 390 px: no sideways scroll, the message is a page of its own; axe finds nothing serious on any screen', async () => {
    const { readFileSync: read } = await import('node:fs');
    const axeSource = read(
      join(import.meta.dirname, '..', '..', 'node_modules', 'axe-core', 'axe.min.js'),
      'utf8',
    );
    const audit = async (page: Page, name: string) => {
      // Evaluated through DevTools: the dashboard's CSP (rightly) refuses inline scripts.
      await page.evaluate(axeSource);
      const result = (await page.evaluate('axe.run()')) as {
        violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
      };
      const bad = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${name}: ${v.id} (${v.impact}) at ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        );
      return bad;
    };
    const sideways = (page: Page) =>
      page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    const problems: string[] = [];
    for (const width of [1366, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await signIn(context);
      await page.getByTestId('showing').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      problems.push(...(await audit(page, `dashboard@${width}`)));
      await shot(page, `09-dashboard-${width}`);
      await page
        .getByTestId('email-row')
        .filter({ hasText: 'Your account has been limited', hasNotText: 'FW:' })
        .click();
      await page.getByTestId('detail-score').waitFor();
      // The message is its own page: its heading is on screen, not 5,000 px below.
      const top = await page.getByRole('heading', { name: 'Your account has been limited' }).boundingBox();
      expect(top?.y ?? 9999).toBeLessThan(900);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      problems.push(...(await audit(page, `message@${width}`)));
      await shot(page, `10-message-${width}`);
      for (const path of ['/test', '/link-analysis', '/emails', '/gmail-setup', '/settings', '/senders']) {
        await page.goto(`${base}${path}`);
        await page.locator('h1').waitFor();
        expect(await sideways(page), `${path} at ${width}`).toBeLessThanOrEqual(0);
        problems.push(...(await audit(page, `${path}@${width}`)));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it('settings: import files with progress, add an IMAP mailbox, scan it with live progress, remove it; change the password', async () => {
    const { startDovecot, DOVECOT } = await import('../helpers/dovecot.js');
    const dovecot = DOVECOT ? await startDovecot({ 'web@example.test': 'web-pass' }) : null;
    try {
      for (let i = 0; i < 30 && dovecot; i++)
        dovecot.deliver(
          'web@example.test',
          `Authentication-Results: mx.web.example; spf=pass smtp.mailfrom=shop.example\r\nFrom: Shop ${i} <news@shop.example>\r\nTo: web@example.test\r\nSubject: Offer ${i}\r\nMessage-ID: <w${i}@shop.example>\r\nDate: Mon, 02 Nov 2026 10:00:00 +0000\r\n\r\nHello ${i}\r\n`,
        );
      await runCli(['user', 'add', 'judy', '--password-stdin', '--data-dir', dataDirOf], {
        input: 'judy-password',
      });
      const page = await signIn(await browser.newContext(), 'judy', 'judy-password', '/settings');
      await page.getByText('No mailbox yet').waitFor();
      await page
        .getByLabel(/\.eml, Outlook \.msg, \.mbox or \.mbox\.gz files/)
        .setInputFiles([
          join(FIXTURES, 'email', 'legit-password-reset.eml'),
          join(FIXTURES, 'email', 'phishing-paypal-lookalike.eml'),
        ]);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByTestId('import-result').waitFor();
      expect(await page.getByTestId('import-result').textContent()).toContain(
        '2 messages read: 2 new, 0 already stored.',
      );
      const files = page.getByTestId('mailbox-row').filter({ hasText: 'local files' });
      await files.waitFor();
      // Two messages stamped by one server: too few to suggest it, and Check says so.
      await files.getByRole('button', { name: 'Check' }).click();
      await files.getByText('Too few messages with results to suggest one yet.').waitFor();
      expect(await files.getByRole('button', { name: /^Trust / }).count()).toBe(0);
      if (dovecot) {
        await page.getByLabel('Server', { exact: true }).fill('127.0.0.1');
        await page.getByLabel('Port', { exact: true }).fill(String(dovecot.port));
        await page.getByLabel(/^Security/).selectOption('none');
        await page.getByLabel('Login', { exact: true }).fill('web@example.test');
        await page.getByLabel('Password', { exact: true }).fill('web-pass');
        await page.getByRole('button', { name: 'Add mailbox' }).click();
        const row = page.getByTestId('mailbox-row').filter({ hasText: 'web@example.test' });
        await row.waitFor();
        await row.getByRole('button', { name: 'Scan now' }).click();
        await row.getByText('Scan done: 30 messages read, 30 new.').waitFor({ timeout: 20_000 });
        // Which receiving server to trust: the stored mail says, the person decides.
        // The scan's end shows it at once, with no Check to press.
        await row.getByText('no receiving server is trusted').waitFor();
        await row.getByText('were stamped by mx.web.example (30)').waitFor();
        await row.getByRole('button', { name: 'Trust mx.web.example' }).click();
        await page
          .getByText('Trusting mx.web.example: 30 stored message(s) are being scored again')
          .waitFor();
        await row.getByText('results written by mx.web.example are trusted.').waitFor();
        await row.getByRole('button', { name: 'Stop trusting mx.web.example' }).waitFor();
        await shot(page, '11-settings');
        page.once('dialog', (d) => void d.accept());
        await row.getByRole('button', { name: 'Remove' }).click();
        await row.waitFor({ state: 'detached' });
      }
      await page.getByLabel('Current password').fill('judy-password');
      await page.getByLabel('New password (at least 8 characters)').fill('judy-new-password');
      await page.getByLabel('New password again').fill('judy-new-password');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('Password changed').waitFor();
      expect((await runCli(['user', 'list', '--json', '--data-dir', dataDirOf])).code).toBe(0);
    } finally {
      await dovecot?.stop();
    }
  }, 60_000);

  it('a 401 triggers one silent refresh and a retry; logout clears the session and goes home', async () => {
    const context = await browser.newContext();
    const page = await signIn(context);
    await context.clearCookies({ name: 'pg_access' });
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    await expect
      .poll(() => page.getByTestId('showing').textContent(), { timeout: 10_000 })
      .toBe('1–50 of 60 · page 1 of 2');
    expect((await context.cookies()).some((c) => c.name === 'pg_access')).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/dashboard`);
    await page.getByText('Authentication Required').waitFor();
    await context.clearCookies();
    // With both cookies gone mid-session, the refresh fails and the browser goes to /login.
    const again = await signIn(context);
    await again.getByTestId('showing').waitFor();
    await context.clearCookies();
    await again.getByRole('button', { name: 'Refresh' }).click();
    await again.waitForURL(/\/login\?next=%2Fdashboard/);
    await again.getByText('Session expired. Please log in again.').waitFor();
  }, 30_000);

  it('/test analyses each sample email', async () => {
    const page = await signIn(await browser.newContext(), 'admin', adminPassword, '/test');
    // The content field says what copied text leaves behind, as its accessible description.
    const hint = await page.getByLabel('Email Content').getAttribute('aria-describedby');
    expect(await page.locator(`#${hint}`).textContent()).toContain('Include the addresses of its links');
    await page.getByRole('button', { name: 'Analyze Email' }).click();
    expect(await page.getByText('Please fill in all required fields').isVisible()).toBe(true);
    const expected = [/^Phishing/, /^Phishing/, /^Not phishing/];
    for (const [i, name] of [
      'Suspicious payment service',
      'Fake bank alert',
      'Legitimate newsletter',
    ].entries()) {
      await page.getByRole('button', { name: `Load sample: ${name}` }).click();
      await page.getByRole('button', { name: 'Analyze Email' }).click();
      await expect
        .poll(async () => (await page.getByTestId('test-result').locator('h2').textContent()) ?? '', {
          timeout: 10_000,
        })
        .toMatch(expected[i] as RegExp);
      await shot(page, `08-test-${i + 1}`);
    }
    // The newsletter has no warning sign: the advice says so instead of "treat with care".
    expect(await page.getByTestId('test-result').textContent()).not.toContain('Treat with care');
    // A sender as a mail client shows it, with a lookalike address, is accepted as typed.
    await page.getByLabel('Sender').fill('Amazon Support <support@amaz0n-orders.com>');
    await page.getByRole('button', { name: 'Analyze Email' }).click();
    await expect
      .poll(async () => (await page.getByTestId('test-result').textContent()) ?? '')
      .toContain('amaz0n');
  }, 30_000);

  it('/link-analysis: Enter submits, hops and TLS labels show, Copy ticks, Download is named after the analysis', async () => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
      acceptDownloads: true,
    });
    const page = await signIn(context, 'admin', adminPassword, '/link-analysis');
    await page.getByLabel('URL to analyse').fill('ftp://nope');
    await page.getByLabel('URL to analyse').press('Enter');
    expect(await page.getByText('Please enter a valid HTTP or HTTPS URL').isVisible()).toBe(true);
    await page.getByLabel('URL to analyse').fill(`${site.base}/go`);
    await page.getByLabel('URL to analyse').press('Enter');
    await page.getByTestId('link-result').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('hop').count()).toBe(2);
    expect(await page.getByTestId('hop').first().textContent()).toMatch(/302.*No TLS/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('✓ Copied').waitFor();
    await page.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[0-9a-f-]{36}\.json$/);
    // The headless browser's screenshot is shown (loaded, not a broken image).
    const img = page.locator('img.screenshot');
    await expect
      .poll(
        () =>
          img.evaluate((i) => {
            const e = i as unknown as { complete: boolean; naturalWidth: number };
            return e.complete ? e.naturalWidth : 0;
          }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(100);
    await shot(page, '09-link-analysis');
    await page.getByRole('button', { name: 'Mode' }).click();
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByTestId('quick-result').waitFor();
    await shot(page, '10-link-quick');
    // The history reopens the full analysis after a reload.
    await page.reload();
    await page.getByText(/^Recent analyses/).click();
    await page.getByRole('button', { name: 'Open' }).first().click();
    await page.getByTestId('link-result').waitFor();
    expect(await page.getByTestId('hop').count()).toBe(2);
    const analysisId = JSON.parse(await readFile((await download.path()) as string, 'utf8')).analysis_id;

    // A message with that link shows the analysis and its screenshot on its Links tab.
    const eml = join(dataDirOf, '..', 'lab-link.eml');
    writeFileSync(
      eml,
      `From: Lab <lab@example.org>\r\nTo: admin@example.org\r\nSubject: Lab link message\r\nDate: Mon, 02 Nov 2026 10:00:00 +0000\r\nMessage-ID: <lab-link@example.org>\r\nContent-Type: text/plain\r\n\r\nSee ${site.base}/go\r\n`,
    );
    await runCli(['import', eml, '--user', 'admin', '--data-dir', dataDirOf]);
    const id = await page.evaluate(async () => {
      const r = await fetch('/api/emails?search=subject:%22Lab%20link%20message%22');
      return ((await r.json()) as { emails: { id: number }[] }).emails[0]?.id;
    });
    expect(id).toBeGreaterThan(0);
    await page.goto(`${base}/messages/${id}`);
    await page.getByRole('tab', { name: 'Links' }).click();
    const analysed = page.getByTestId('link-analysed');
    await expect.poll(() => analysed.textContent()).toMatch(/Analysed .*: suspicious · threat 0\.\d\d/);
    const thumb = page.locator('img.screenshot.thumb');
    await expect
      .poll(() =>
        thumb.evaluate((i) => {
          const e = i as unknown as { complete: boolean; naturalWidth: number };
          return e.complete ? e.naturalWidth : 0;
        }),
      )
      .toBeGreaterThan(100);
    await shot(page, '10-message-links');
    await analysed.getByRole('link', { name: 'open the analysis' }).click();
    await page.getByTestId('link-result').waitFor();
    expect(page.url()).toContain(`analysis=${analysisId}`);
    expect(await page.getByTestId('hop').count()).toBe(2);

    // A link as Outlook's Safe Links wrapped it is followed from the address it names, and the
    // page says so (a cached analysis of that address says so too).
    await page.goto(`${base}/link-analysis`);
    const wrapped = `https://eur01.safelinks.protection.outlook.com/?url=${encodeURIComponent(`${site.base}/go`)}&data=05%7C02&reserved=0`;
    await page.getByLabel('URL to analyse').fill(wrapped);
    await page.getByLabel('URL to analyse').press('Enter');
    await expect
      .poll(async () => (await page.getByTestId('link-result').textContent()) ?? '', { timeout: 20_000 })
      .toContain('Link protection: unwrapped from eur01.safelinks.protection.outlook.com');
  }, 60_000);

  it('connects Gmail through the fake Google, lands on /connected, and /emails shows the analysis with a modal', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Connect Gmail Account' }).click();
    await page.waitForURL(/\/connected\?oauth_success=true/);
    await page.getByText(/is connected/).waitFor();
    expect(await page.getByTestId('redirect-note').textContent()).toMatch(/in [0-3] seconds?/);
    await shot(page, '11-connected');
    await page.waitForURL(`${base}/dashboard`, { timeout: 6000 });
    await page.goto(`${base}/emails`);
    await page.getByText('alice@example.org').first().waitFor();
    await expect.poll(() => page.locator('.email-card').count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByTestId('count-HIGH').textContent()).toBe('HIGH: 1');
    await page.locator('.email-card', { hasText: 'limited' }).click();
    const chips = page.getByTestId('chips').locator('.chip');
    expect(await chips.count()).toBeLessThanOrEqual(4);
    expect(await page.getByTestId('chips').textContent()).toMatch(/\+\d+ more/);
    await shot(page, '12-emails-modal');
    await page.getByRole('button', { name: 'Close' }).click();
    await page.goto(`${base}/connected?oauth_error=access_denied`);
    await page.getByText('Connection Failed').waitFor();
    expect(await page.getByText('OAuth error: access_denied').isVisible()).toBe(true);
    await shot(page, '13-connected-error');
    await page.goto(`${base}/oauth-test?from=test`);
    await page.getByRole('button', { name: 'Test backend health' }).click();
    await page.getByRole('button', { name: 'Test OAuth configuration' }).click();
    await expect
      .poll(() => page.getByTestId('oauth-log').textContent(), { timeout: 10_000 })
      .toMatch(/200 \{"configured":true/);
    expect(await page.getByTestId('url-params').textContent()).toBe('from = test');
    await shot(page, '14-oauth-test');
  }, 60_000);

  it('shows the empty, error and retry states of the lists, and the /emails max selector', async () => {
    await runCli(['user', 'add', 'ivan', '--password-stdin', '--data-dir', dataDirOf], {
      input: 'ivan-password',
    });
    const ivan = await signIn(await browser.newContext(), 'ivan', 'ivan-password');
    await ivan.getByText('No mailbox is connected yet.').waitFor();
    await shot(ivan, '15-dashboard-no-mailbox');
    await ivan.goto(`${base}/emails`);
    await ivan.getByText(/no Gmail connection was found/).waitFor();

    const page = await signIn(await browser.newContext());
    await page.getByTestId('showing').waitFor();
    await page.route('**/api/emails?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'database is unavailable', code: 'INTERNAL' }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('Error loading emails').waitFor({ timeout: 20_000 });
    expect(await page.getByText('database is unavailable').isVisible()).toBe(true);
    await shot(page, '16-dashboard-error');
    await page.unroute('**/api/emails?*');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('showing').waitFor();

    // A signed-in user who connects Gmail gets it linked to their own account.
    await page.goto(`${base}/api/rest/auth/google`);
    await page.waitForURL(/\/connected\?oauth_success=true/);
    await page.goto(`${base}/emails`);
    await expect.poll(() => page.locator('.email-card').count(), { timeout: 10_000 }).toBe(2);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/gmail/analyze')),
      page.getByLabel('Max emails').selectOption('5'),
    ]);
    expect(JSON.parse(req.postData() ?? '{}')).toEqual({ user_email: 'alice@example.org', max_emails: 5 });
    await page.route('**/api/gmail/analyze', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Gmail request failed: upstream timeout', code: 'NETWORK' }),
      }),
    );
    await page.getByRole('button', { name: 'Refresh Analysis' }).click();
    await page.getByText('Analysis Failed').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Gmail request failed: upstream timeout').isVisible()).toBe(true);
    await shot(page, '17-emails-failed');
  }, 90_000);
});
