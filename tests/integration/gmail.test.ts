import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../helpers/fake-google.js';
import { fixture } from '../helpers/engine.js';
import { testApp, type TestApp } from '../helpers/app.js';

const REDIRECT = 'http://127.0.0.1:8787/api/rest/auth/google/callback';
let google: FakeGoogle;

beforeAll(async () => {
  google = await new FakeGoogle().start();
  const names = [
    'phishing-paypal-lookalike.eml',
    'legit-bank-statement.eml',
    'legit-shipping-update.eml',
    'phishing-zip-executable.eml',
    'legit-newsletter.eml',
  ];
  for (let i = 0; i < 500; i++)
    google.addMessage(
      fixture(names[i % names.length] as string)
        .toString('utf8')
        .replace(/^Subject: (.*)$/m, `Subject: $1 #${i}`),
      Date.UTC(2026, 10, 1) + i * 60_000,
    );
});
afterAll(async () => google.stop());

/** Runs the browser's part of the flow: our start URL → fake consent → our callback. */
async function connect(
  t: TestApp,
  opts: { cookie?: string; tamperState?: boolean; otherBrowser?: boolean } = {},
): Promise<{ location: string; cookies: string[]; authUrl: URL }> {
  const start = await t.req('/api/rest/auth/google', { headers: opts.cookie ? { cookie: opts.cookie } : {} });
  expect(start.status).toBe(302);
  // The browser keeps the one-time binding cookie and sends it back on the callback.
  const binding = start.headers
    .getSetCookie()
    .find((c) => c.startsWith('pg_oauth='))
    ?.split(';')[0];
  expect(start.headers.getSetCookie().join(';')).toMatch(/pg_oauth=.*HttpOnly.*SameSite=Lax/i);
  const authUrl = new URL(start.headers.get('location') ?? '');
  const consent = await fetch(authUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location') ?? '');
  if (opts.tamperState) back.searchParams.set('state', 'forged-state');
  const cb = await t.req(`${back.pathname}${back.search}`, {
    headers: binding && !opts.otherBrowser ? { cookie: binding } : {},
  });
  return { location: cb.headers.get('location') ?? '', cookies: cb.headers.getSetCookie(), authUrl };
}

describe('Gmail through Google sign-in (fake Google, real client libraries)', () => {
  it('answers a clear 400 when Google is not configured', async () => {
    const t = await testApp();
    const r = await t.req('/api/rest/auth/google');
    expect(r.status).toBe(400);
    expect((await r.json()).detail).toMatch(/PHISHGUARD_GOOGLE_CLIENT_ID/);
    // A browser following a "Connect Gmail" button gets the page that says what to set up.
    const browser = await t.req('/api/rest/auth/google', { headers: { accept: 'text/html,*/*' } });
    expect([browser.status, browser.headers.get('location')]).toEqual([302, '/gmail-setup']);
    expect((await t.req('/test-oauth')).status).toBe(401);
    const { access_token } = await t.login('bob', 'bob-password');
    const cfg = await (await t.req('/test-oauth', { token: access_token })).json();
    expect(cfg).toMatchObject({ configured: false, client_id_set: false });
  });

  it('runs the code flow with state and PKCE, read-only scopes, and links the mailbox to the known user', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    const { location, cookies, authUrl } = await connect(t);
    expect(authUrl.searchParams.get('scope')?.split(' ').sort()).toEqual([
      'email',
      'https://www.googleapis.com/auth/gmail.readonly',
      'openid',
      'profile',
    ]);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(location).toBe('/connected?oauth_success=true&email=alice%40example.org');
    expect(cookies.join(';')).toMatch(/pg_access=.*HttpOnly/i);
    const alice = (await t.deps.store.users.byUsername('alice'))!;
    const box = (await t.deps.store.mailboxes.listForUser(alice.id)).find((m) => m.kind === 'gmail')!;
    expect(box.address).toBe('alice@example.org');
    expect(box.secret_enc).toMatch(/^v1\./);
    expect(box.secret_enc).not.toContain('1//');
    const session = await t.login('alice', 'alice-password');
    const cfg = await (await t.req('/api/test-oauth', { token: session.access_token })).json();
    expect(cfg).toMatchObject({ configured: true, client_secret_set: true });
    expect(JSON.stringify(cfg)).not.toContain(google.clientSecret);
  });

  it('analyses pages of 50 from a 500-message mailbox, never re-downloading a stored message, and backs off on 429', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    await connect(t);
    const token = (await t.login('alice', 'alice-password')).access_token;
    const tokenCalls = () => google.calls.filter((c) => c === 'POST /token').length;
    const tokensBefore = tokenCalls();
    google.failNextGmailCalls.push(429);
    let pageToken: string | null = null;
    const ids = new Set<string>();
    let pages = 0;
    do {
      const res = await t.req('/api/gmail-simple/analyze', {
        method: 'POST',
        token,
        json: { user_email: 'alice@example.org', max_emails: 50, page_token: pageToken },
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.total_emails).toBe(500);
      for (const e of body.emails) {
        ids.add(e.id);
        // Each message's verdict is known: the phishing fixtures HIGH, the legitimate ones SAFE or LOW.
        const phishing = /limited|Invoice/i.test(e.subject);
        expect([e.subject, e.phishing_analysis.risk_level]).toEqual([
          e.subject,
          phishing ? 'HIGH' : expect.stringMatching(/^(SAFE|LOW)$/),
        ]);
      }
      expect(body.emails[0]).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          subject: expect.any(String),
          sender: expect.any(String),
          received_at: expect.any(String),
          snippet: expect.any(String),
          phishing_analysis: expect.objectContaining({
            risk_level: expect.stringMatching(/HIGH|MEDIUM|LOW|SAFE/),
          }),
        }),
      );
      pageToken = body.next_page_token;
      pages++;
    } while (pageToken);
    expect([ids.size, pages]).toEqual([500, 10]);
    // One access-token refresh for all ten pages and 500 downloads, not one per call.
    expect(tokenCalls() - tokensBefore).toBe(1);
    const gets = google.calls.filter((c) => /GET \/gmail\/v1\/users\/me\/messages\/[0-9a-f]+/.test(c)).length;
    const again = await (
      await t.req('/api/gmail/analyze', {
        method: 'POST',
        token,
        json: { user_email: 'alice@example.org', max_emails: 50 },
      })
    ).json();
    expect(again.emails).toHaveLength(50);
    expect(google.calls.filter((c) => /GET \/gmail\/v1\/users\/me\/messages\/[0-9a-f]+/.test(c)).length).toBe(
      gets,
    );
    const listed = await (await t.req('/api/emails?risk_level=HIGH&size=1', { token })).json();
    expect(listed.total).toBe(200);
    expect(
      (
        await t.req('/api/gmail-simple/analyze', {
          method: 'POST',
          token,
          json: { user_email: 'alice@example.org', max_emails: 51 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.req('/api/gmail-simple/analyze', {
          method: 'POST',
          json: { user_email: 'alice@example.org', max_emails: 5 },
        })
      ).status,
    ).toBe(401);
    const bob = (await t.login('bob', 'bob-password')).access_token;
    const cross = await t.req('/api/gmail-simple/analyze', {
      method: 'POST',
      token: bob,
      json: { user_email: 'alice@example.org', max_emails: 5 },
    });
    expect(cross.status).toBe(404);
    expect(
      google.calls.some((c) => /^(POST|PUT|PATCH|DELETE) \/gmail\/v1\/users\/me\/messages/.test(c)),
    ).toBe(false);
  }, 60_000);

  it('reports denied consent, a forged state and an address nobody allowed', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    google.denyConsent = true;
    expect((await connect(t)).location).toBe('/connected?oauth_error=access_denied');
    google.denyConsent = false;
    expect((await connect(t, { tamperState: true })).location).toBe('/connected?oauth_error=state_mismatch');
    google.account = { email: 'mallory@elsewhere.example', name: 'Mallory' };
    expect((await connect(t)).location).toBe('/connected?oauth_error=not_allowed');
    const allowed = await testApp({
      google: google.config(REDIRECT, { allowedDomains: ['elsewhere.example'] }),
    });
    // The address alone does not make a Workspace account: Google's hd claim must name the domain.
    expect((await connect(allowed)).location).toBe('/connected?oauth_error=not_allowed');
    google.account = {
      email: 'mallory@elsewhere.example',
      name: 'Mallory',
      emailVerified: false,
      hd: 'elsewhere.example',
    };
    expect((await connect(allowed)).location).toBe('/connected?oauth_error=email_not_verified');
    google.account = { email: 'mallory@elsewhere.example', name: 'Mallory', hd: 'elsewhere.example' };
    expect((await connect(allowed)).location).toBe(
      '/connected?oauth_success=true&email=mallory%40elsewhere.example',
    );
    expect(
      (await allowed.deps.store.users.byUsername('mallory@elsewhere.example'))?.password_hash,
    ).toBeNull();
    google.account = { email: 'alice@example.org', name: 'Alice' };
  });

  it('a consent link opened in another browser links nothing and signs no one in', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    // bob starts the flow signed in, and sends the consent link to alice, who consents.
    const s = await t.login('bob', 'bob-password');
    const { location, cookies } = await connect(t, {
      cookie: `pg_access=${s.access_token}`,
      otherBrowser: true,
    });
    expect(location).toBe('/connected?oauth_error=browser_mismatch');
    expect(cookies.join(';')).not.toMatch(/pg_access=[^;]/);
    const bob = (await t.deps.store.users.byUsername('bob'))!;
    expect((await t.deps.store.mailboxes.listForUser(bob.id)).filter((m) => m.kind === 'gmail')).toEqual([]);
  });

  it('links Gmail to the signed-in password user who clicked Connect', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    google.account = { email: 'bob.personal@gmail.example', name: 'Bob' };
    const s = await t.login('bob', 'bob-password');
    const { location } = await connect(t, { cookie: `pg_access=${s.access_token}` });
    expect(location).toBe('/connected?oauth_success=true&email=bob.personal%40gmail.example');
    const bob = (await t.deps.store.users.byUsername('bob'))!;
    expect((await t.deps.store.mailboxes.listForUser(bob.id)).map((m) => m.address)).toEqual([
      'bob.personal@gmail.example',
    ]);
    google.account = { email: 'alice@example.org', name: 'Alice' };
  });

  it('asks to reconnect when the refresh token expired, revokes at Google, and needs a topic for watch', async () => {
    const t = await testApp({ google: google.config(REDIRECT) });
    await connect(t);
    const token = (await t.login('alice', 'alice-password')).access_token;
    expect((await (await t.req('/api/auth/gmail/status', { token })).json()).connected).toBe(true);
    expect((await (await t.req('/api/auth/gmail/health', { token })).json()).email).toBe('alice@example.org');
    const watch = await t.req('/api/auth/gmail/watch/setup', { method: 'POST', token });
    expect(watch.status).toBe(400);
    expect((await watch.json()).detail).toMatch(/Pub\/Sub topic/);
    google.expireRefreshTokens();
    const expired = await t.req('/api/gmail-simple/analyze', {
      method: 'POST',
      token,
      json: { user_email: 'alice@example.org', max_emails: 5 },
    });
    expect(expired.status).toBe(401);
    expect((await expired.json()).detail).toBe('Gmail access expired or was revoked: connect Gmail again');
    expect((await (await t.req('/api/auth/gmail/status', { token })).json()).mailboxes[0]).toMatchObject({
      needs_reconnect: true,
      connected: false,
    });
    await connect(t);
    const revoke = await t.req('/api/auth/gmail/revoke', { method: 'POST', token });
    expect(revoke.status).toBe(200);
    expect(google.calls).toContain('POST /revoke');
    const box = (
      await t.deps.store.mailboxes.listForUser((await t.deps.store.users.byUsername('alice'))!.id)
    )[0]!;
    expect(box.secret_enc).toBeNull();
  });
});

describe('phishguard gmail login / scan (installed-app flow)', () => {
  it('connects through a loopback redirect and scans from the terminal', async () => {
    const { mkdtempSync, writeFileSync, mkdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { spawn } = await import('node:child_process');
    const { runCli, BIN } = await import('../helpers/cli.js');
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pg-gmail-cli-')), 'data');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dataDir, 'config.json'),
      JSON.stringify({ google: google.config('http://127.0.0.1/unused') }),
    );
    await runCli(['user', 'add', 'frank', '--password-stdin', '--data-dir', dataDir], {
      input: 'frank-password',
    });
    google.account = { email: 'frank@example.org', name: 'Frank' };
    const login = spawn(process.execPath, [BIN, 'gmail', 'login', '--data-dir', dataDir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    login.stdout.on('data', (d) => (out += d));
    login.stderr.on('data', (d) => (err += d));
    while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 50));
    const consent = await fetch(out.trim(), { redirect: 'manual' });
    const callback = consent.headers.get('location') ?? '';
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    expect((await fetch(callback)).status).toBe(200);
    const code = await new Promise((r) => login.on('close', r));
    expect([code, err]).toEqual([0, expect.stringContaining('connected frank@example.org to frank')]);
    const scan = await runCli(['gmail', 'scan', '--max', '60', '--json', '--data-dir', dataDir]);
    const body = JSON.parse(scan.stdout);
    expect(body.emails).toHaveLength(60);
    expect(body.email).toBe('frank@example.org');
    google.account = { email: 'alice@example.org', name: 'Alice' };
  }, 30_000);
});
