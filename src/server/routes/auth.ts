import { randomUUID } from 'node:crypto';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from '@hono/zod-openapi';
import { publicUser, type TokenPair as Tokens } from '../../app/auth.js';
import { hashPassword, validateNewPassword } from '../../app/accounts.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { ACCESS_COOKIE } from '../middleware/auth.js';
import { clientAddress, isHttps, parse } from '../validate.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import { Detail, PublicUser, TokenPair } from '../openapi/schemas.js';

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
/** Optional: without it, the dashboard's refresh cookie is used. */
export const RefreshBody = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required').max(200).optional(),
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
export function setSessionCookies(c: Context<AppEnv>, pair: Tokens): void {
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
function refreshTokenOf(c: Context<AppEnv>, input: z.infer<typeof RefreshBody>): string {
  if (input.refresh_token) return input.refresh_token;
  const cookie = getCookie(c, REFRESH_COOKIE);
  // Nothing in the body and no session cookie: not signed in.
  if (!cookie) throw new PhishguardError('UNAUTHORIZED', 'Not signed in');
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
  const withCookie = (c: Context<AppEnv>, pair: Tokens) => {
    setSessionCookies(c, pair);
    return c.json(pair, 200);
  };
  return routes()
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/login',
        tags: ['auth'],
        summary: 'Sign in (form fields or JSON: username, password)',
        request: {
          body: {
            content: {
              'application/x-www-form-urlencoded': { schema: Login },
              'application/json': { schema: Login },
            },
          },
        },
        responses: { 200: json(TokenPair, 'Tokens; the dashboard also gets httpOnly cookies'), ...ERRORS },
      }),
      async (c) => {
        refuseCrossSite(c, deps);
        const type = c.req.header('content-type') ?? '';
        // Validated by whichever media type was sent; with none there is nothing to sign in with.
        const input = type.includes('json')
          ? c.req.valid('json')
          : type.includes('form')
            ? c.req.valid('form')
            : parse(Login, {});
        return withCookie(c, await deps.auth.login(input.username, input.password, clientAddress(c)));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/refresh',
        tags: ['auth'],
        summary: 'Rotate a refresh token (in the body, or the dashboard cookie)',
        request: { body: { content: { 'application/json': { schema: RefreshBody } } } },
        responses: { 200: json(TokenPair, 'New tokens'), ...ERRORS },
      }),
      async (c) =>
        withCookie(c, await deps.auth.refresh(refreshTokenOf(c, c.req.valid('json')), clientAddress(c))),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/logout',
        tags: ['auth'],
        summary: 'Revoke a refresh token family and clear the dashboard cookies',
        request: { body: { content: { 'application/json': { schema: RefreshBody } } } },
        responses: { 200: json(Detail, 'Signed out'), ...ERRORS },
      }),
      async (c) => {
        await deps.auth.logout(refreshTokenOf(c, c.req.valid('json')), clientAddress(c));
        deleteCookie(c, ACCESS_COOKIE, { path: '/api' });
        deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth' });
        return c.json({ detail: 'You have been logged out' }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/v1/auth/me',
        tags: ['auth'],
        summary: 'The signed-in user',
        ...signedIn(deps, { beforePasswordChange: true }),
        responses: { 200: json(PublicUser, 'You'), ...ERRORS },
      }),
      async (c) => c.json(publicUser(c.get('user')), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/auth/password',
        tags: ['auth'],
        summary: 'Change your password (ends every session, and starts a new one for this client)',
        ...signedIn(deps, { beforePasswordChange: true }),
        request: jsonBody(ChangePassword),
        responses: {
          200: json(TokenPair.extend({ detail: z.string() }), 'Changed, with new tokens'),
          ...ERRORS,
        },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const user = c.get('user');
        if (!(await deps.auth.checkCurrentPassword(user, input.current_password, clientAddress(c))))
          throw new PhishguardError('VALIDATION', 'Current password is incorrect', {
            issues: [{ field: 'current_password', message: 'Current password is incorrect' }],
          });
        validateNewPassword(input.new_password);
        await deps.store.users.setPassword(user.id, await hashPassword(input.new_password), false);
        await deps.store.tokens.revokeAllForUser(user.id);
        await deps.store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'user.password',
          target: user.username,
          address: clientAddress(c),
        });
        // Every earlier token is dead now, this client's included; it gets a fresh sign-in.
        const changed = (await deps.store.users.byId(user.id)) ?? user;
        const pair = await deps.auth.issue(changed, randomUUID());
        setSessionCookies(c, pair);
        return c.json({ ...pair, detail: 'Password changed; your other sessions were signed out' }, 200);
      },
    );
}
