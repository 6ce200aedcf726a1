/**
 * Failed-guess budgets in a sliding window. An attempt is counted when it starts, before the
 * slow password hash, so 40 guesses sent at once cannot all be checked; a success gives back
 * only its own reservation and the budgets of the account that signed in.
 *
 * - per account: 5 failures lock that account for the window (whoever guesses);
 * - per (account, address): the same 5, so one address cannot spend another's budget;
 * - per address: 20 failures across all accounts (local clients all share 127.0.0.1, so one
 *   person locking an account must not lock everyone), never reset by a success.
 */
/** Where sign-in attempts are counted: this process (LoginLimiter), or the shared database. */
export interface AttemptLimiter {
  reserve(
    account: string,
    address: string,
  ): { succeeded(): void | Promise<void> } | null | Promise<{ succeeded(): void | Promise<void> } | null>;
}

export class LoginLimiter implements AttemptLimiter {
  readonly #attempts = new Map<string, number[]>();

  constructor(
    private readonly perAccount = 5,
    private readonly perAddress = 20,
    private readonly windowMs = 15 * 60_000,
    /** Keys kept at most; the oldest are dropped first (expired ones always are). */
    private readonly maxKeys = 10_000,
  ) {}

  /**
   * Reserves one attempt for `account` from `address`. Returns a release function to call on
   * success, or null when a budget is spent (the attempt is then not counted again).
   */
  reserve(account: string, address: string, now = Date.now()): { succeeded(): void } | null {
    const keys = this.#keys(account, address);
    if (keys.some(([k, max]) => this.#count(k, now) >= max)) return null;
    for (const [k] of keys) this.#push(k, now);
    this.#prune(now);
    return {
      succeeded: () => {
        // The account's own budgets start again; the address keeps its count of failures,
        // less this attempt.
        this.#attempts.delete(keys[0][0]);
        this.#attempts.delete(keys[1][0]);
        this.#pop(keys[2][0], now);
      },
    };
  }

  /** Keys held (for tests of the bound). */
  get size(): number {
    return this.#attempts.size;
  }

  #keys(account: string, address: string): [[string, number], [string, number], [string, number]] {
    const a = account.toLowerCase();
    return [
      [`u:${a}`, this.perAccount],
      [`ua:${a}\u0000${address}`, this.perAccount],
      [`a:${address}`, this.perAddress],
    ];
  }

  #count(key: string, now: number): number {
    const times = this.#attempts.get(key);
    if (!times) return 0;
    const live = times.filter((t) => now - t < this.windowMs);
    if (live.length === 0) this.#attempts.delete(key);
    else if (live.length !== times.length) this.#attempts.set(key, live);
    return live.length;
  }

  #push(key: string, now: number): void {
    const times = this.#attempts.get(key) ?? [];
    times.push(now);
    // Re-inserted so the Map's order is least recently used first.
    this.#attempts.delete(key);
    this.#attempts.set(key, times);
  }

  #pop(key: string, now: number): void {
    const times = this.#attempts.get(key);
    if (!times) return;
    const i = times.lastIndexOf(now);
    times.splice(i >= 0 ? i : times.length - 1, 1);
    if (times.length === 0) this.#attempts.delete(key);
  }

  #prune(now: number): void {
    if (this.#attempts.size <= this.maxKeys) return;
    for (const [k, times] of this.#attempts)
      if (times.every((t) => now - t >= this.windowMs)) this.#attempts.delete(k);
    for (const k of this.#attempts.keys()) {
      if (this.#attempts.size <= this.maxKeys) break;
      this.#attempts.delete(k);
    }
  }
}
