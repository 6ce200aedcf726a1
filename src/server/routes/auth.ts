import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { publicUser, type TokenPair } from '../../app/auth.js';
import { hashPassword, validateNewPassword } from '../../app/accounts.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { ACCESS_COOKIE, requireUser } from '../middleware/auth.js';
import { body, clientAddress, isHttps, parse } from '../validate.js';

// The spec's login rules and messages (section 5).
export const Login = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(64),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters')
    .max(1024),
  remember_me: z.union([z.boolean(), z.string()]).optional(),
});
export const RefreshBody = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required').max(200),
});
export const ChangePassword = z.object({
  current_password: z.string().min(1),
  new_password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
});

export const REFRESH_COOKIE = 'pg_refresh';

/**
 * The dashboard's session lives in httpOnly SameSite=Strict cookies, never in script-readable
 * storage: the access token for /api, the refresh token only for /api/auth.
 */
export function setSessionCookies(c: Context<AppEnv>, pair: TokenPair): void {
  const secure = isHttps(c);
  setCookie(c, ACCESS_COOKIE, pair.access_token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api',
    maxAge: pair.expires_in,
    secure,
  });
  setCookie(c, REFRESH_COOKIE, pair.refresh_token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/api/auth',
    maxAge: 30 * 86_400,
    secure,
  });
}

/** The refresh token from the body, or from the cookie (then the CSRF header is required). */
function refreshTokenOf(c: Context<AppEnv>, input: unknown): string {
  const fromBody = RefreshBody.safeParse(input);
  if (fromBody.success) return fromBody.data.refresh_token;
  const cookie = getCookie(c, REFRESH_COOKIE);
  if (!cookie) {
    // Nothing in the body and no session cookie: not signed in (a validation error only for a malformed body).
    if (input && typeof input === 'object' && Object.keys(input).length === 0)
      throw new PhishguardError('UNAUTHORIZED', 'Not signed in');
    return parse(RefreshBody, input).refresh_token;
  }
  if (c.req.header('x-requested-with') !== 'phishguard')
    throw new PhishguardError(
      'FORBIDDEN',
      'Missing X-Requested-With header for a cookie-authenticated request',
    );
  return cookie;
}

/**
 * Login CSRF: a cross-site form POST to /auth/login would sign the victim's browser into the
 * attacker's account. A browser says where a request comes from (Origin, Sec-Fetch-Site); one
 * from another site is refused. Scripts and the CLI send neither and keep working.
 */
function refuseCrossSite(c: Context<AppEnv>, deps: AppDeps): void {
  if (c.req.header('sec-fetch-site') === 'cross-site')
    throw new PhishguardError('FORBIDDEN', 'Cross-site sign-in refused');
  const origin = c.req.header('origin');
  if (!origin) return;
  const own = new URL(c.req.url);
  const host = c.req.header('host');
  const allowed = new Set<string>([
    own.origin,
    ...(host ? [`${isHttps(c) ? 'https' : 'http'}://${host}`] : []),
    ...deps.config.corsOrigins,
    ...(deps.config.publicUrl ? [new URL(deps.config.publicUrl).origin] : []),
  ]);
  if (!allowed.has(origin)) throw new PhishguardError('FORBIDDEN', 'Cross-site sign-in refused');
}

export function authRoutes(deps: AppDeps) {
  const withCookie = (c: Context<AppEnv>, pair: TokenPair) => {
    setSessionCookies(c, pair);
    return c.json(pair);
  };
  return new Hono<AppEnv>()
    .post('/auth/login', async (c) => {
      refuseCrossSite(c, deps);
      const input = parse(Login, await body(c));
      return withCookie(c, await deps.auth.login(input.username, input.password, clientAddress(c)));
    })
    .post('/auth/refresh', async (c) => {
      return withCookie(c, await deps.auth.refresh(refreshTokenOf(c, await body(c)), clientAddress(c)));
    })
    .post('/auth/logout', async (c) => {
      deps.auth.logout(refreshTokenOf(c, await body(c)), clientAddress(c));
      deleteCookie(c, ACCESS_COOKIE, { path: '/api' });
      deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth' });
      return c.json({ detail: 'You have been logged out' });
    })
    .get('/v1/auth/me', requireUser(deps), (c) => c.json(publicUser(c.get('user'))))
    .post('/auth/password', requireUser(deps), async (c) => {
      const input = parse(ChangePassword, await body(c));
      const user = c.get('user');
      if (!(await deps.auth.checkCurrentPassword(user, input.current_password, clientAddress(c))))
        throw new PhishguardError('VALIDATION', 'Current password is incorrect', {
          issues: [{ field: 'current_password', message: 'Current password is incorrect' }],
        });
      validateNewPassword(input.new_password);
      deps.store.users.setPassword(user.id, await hashPassword(input.new_password), false);
      deps.store.tokens.revokeAllForUser(user.id);
      deps.store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'user.password',
        target: user.username,
        address: clientAddress(c),
      });
      return c.json({ detail: 'Password changed; other sessions were signed out' });
    });
}
