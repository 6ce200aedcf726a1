import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { PhishguardError } from '../errors.js';
import { verifyPassword } from './accounts.js';
import { Hs256 } from './jwt.js';
import { ThrottledAudit } from './audit-throttle.js';
import { LoginLimiter, type AttemptLimiter } from './login-limiter.js';
import type { Store, UserRecord } from './ports.js';

export interface AuthSettings {
  secret: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
}

export interface PublicUser {
  id: number;
  username: string;
  email: string | null;
  name: string;
  is_admin: boolean;
  must_change_password: boolean;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: PublicUser;
}

export function publicUser(u: UserRecord): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    name: u.username,
    is_admin: u.is_admin,
    must_change_password: u.must_change_password,
  };
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export class AuthService {
  readonly #jwt: Hs256;
  /** Audit rows for events anyone can cause (refused sign-ins, Google callback hits), aggregated. */
  readonly anonymousAudit: ThrottledAudit;

  constructor(
    private readonly store: Store,
    private readonly settings: AuthSettings,
    private readonly limiter: AttemptLimiter = new LoginLimiter(),
  ) {
    this.#jwt = new Hs256(settings.secret);
    this.anonymousAudit = new ThrottledAudit(store.audit);
  }

  async login(username: string, password: string, address: string): Promise<TokenPair> {
    // Counted before the slow hash: concurrent guesses each take a slot or are refused.
    const attempt = await this.limiter.reserve(username, address);
    if (!attempt) {
      const known = await this.store.users.byUsername(username);
      await this.anonymousAudit.add({
        userId: known?.id ?? null,
        // What was typed is kept only when it names an account: people type passwords there.
        username: known ? username : null,
        action: 'auth.login',
        address,
        outcome: 'failure',
        detail: { reason: 'rate limited' },
      });
      throw new PhishguardError('RATE_LIMITED', 'Too many failed sign-in attempts. Try again in 15 minutes.');
    }
    const user = await this.store.users.byUsername(username);
    if (!(await verifyPassword(user, password)) || !user) {
      const entry = {
        userId: user?.id ?? null,
        username: user ? username : null,
        action: 'auth.login',
        address,
        outcome: 'failure' as const,
        ...(user ? {} : { detail: { reason: 'unknown account' } }),
      };
      // A wrong password for an account is always written; guesses at unknown names are aggregated.
      if (user) await this.store.audit.add(entry);
      else await this.anonymousAudit.add(entry);
      throw new PhishguardError('UNAUTHORIZED', 'Incorrect username or password');
    }
    await attempt.succeeded();
    await this.store.audit.add({ userId: user.id, username: user.username, action: 'auth.login', address });
    return this.issue(user, randomUUID());
  }

  async issue(user: UserRecord, familyId: string, rotateFrom?: number): Promise<TokenPair> {
    const refresh = randomBytes(32).toString('base64url');
    const next = {
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      expiresAt: new Date(Date.now() + this.settings.refreshTtlDays * 86_400_000).toISOString(),
    };
    if (rotateFrom !== undefined) await this.store.tokens.rotate(rotateFrom, next);
    else await this.store.tokens.create(next);
    return {
      access_token: await this.accessToken(user, familyId),
      refresh_token: refresh,
      token_type: 'bearer',
      expires_in: this.settings.accessTtlSeconds,
      user: publicUser(user),
    };
  }

  /** An access token bound to its sign-in (`sid`): it dies with it, at logout or a password change. */
  async accessToken(user: UserRecord, familyId: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return this.#jwt.sign({
      sub: String(user.id),
      sid: familyId,
      name: user.username,
      iat: now,
      exp: now + this.settings.accessTtlSeconds,
      jti: randomUUID(),
    });
  }

  /** Rotates a refresh token. A token that was already rotated means theft: its whole family is revoked. */
  async refresh(token: string, address: string): Promise<TokenPair> {
    const rec = await this.store.tokens.byHash(sha256(token));
    if (!rec) throw new PhishguardError('UNAUTHORIZED', 'Invalid refresh token');
    const user = await this.store.users.byId(rec.user_id);
    if (rec.revoked_at) {
      await this.store.tokens.revokeFamily(rec.family_id);
      await this.store.audit.add({
        userId: rec.user_id,
        username: user?.username ?? null,
        action: 'auth.refresh_reuse',
        address,
        outcome: 'failure',
        detail: { family: rec.family_id },
      });
      throw new PhishguardError(
        'UNAUTHORIZED',
        'Refresh token was already used; all sessions of this sign-in were revoked',
      );
    }
    if (Date.parse(rec.expires_at) < Date.now() || !user || user.disabled)
      throw new PhishguardError('UNAUTHORIZED', 'Refresh token expired');
    return this.issue(user, rec.family_id, rec.id);
  }

  async logout(token: string, address: string): Promise<void> {
    const rec = await this.store.tokens.byHash(sha256(token));
    if (!rec) return;
    await this.store.tokens.revokeFamily(rec.family_id);
    const user = await this.store.users.byId(rec.user_id);
    await this.store.audit.add({
      userId: rec.user_id,
      username: user?.username ?? null,
      action: 'auth.logout',
      address,
    });
  }

  /**
   * Checks a signed-in user's current password (before a change), under the same budgets as
   * sign-in: a stolen session must not be a way to guess the password without limit.
   */
  async checkCurrentPassword(user: UserRecord, password: string, address: string): Promise<boolean> {
    const attempt = await this.limiter.reserve(user.username, address);
    if (!attempt)
      throw new PhishguardError('RATE_LIMITED', 'Too many wrong passwords. Try again in 15 minutes.');
    if (!(await verifyPassword(user, password))) return false;
    await attempt.succeeded();
    return true;
  }

  /**
   * The signed-in user for an access token, or an UNAUTHORIZED error. Checked per request: the
   * account (deleted, disabled) and the sign-in the token belongs to (signed out, password
   * changed), so a token stops working the moment either ends, not when it expires.
   */
  async authenticate(token: string): Promise<UserRecord> {
    const payload = this.#jwt.verify(token);
    if (!payload || typeof payload.sid !== 'string')
      throw new PhishguardError('UNAUTHORIZED', 'Invalid or expired access token');
    const user = await this.store.users.bySession(Number(payload.sub), payload.sid);
    if (!user) throw new PhishguardError('UNAUTHORIZED', 'This session has ended: sign in again');
    if (user.disabled) throw new PhishguardError('UNAUTHORIZED', 'Invalid or expired access token');
    return user;
  }
}
