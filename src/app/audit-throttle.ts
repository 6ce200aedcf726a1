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

  add(entry: AuditEntry): void {
    const key = JSON.stringify([
      entry.action,
      entry.address ?? null,
      entry.outcome ?? null,
      entry.detail ?? {},
    ]);
    const t = this.now();
    this.#expire(t);
    const open = this.#open.get(key);
    if (open) {
      open.repeated++;
      return;
    }
    if (this.#open.size >= MAX_KEYS) this.#flushOldest();
    this.#open.set(key, { entry, since: t, repeated: 0 });
    this.audit.add(entry);
  }

  /** Writes the pending counts (at shutdown, or in tests). */
  flush(): void {
    for (const key of [...this.#open.keys()]) this.#close(key);
  }

  #expire(t: number): void {
    for (const [key, open] of this.#open) if (t - open.since >= WINDOW_MS) this.#close(key);
  }

  #flushOldest(): void {
    const first = this.#open.keys().next();
    if (!first.done) this.#close(first.value);
  }

  #close(key: string): void {
    const open = this.#open.get(key);
    this.#open.delete(key);
    if (!open || open.repeated === 0) return;
    this.audit.add({
      ...open.entry,
      detail: { ...open.entry.detail, repeated: open.repeated, since: new Date(open.since).toISOString() },
    });
  }
}
