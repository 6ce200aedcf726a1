import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';
import { guardedLookup, type GuardOptions } from './ssrf-guard.js';

export interface Profile {
  name: string;
  userAgent: string;
  referer: string | null;
}

export const PROFILES: Record<'browser' | 'crawler', Profile> = {
  browser: {
    name: 'desktop-browser',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    referer: 'https://mail.google.com/',
  },
  crawler: {
    name: 'crawler',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    referer: null,
  },
};

export const MAX_BODY_BYTES = 1024 * 1024;

export interface HopResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  truncated: boolean;
  sha256: string;
  ip: string | null;
  ms: number;
}

/** One HTTP client per analysis: connections go through the SSRF guard, and record their address. */
export class GuardedHttp {
  readonly #agent: Agent;
  readonly #resolved = new Map<string, string>();

  constructor(opts: GuardOptions & { ca?: string[] }) {
    this.#agent = new Agent({
      connect: {
        lookup: guardedLookup(opts, (host, address) => this.#resolved.set(host, address)) as never,
        rejectUnauthorized: false, // TLS is judged by the probe; a bad certificate must not hide the page
        ...(opts.ca ? { ca: opts.ca } : {}),
      },
    });
  }

  /** GET without following redirects; reads the body up to MAX_BODY_BYTES. */
  async get(url: URL, profile: Profile, signal: AbortSignal): Promise<HopResponse> {
    const start = performance.now();
    const headers: Record<string, string> = {
      'user-agent': profile.userAgent,
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
      'accept-language': 'en-US,en;q=0.9',
    };
    if (profile.referer) headers.referer = profile.referer;
    const res = await request(url, {
      method: 'GET',
      headers,
      dispatcher: this.#agent,
      signal,
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    const hash = createHash('sha256');
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      const room = MAX_BODY_BYTES - size;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(part);
      hash.update(part);
      size += part.length;
      if (size >= MAX_BODY_BYTES) {
        truncated = true;
        res.body.destroy();
        break;
      }
    }
    const flat: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers))
      if (v !== undefined) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return {
      status: res.statusCode,
      headers: flat,
      body: Buffer.concat(chunks),
      truncated,
      sha256: hash.digest('hex'),
      ip: this.#resolved.get(url.hostname) ?? (/^[\d.]+$|:/.test(host) ? host : null),
      ms: Math.round(performance.now() - start),
    };
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }
}
