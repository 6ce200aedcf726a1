import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { publicUser, type TokenPair } from '../../app/auth.js';
import { hashPassword, validateNewPassword, verifyPassword } from '../../app/accounts.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { ACCESS_COOKIE, requireUser } from '../middleware/auth.js';
import { body, clientAddress, parse } from '../validate.js';

// The spec's login rules and messages (section 5).
const Login = z.object({
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
const RefreshBody = z.object({ refresh_token: z.string().min(1, 'refresh_token is required').max(200) });
const ChangePassword = z.object({
  current_password: z.string().min(1),
  new_password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
});

export function authRoutes(deps: AppDeps) {
  const withCookie = (c: Context<AppEnv>, pair: TokenPair) => {
    // The dashboard keeps the access token in an httpOnly cookie, never in script-readable storage.
    setCookie(c, ACCESS_COOKIE, pair.access_token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api',
      maxAge: pair.expires_in,
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return c.json(pair);
  };
  return new Hono<AppEnv>()
    .post('/auth/login', async (c) => {
      const input = parse(Login, await body(c));
      return withCookie(c, await deps.auth.login(input.username, input.password, clientAddress(c)));
    })
    .post('/auth/refresh', async (c) => {
      const input = parse(RefreshBody, await body(c));
      return withCookie(c, await deps.auth.refresh(input.refresh_token, clientAddress(c)));
    })
    .post('/auth/logout', async (c) => {
      const input = parse(RefreshBody, await body(c));
      deps.auth.logout(input.refresh_token, clientAddress(c));
      deleteCookie(c, ACCESS_COOKIE, { path: '/api' });
      return c.json({ detail: 'You have been logged out' });
    })
    .get('/v1/auth/me', requireUser(deps), (c) => c.json(publicUser(c.get('user'))))
    .post('/auth/password', requireUser(deps), async (c) => {
      const input = parse(ChangePassword, await body(c));
      const user = c.get('user');
      if (!(await verifyPassword(user, input.current_password)))
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
