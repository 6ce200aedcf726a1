import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../src/app/accounts.js';
import { loadKey } from '../../src/app/secrets.js';
import { testApp } from '../helpers/app.js';

describe('auth API', () => {
  it('signs in with form fields and answers the spec shape; /api/v1/auth/me needs the bearer token', async () => {
    const t = await testApp();
    const res = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'alice', password: 'alice-password' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'user']));
    expect(body.user).toMatchObject({ username: 'alice', is_admin: true });
    expect(res.headers.get('set-cookie')).toMatch(/pg_access=.*HttpOnly.*SameSite=Strict/i);
    const me = await t.req('/api/v1/auth/me', { token: body.access_token });
    expect(await me.json()).toMatchObject({ username: 'alice' });
    expect((await t.req('/api/v1/auth/me')).status).toBe(401);
    expect((await t.req('/api/v1/auth/me', { token: 'garbage' })).status).toBe(401);
  });

  it('returns the spec validation messages as 422 field errors', async () => {
    const t = await testApp();
    const res = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'al', password: '' }),
    });
    expect(res.status).toBe(422);
    expect((await res.json()).issues).toEqual([
      { field: 'username', message: 'Username must be at least 3 characters' },
      { field: 'password', message: 'Password is required' },
    ]);
    const missing = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ password: 'abcdefg' }),
    });
    expect((await missing.json()).issues).toEqual([{ field: 'username', message: 'Username is required' }]);
  });

  it('answers unknown user and wrong password alike, then rate-limits', async () => {
    const t = await testApp();
    const wrong = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'alice', password: 'not-the-password' }),
    });
    const unknown = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'mallory', password: 'not-the-password' }),
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(await wrong.json()).toEqual(await unknown.json());
    for (let i = 0; i < 4; i++)
      await t.req('/api/auth/login', {
        method: 'POST',
        body: new URLSearchParams({ username: 'alice', password: 'nope-nope' }),
      });
    const limited = await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'alice', password: 'alice-password' }),
    });
    expect(limited.status).toBe(429);
    const audit = await t.deps.store.audit.list({ action: 'auth.login', page: 1, size: 50 });
    expect(audit.items.filter((i) => i.outcome === 'failure').length).toBeGreaterThanOrEqual(6);
  });

  it('counts guesses before the slow hash: 40 wrong and the right one sent at once get 429s', async () => {
    const t = await testApp();
    const form = (password: string) => ({
      method: 'POST',
      body: new URLSearchParams({ username: 'alice', password }),
    });
    const all = await Promise.all([
      ...Array.from({ length: 40 }, () => t.req('/api/auth/login', form('wrong-guess'))),
      t.req('/api/auth/login', form('alice-password')),
    ]);
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(35);
    expect(statuses.at(-1)).toBe(429);
    // bob, on the same address, is not locked out by alice's attacker.
    expect(
      (
        await t.req('/api/auth/login', {
          method: 'POST',
          body: new URLSearchParams({ username: 'bob', password: 'bob-password' }),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a cross-site sign-in (login CSRF), and keeps same-origin and non-browser sign-ins working', async () => {
    const t = await testApp();
    const login = (headers: Record<string, string>) =>
      t.req('/api/auth/login', {
        method: 'POST',
        headers,
        body: new URLSearchParams({ username: 'bob', password: 'bob-password' }),
      });
    const crossOrigin = await login({ origin: 'https://attacker.example' });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers.getSetCookie()).toEqual([]);
    expect((await login({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await login({ origin: 'null' })).status).toBe(403);
    // The dashboard itself (same origin), and scripts or the CLI (no Origin) still sign in.
    expect((await login({ origin: 'http://localhost', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await login({})).status).toBe(200);
  });

  it('limits guesses of the current password on a password change', async () => {
    const t = await testApp();
    const { access_token } = await t.login('bob', 'bob-password');
    const change = (current: string) =>
      t.req('/api/auth/password', {
        method: 'POST',
        token: access_token,
        json: { current_password: current, new_password: 'a-new-long-password-1' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await change(`guess-${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await change('bob-password')).status).toBe(429);
  });

  it('rotates refresh tokens, and reuse of a rotated token revokes the whole family', async () => {
    const t = await testApp();
    const first = await t.login('bob', 'bob-password');
    const r1 = await t.req('/api/auth/refresh', {
      method: 'POST',
      json: { refresh_token: first.refresh_token },
    });
    expect(r1.status).toBe(200);
    const second = await r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reuse = await t.req('/api/auth/refresh', {
      method: 'POST',
      json: { refresh_token: first.refresh_token },
    });
    expect(reuse.status).toBe(401);
    expect((await reuse.json()).detail).toMatch(/already used/);
    const afterTheft = await t.req('/api/auth/refresh', {
      method: 'POST',
      json: { refresh_token: second.refresh_token },
    });
    expect(afterTheft.status).toBe(401);
  });

  it('logout revokes the refresh token and, at once, the access tokens of that sign-in only', async () => {
    const t = await testApp();
    const s = await t.login('bob', 'bob-password');
    const other = await t.login('bob', 'bob-password');
    expect((await t.req('/api/emails', { token: s.access_token })).status).toBe(200);
    expect(
      (await t.req('/api/auth/logout', { method: 'POST', json: { refresh_token: s.refresh_token } })).status,
    ).toBe(200);
    expect(
      (await t.req('/api/auth/refresh', { method: 'POST', json: { refresh_token: s.refresh_token } })).status,
    ).toBe(401);
    const after = await t.req('/api/emails', { token: s.access_token });
    expect(after.status).toBe(401);
    expect((await after.json()).detail).toMatch(/session has ended/);
    // Bob's other sign-in (another device) is untouched.
    expect((await t.req('/api/emails', { token: other.access_token })).status).toBe(200);
  });

  it('does not store what was typed as a username unless it names an account, and aggregates anonymous floods', async () => {
    const t = await testApp();
    for (let i = 0; i < 30; i++)
      await t.req('/api/auth/login', {
        method: 'POST',
        body: new URLSearchParams({ username: 'correct-horse-battery', password: 'wrong-password' }),
      });
    await t.req('/api/auth/login', {
      method: 'POST',
      body: new URLSearchParams({ username: 'bob', password: 'wrong-password' }),
    });
    for (let i = 0; i < 40; i++) await t.req('/api/rest/auth/google/callback?code=x&state=forged');
    await t.deps.auth.anonymousAudit.flush();
    const rows = (await t.deps.store.audit.list({ page: 1, size: 200 })).items;
    expect(JSON.stringify(rows)).not.toContain('correct-horse-battery');
    expect(rows.filter((r) => r.action === 'auth.login' && r.username === 'bob')).toHaveLength(1);
    // 30 guesses at an unknown name and 40 callback hits: a few rows with counts, not 70.
    const anonymous = rows.filter((r) => r.username === null);
    expect(anonymous.length).toBeLessThanOrEqual(6);
    // Each kind: its first row, then one row carrying how many more followed.
    const counted = anonymous.reduce((n, r) => n + (r.detail.repeated ? Number(r.detail.repeated) : 1), 0);
    expect(counted).toBe(70);
  });

  it('a password change ends every session at once and gives this client a fresh one', async () => {
    const t = await testApp();
    const laptop = await t.login('bob', 'bob-password');
    const phone = await t.login('bob', 'bob-password');
    const res = await t.req('/api/auth/password', {
      method: 'POST',
      token: laptop.access_token,
      json: { current_password: 'bob-password', new_password: 'bob-new-password' },
    });
    expect(res.status).toBe(200);
    const fresh = await res.json();
    for (const old of [laptop.access_token, phone.access_token])
      expect((await t.req('/api/emails', { token: old })).status).toBe(401);
    expect(
      (await t.req('/api/auth/refresh', { method: 'POST', json: { refresh_token: phone.refresh_token } }))
        .status,
    ).toBe(401);
    expect((await t.req('/api/emails', { token: fresh.access_token })).status).toBe(200);
    await expect(t.login('bob', 'bob-password')).rejects.toThrow(/401/);
    await t.login('bob', 'bob-new-password');
  });

  it('an account with a temporary password can only read who it is and change it (must_change_password)', async () => {
    const t = await testApp();
    await createUser(t.deps.store, {
      username: 'dora',
      password: 'temporary-pass',
      isAdmin: true,
      mustChangePassword: true,
    });
    const s = await t.login('dora', 'temporary-pass');
    const me = await t.req('/api/v1/auth/me', { token: s.access_token });
    expect(await me.json()).toMatchObject({ username: 'dora', must_change_password: true });
    for (const [method, path] of [
      ['GET', '/api/emails'],
      ['GET', '/api/mailboxes'],
      ['GET', '/api/audits/logs'],
      ['POST', '/api/analyze/email'],
    ] as const) {
      const r = await t.req(path, {
        method,
        token: s.access_token,
        ...(method === 'POST' ? { json: { subject: 'a', sender: 'b@c.d', content: 'x' } } : {}),
      });
      expect([path, r.status]).toEqual([path, 403]);
      const body = await r.json();
      expect(body.code).toBe('PASSWORD_CHANGE_REQUIRED');
      expect(body.detail).toContain('phishguard user passwd dora');
    }
    const changed = await t.req('/api/auth/password', {
      method: 'POST',
      token: s.access_token,
      json: { current_password: 'temporary-pass', new_password: 'doras-own-password' },
    });
    expect(changed.status).toBe(200);
    const fresh = await changed.json();
    expect(fresh.user.must_change_password).toBe(false);
    expect((await t.req('/api/emails', { token: fresh.access_token })).status).toBe(200);
    // Logout works before the change too (it needs no access token).
    const again = await t.login('dora', 'doras-own-password');
    expect(
      (await t.req('/api/auth/logout', { method: 'POST', json: { refresh_token: again.refresh_token } }))
        .status,
    ).toBe(200);
  });

  it('rejects an expired access token and a disabled user', async () => {
    const t = await testApp();
    const secret = loadKey(t.dataDir, 'jwt').toString('base64');
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = await sign({ sub: '1', iat: past - 3600, exp: past }, secret, 'HS256');
    expect((await t.req('/api/v1/auth/me', { token: expired })).status).toBe(401);
    // Correctly signed and unexpired, but bound to no sign-in: refused.
    const now = Math.floor(Date.now() / 1000);
    const unbound = await sign({ sub: '1', iat: now, exp: now + 600 }, secret, 'HS256');
    expect((await t.req('/api/v1/auth/me', { token: unbound })).status).toBe(401);
    const s = await t.login('bob', 'bob-password');
    await t.deps.store.users.setDisabled((await t.deps.store.users.byUsername('bob'))!.id, true);
    expect((await t.req('/api/v1/auth/me', { token: s.access_token })).status).toBe(401);
  });

  it('protects cookie-authenticated state changes against CSRF', async () => {
    const t = await testApp();
    const s = await t.login('alice', 'alice-password');
    const cookie = `pg_access=${s.access_token}`;
    expect((await t.req('/api/v1/auth/me', { headers: { cookie } })).status).toBe(200);
    const forged = await t.req('/api/analyze/email', {
      method: 'POST',
      headers: { cookie },
      json: { subject: 'a', sender: 'b@c.d', content: 'x' },
    });
    expect(forged.status).toBe(403);
    const ok = await t.req('/api/analyze/email', {
      method: 'POST',
      headers: { cookie, 'x-requested-with': 'phishguard' },
      json: { subject: 'a', sender: 'b@c.d', content: 'x' },
    });
    expect(ok.status).toBe(200);
  });
});
