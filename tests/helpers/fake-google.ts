import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMessage {
  id: string;
  raw: Buffer;
  internalDate: number;
  snippet: string;
}

/**
 * A local stand-in for Google's OAuth 2.0 endpoints (authorize, token, revoke, userinfo) and the
 * Gmail REST calls PhishGuard uses, speaking their wire formats so the real client libraries can
 * be pointed at it. Behaviour switches: consent denied, next call 429, refresh token expired.
 */
export class FakeGoogle {
  base = '';
  clientId = 'fake-client-id.apps.googleusercontent.com';
  clientSecret = 'fake-client-secret';
  /** The Google account that "signs in" next. */
  account: { email: string; name: string; emailVerified?: boolean; hd?: string } = {
    email: 'alice@example.org',
    name: 'Alice',
  };
  denyConsent = false;
  grantScopes: string | null = null;
  failNextGmailCalls: number[] = [];
  readonly messages: FakeMessage[] = [];
  readonly calls: string[] = [];
  readonly revoked = new Set<string>();
  readonly #codes = new Map<
    string,
    { challenge: string; redirectUri: string; scope: string; email: string }
  >();
  readonly #refresh = new Map<string, { email: string; scope: string }>();
  readonly #access = new Map<string, { email: string; expires: number }>();
  #server = createServer((req, res) => void this.#handle(req, res));

  async start(): Promise<this> {
    await new Promise<void>((r) => this.#server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.#server.close(() => r()));
  }

  /** PhishGuard's google config pointing at this fake. */
  config(redirectUri: string, extra: Record<string, unknown> = {}) {
    return {
      clientId: this.clientId,
      clientSecret: this.clientSecret,
      redirectUri,
      authUrl: `${this.base}/o/oauth2/v2/auth`,
      tokenUrl: `${this.base}/token`,
      revokeUrl: `${this.base}/revoke`,
      userinfoUrl: `${this.base}/v1/userinfo`,
      apiRoot: `${this.base}/`,
      allowedDomains: [],
      pubsubTopic: null,
      ...extra,
    };
  }

  /**
   * Revokes every grant issued so far, as when the user removes the app's access at Google:
   * refresh tokens answer invalid_grant and the access tokens derived from them stop working.
   */
  expireRefreshTokens(): void {
    for (const t of this.#refresh.keys()) this.revoked.add(t);
    this.#access.clear();
  }

  addMessage(raw: string | Buffer, at = Date.now()): FakeMessage {
    const m = {
      id: randomBytes(8).toString('hex'),
      raw: Buffer.from(raw),
      internalDate: at,
      snippet:
        Buffer.from(raw)
          .toString('utf8')
          .split(/\r?\n\r?\n/)[1]
          ?.slice(0, 100) ?? '',
    };
    this.messages.unshift(m); // newest first, as Gmail lists
    return m;
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base);
    const body = await new Promise<string>((r) => {
      let b = '';
      req.on('data', (d) => (b += d));
      req.on('end', () => r(b));
    });
    const form = new URLSearchParams(body);
    this.calls.push(`${req.method} ${url.pathname}`);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };

    if (url.pathname === '/o/oauth2/v2/auth') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const state = url.searchParams.get('state') ?? '';
      if (url.searchParams.get('client_id') !== this.clientId) return json(400, { error: 'invalid_client' });
      if (this.denyConsent) redirect.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(12).toString('hex');
        this.#codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: redirect.origin + redirect.pathname,
          scope: this.grantScopes ?? url.searchParams.get('scope') ?? '',
          email: this.account.email,
        });
        redirect.searchParams.set('code', code);
      }
      redirect.searchParams.set('state', state);
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
        return json(401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const c = this.#codes.get(form.get('code') ?? '');
        this.#codes.delete(form.get('code') ?? '');
        const challenge = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!c || c.challenge !== challenge || c.redirectUri !== form.get('redirect_uri'))
          return json(400, {
            error: 'invalid_grant',
            error_description: 'Bad code, verifier or redirect_uri',
          });
        const refresh = `1//${randomBytes(16).toString('hex')}`;
        this.#refresh.set(refresh, { email: c.email, scope: c.scope });
        return json(200, {
          access_token: this.#issueAccess(c.email),
          expires_in: 3599,
          refresh_token: refresh,
          scope: c.scope,
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        const t = form.get('refresh_token') ?? '';
        const r = this.#refresh.get(t);
        if (!r || this.revoked.has(t))
          return json(400, {
            error: 'invalid_grant',
            error_description: 'Token has been expired or revoked.',
          });
        return json(200, {
          access_token: this.#issueAccess(r.email),
          expires_in: 3599,
          scope: r.scope,
          token_type: 'Bearer',
        });
      }
      return json(400, { error: 'unsupported_grant_type' });
    }
    if (url.pathname === '/revoke') {
      const token = url.searchParams.get('token') ?? form.get('token') ?? '';
      this.revoked.add(token);
      return json(200, {});
    }
    const who = this.#access.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!who || who.expires < Date.now())
      return json(401, {
        error: {
          code: 401,
          message: 'Request had invalid authentication credentials.',
          status: 'UNAUTHENTICATED',
        },
      });
    if (url.pathname === '/v1/userinfo')
      return json(200, {
        sub: createHash('sha1').update(who.email).digest('hex'),
        email: who.email,
        email_verified: this.account.emailVerified ?? true,
        name: this.account.name,
        ...(this.account.hd ? { hd: this.account.hd } : {}),
      });

    if (url.pathname.startsWith('/gmail/v1/users/me')) {
      const fail = this.failNextGmailCalls.shift();
      if (fail)
        return json(
          fail,
          {
            error: {
              code: fail,
              message: 'Rate Limit Exceeded',
              errors: [
                { reason: 'rateLimitExceeded', domain: 'usageLimits', message: 'Rate Limit Exceeded' },
              ],
            },
          },
          { 'retry-after': '0' },
        );
      const path = url.pathname.slice('/gmail/v1/users/me'.length);
      if (path === '/profile')
        return json(200, {
          emailAddress: who.email,
          messagesTotal: this.messages.length,
          threadsTotal: this.messages.length,
          historyId: '1000',
        });
      if (path === '/messages' && req.method === 'GET') {
        const max = Math.min(500, Number(url.searchParams.get('maxResults') ?? 100));
        const start = Number(url.searchParams.get('pageToken') ?? 0);
        const q = url.searchParams.get('q') ?? '';
        const pool = q
          ? this.messages.filter((m) => m.raw.toString('utf8').toLowerCase().includes(q.toLowerCase()))
          : this.messages;
        const page = pool.slice(start, start + max);
        return json(200, {
          messages: page.map((m) => ({ id: m.id, threadId: m.id })),
          ...(start + max < pool.length ? { nextPageToken: String(start + max) } : {}),
          resultSizeEstimate: pool.length,
        });
      }
      const get = /^\/messages\/([0-9a-f]+)$/.exec(path);
      if (get && req.method === 'GET') {
        const m = this.messages.find((x) => x.id === get[1]);
        if (!m) return json(404, { error: { code: 404, message: 'Requested entity was not found.' } });
        if (url.searchParams.get('format') !== 'raw')
          return json(400, { error: { code: 400, message: 'expected format=raw' } });
        return json(200, {
          id: m.id,
          threadId: m.id,
          labelIds: ['INBOX'],
          snippet: m.snippet,
          internalDate: String(m.internalDate),
          sizeEstimate: m.raw.length,
          raw: m.raw.toString('base64url'),
        });
      }
      if (path === '/watch' && req.method === 'POST')
        return json(200, { historyId: '1000', expiration: String(Date.now() + 7 * 86_400_000) });
      if (path === '/stop' && req.method === 'POST') {
        res.writeHead(204);
        return res.end();
      }
      // Anything that would change mail is a test failure: PhishGuard is read-only.
      return json(405, { error: { code: 405, message: `fake refuses ${req.method} ${path}` } });
    }
    return json(404, { error: 'not found' });
  }

  #issueAccess(email: string): string {
    const t = `ya29.${randomBytes(16).toString('hex')}`;
    this.#access.set(t, { email, expires: Date.now() + 3_600_000 });
    return t;
  }
}
