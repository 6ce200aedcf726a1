import { PhishguardError } from '../errors.js';

/**
 * Limits server-side fetching (link analyses, screenshots) so one account cannot turn the
 * daemon into a crawler: per user, a number of analyses a minute and a few at a time; for
 * everyone, a few at a time. Over budget is a clear 429, never a queue that grows.
 */
/** Where link fetches are counted: this daemon (FetchBudget), or the shared database. */
export interface LinkFetchBudget {
  run<T>(userId: number, work: () => Promise<T>): Promise<T>;
}

export class FetchBudget implements LinkFetchBudget {
  readonly #starts = new Map<number, number[]>();
  readonly #running = new Map<number, number>();
  #global = 0;

  constructor(
    private readonly perUserPerMinute = 30,
    private readonly perUserConcurrent = 2,
    private readonly globalConcurrent = 6,
  ) {}

  async run<T>(userId: number, work: () => Promise<T>, now = Date.now()): Promise<T> {
    const recent = (this.#starts.get(userId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= this.perUserPerMinute)
      throw new PhishguardError(
        'RATE_LIMITED',
        `Link-analysis budget spent: at most ${this.perUserPerMinute} a minute per user. Try again shortly.`,
      );
    if ((this.#running.get(userId) ?? 0) >= this.perUserConcurrent)
      throw new PhishguardError(
        'RATE_LIMITED',
        `At most ${this.perUserConcurrent} link analyses at a time per user: wait for one to finish.`,
      );
    if (this.#global >= this.globalConcurrent)
      throw new PhishguardError('RATE_LIMITED', 'The daemon is busy analysing links: try again in a moment.');
    recent.push(now);
    this.#starts.set(userId, recent);
    this.#running.set(userId, (this.#running.get(userId) ?? 0) + 1);
    this.#global++;
    try {
      return await work();
    } finally {
      this.#global--;
      const left = (this.#running.get(userId) ?? 1) - 1;
      if (left > 0) this.#running.set(userId, left);
      else this.#running.delete(userId);
    }
  }
}
