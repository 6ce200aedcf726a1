import type { AuditEntry, AuditRepo } from './ports.js';

const WINDOW_MS = 60_000;
const MAX_KEYS = 1_000;

/**
 * Audit rows for events anyone can cause without an account (hits on the Google callback,
 * refused sign-ins), aggregated: the first of a kind per minute and per address is written at
 * once, the rest are counted and written as one "repeated N times" row when the minute is over,
 * so a flood of requests cannot flood the log (or the disk).
 */
export class ThrottledAudit {
  readonly #open = new Map<string, { entry: AuditEntry; since: number; repeated: number }>();

  constructor(
    private readonly audit: AuditRepo,
    private readonly now: () => number = Date.now,
  ) {}

  async add(entry: AuditEntry): Promise<void> {
    const key = JSON.stringify([
      entry.action,
      entry.address ?? null,
      entry.outcome ?? null,
      entry.detail ?? {},
    ]);
    const t = this.now();
    await this.#expire(t);
    const open = this.#open.get(key);
    if (open) {
      open.repeated++;
      return;
    }
    this.#open.set(key, { entry, since: t, repeated: 0 });
    if (this.#open.size > MAX_KEYS) await this.#flushOldest();
    await this.audit.add(entry);
  }

  /** Writes the pending counts (at shutdown, or in tests). */
  async flush(): Promise<void> {
    for (const key of [...this.#open.keys()]) await this.#close(key);
  }

  async #expire(t: number): Promise<void> {
    const due = [...this.#open].filter(([, open]) => t - open.since >= WINDOW_MS);
    for (const [key] of due) await this.#close(key);
  }

  async #flushOldest(): Promise<void> {
    const first = this.#open.keys().next();
    if (!first.done) await this.#close(first.value);
  }

  async #close(key: string): Promise<void> {
    const open = this.#open.get(key);
    this.#open.delete(key);
    if (!open || open.repeated === 0) return;
    await this.audit.add({
      ...open.entry,
      detail: { ...open.entry.detail, repeated: open.repeated, since: new Date(open.since).toISOString() },
    });
  }
}
