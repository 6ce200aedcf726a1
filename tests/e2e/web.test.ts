import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    // 45 messages (the fixtures plus copies of a newsletter): the list shows 20, Load More twice, then "All emails loaded".
    const mbox = join(dataDir, '..', 'many.mbox');
    const eml = readFileSync(join(FIXTURES, 'email', 'legit-newsletter.eml'), 'utf8');
    writeFileSync(
      mbox,
      Array.from(
        { length: 45 - EMAIL_FIXTURES },
        (_, i) =>
          `From x\n${eml.replace(/^Subject: (.*)$/m, `Subject: $1 #${i}`).replace(/^Date: .*$/m, `Date: Thu, 01 Oct 2026 10:${String(i).padStart(2, '0')}:00 +0000`)}\n`,
      ).join(''),
    );
    await runCli(['import', join(FIXTURES, 'email'), mbox, '--user', 'admin', '--data-dir', dataDir]);
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

  it('dashboard: pick an email, read its details and links, Load More to the end', async () => {
    const page = await signIn(await browser.newContext());
    await page.getByText('Your account has been limited').click();
    const details = page.getByTestId('email-details');
    await details.getByTestId('detail-score').waitFor();
    expect(await details.getByTestId('risk-badge').textContent()).toContain('HIGH');
    expect(await details.getByRole('button', { name: 'Analyse this link' }).count()).toBeGreaterThan(0);
    expect(await details.locator('a[href^="http://paypal"]').count()).toBe(0);
    await shot(page, '05-dashboard-details');
    expect(await page.getByTestId('showing').textContent()).toBe('Showing 20 of 45 emails');
    await page.getByRole('button', { name: 'Load More Emails' }).click();
    await expect
      .poll(() => page.getByTestId('showing').textContent(), { timeout: 10_000 })
      .toBe('Showing 40 of 45 emails');
    await page.getByRole('button', { name: 'Load More Emails' }).click();
    await page.getByTestId('all-loaded').waitFor();
    expect(await page.getByTestId('all-loaded').textContent()).toBe('All emails loaded (45 total)');
    await shot(page, '06-dashboard-all-loaded');
    // Narrow screens stack the two panes.
    await page.setViewportSize({ width: 600, height: 900 });
    const [a, b] = await page
      .locator('.pane')
      .evaluateAll((els) =>
        els.map(
          (e) => (e as unknown as { getBoundingClientRect(): { top: number } }).getBoundingClientRect().top,
        ),
      );
    expect(b).toBeGreaterThan(a as number);
    await shot(page, '07-dashboard-narrow');
  }, 30_000);

  it('a 401 triggers one silent refresh and a retry; logout clears the session and goes home', async () => {
    const context = await browser.newContext();
    const page = await signIn(context);
    await context.clearCookies({ name: 'pg_access' });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(() => page.getByTestId('showing').textContent(), { timeout: 10_000 })
      .toBe('Showing 20 of 45 emails');
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
    await shot(page, '09-link-analysis');
    await page.getByRole('button', { name: 'Mode' }).click();
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByTestId('quick-result').waitFor();
    await shot(page, '10-link-quick');
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
