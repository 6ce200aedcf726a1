import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * HS256 access tokens (RFC 7519) on node:crypto with the key imported once. Web Crypto (what
 * hono/jwt uses) imports the key again on every verification, which was a seventh of the daemon's
 * time per authenticated request.
 */
export class Hs256 {
  readonly #key: KeyObject;

  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(payload: Record<string, unknown>): string {
    const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64(JSON.stringify(payload));
    return `${head}.${body}.${this.#mac(`${head}.${body}`).toString('base64url')}`;
  }

  /** The payload of a token signed with this key, unexpired; otherwise null. */
  verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, sig] = parts as [string, string, string];
    const header = parseJson(head);
    if (header?.alg !== 'HS256') return null;
    const given = Buffer.from(sig, 'base64url');
    const expected = this.#mac(`${head}.${body}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const payload = parseJson(body);
    if (!payload || typeof payload.exp !== 'number' || payload.exp <= nowSeconds) return null;
    if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds) return null;
    if (typeof payload.iat === 'number' && payload.iat > nowSeconds + 60) return null;
    return payload;
  }

  #mac(data: string): Buffer {
    return createHmac('sha256', this.#key).update(data).digest();
  }
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
