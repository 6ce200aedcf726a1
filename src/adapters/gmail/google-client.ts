import { gmail, type gmail_v1 } from '@googleapis/gmail';
import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../../config/schema.js';

/** gmail.readonly plus sign-in identity, nothing more: PhishGuard never sends, deletes or modifies mail. */
export const GMAIL_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'openid',
  'email',
  'profile',
] as const;
export const DEFAULT_USERINFO_URL = 'https://openidconnect.googleapis.com/v1/userinfo';

export type GoogleConfig = Config['google'];

export function googleConfigured(g: GoogleConfig): boolean {
  return !!(g.clientId && g.clientSecret && g.redirectUri);
}

/** An OAuth2 client; endpoint overrides exist only so tests can point it at a local fake. */
export function oauthClient(g: GoogleConfig, redirectUri = g.redirectUri): OAuth2Client {
  return new OAuth2Client({
    clientId: g.clientId ?? undefined,
    clientSecret: g.clientSecret ?? undefined,
    redirectUri: redirectUri ?? undefined,
    // A token revoked before its expiry answers 401: refresh then (and learn it was revoked).
    forceRefreshOnFailure: true,
    endpoints: {
      ...(g.authUrl ? { oauth2AuthBaseUrl: g.authUrl } : {}),
      ...(g.tokenUrl ? { oauth2TokenUrl: g.tokenUrl } : {}),
      ...(g.revokeUrl ? { oauth2RevokeUrl: g.revokeUrl } : {}),
    },
  });
}

export function gmailApi(g: GoogleConfig, auth: OAuth2Client): gmail_v1.Gmail {
  return gmail({ version: 'v1', auth, ...(g.apiRoot ? { rootUrl: g.apiRoot } : {}) });
}

/** The signed-in Google account's address. */
export async function fetchUserEmail(
  g: GoogleConfig,
  auth: OAuth2Client,
): Promise<{ email: string; name: string | null; emailVerified: boolean; hostedDomain: string | null }> {
  const res = await auth.request<{
    email?: string;
    name?: string;
    email_verified?: boolean | string;
    hd?: string;
  }>({
    url: g.userinfoUrl ?? DEFAULT_USERINFO_URL,
  });
  if (!res.data.email) throw new Error('Google did not return an e-mail address');
  return {
    email: res.data.email.toLowerCase(),
    name: res.data.name ?? null,
    emailVerified: res.data.email_verified === true || res.data.email_verified === 'true',
    hostedDomain: res.data.hd ? res.data.hd.toLowerCase() : null,
  };
}

/** Retries a Gmail call on 429 and rateLimitExceeded/userRateLimitExceeded, with exponential back-off. */
export async function withBackoff<T>(call: () => Promise<T>, attempts = 5, baseMs = 200): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await call();
    } catch (err) {
      const e = err as {
        status?: number;
        code?: number | string;
        errors?: { reason?: string }[];
        response?: { headers?: Record<string, string> };
      };
      const status = Number(e.status ?? e.code);
      const reason = e.errors?.[0]?.reason ?? '';
      const retryable =
        status === 429 ||
        (status === 403 && /rateLimitExceeded|userRateLimitExceeded/.test(reason)) ||
        status >= 500;
      if (!retryable || i >= attempts - 1) throw err;
      const retryAfter = Number(e.response?.headers?.['retry-after']);
      await new Promise((r) =>
        setTimeout(
          r,
          Number.isFinite(retryAfter) && retryAfter > 0
            ? Math.min(retryAfter * 1000, 10_000)
            : baseMs * 2 ** i,
        ),
      );
    }
  }
}
