import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';

export const ACCESS_COOKIE = 'pg_access';

/**
 * Requires a signed-in user: a Bearer token, or the dashboard's httpOnly SameSite=Strict cookie.
 * Cookie-authenticated state changes must also carry X-Requested-With (a header a cross-site
 * form cannot set), on top of SameSite, against CSRF.
 */
export function requireUser(
  deps: AppDeps,
  opts: { beforePasswordChange?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = tokenOf(c);
    if (!token) throw new PhishguardError('UNAUTHORIZED', 'Not authenticated');
    const user = await deps.auth.authenticate(token);
    // An account with a temporary password (the first-run administrator's) can only say who it
    // is and change that password until it has done so.
    if (user.must_change_password && !opts.beforePasswordChange)
      throw new PhishguardError(
        'PASSWORD_CHANGE_REQUIRED',
        `Choose a new password first: in the dashboard, POST /api/auth/password, or \`phishguard user passwd ${user.username}\``,
      );
    c.set('user', user);
    await next();
  };
}

/** Whether the request carries a valid administrator's session (false without one; never throws for that). */
export async function isAdministrator(deps: AppDeps, c: Context<AppEnv>): Promise<boolean> {
  const token = tokenOf(c);
  if (!token) return false;
  try {
    return (await deps.auth.authenticate(token)).is_admin;
  } catch {
    return false;
  }
}

function tokenOf(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('authorization');
  let token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
  if (!token) {
    token = getCookie(c, ACCESS_COOKIE);
    if (
      token &&
      !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method) &&
      c.req.header('x-requested-with') !== 'phishguard'
    )
      throw new PhishguardError(
        'FORBIDDEN',
        'Missing X-Requested-With header for a cookie-authenticated request',
      );
  }
  return token;
}

export function requireAdmin(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.get('user').is_admin) throw new PhishguardError('FORBIDDEN', 'Administrators only');
    await next();
  };
}
