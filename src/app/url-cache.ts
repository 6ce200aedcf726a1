import type { RedirectAnalysis } from '../core/url/types.js';

/** Where URL analyses are cached; the daemon backs this with its store. */
export interface UrlCache {
  get(key: string): Promise<RedirectAnalysis | null>;
  set(key: string, value: RedirectAnalysis, ttlMs: number): Promise<void>;
}

/** A small in-process cache with expiry, for the CLI and tests. */
export class MemoryUrlCache implements UrlCache {
  readonly #entries = new Map<string, { value: RedirectAnalysis; expires: number }>();
  constructor(private readonly maxEntries = 500) {}

  async get(key: string): Promise<RedirectAnalysis | null> {
    const e = this.#entries.get(key);
    if (!e) return null;
    if (e.expires < Date.now()) {
      this.#entries.delete(key);
      return null;
    }
    return e.value;
  }

  async set(key: string, value: RedirectAnalysis, ttlMs: number): Promise<void> {
    if (this.#entries.size >= this.maxEntries)
      this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { value, expires: Date.now() + ttlMs });
  }
}
