/**
 * Each user's authenticated correspondents (display name → domains, and the domains), kept in
 * memory so an import of many messages does not list them again for each one. Loaded from the
 * database on first use and then kept current by the store itself as mail is stored; entries
 * older than a minute are reloaded, so mail stored by another process is seen within a minute.
 */
export class KnownSenders {
  readonly #users = new Map<number, Entry>();

  constructor(private readonly load: (userId: number) => { name: string | null; domain: string }[]) {}

  get(userId: number): KnownView {
    return this.cached(userId) ?? this.fill(userId, this.load(userId));
  }

  /** The user's entry while it is fresh (a store that loads asynchronously fills it itself). */
  cached(userId: number): KnownView | null {
    const entry = this.#users.get(userId);
    if (!entry || Date.now() - entry.at > 60_000) return null;
    // The same array each time (grown in place): no copy per message stored.
    return { names: entry.names, domains: entry.list };
  }

  /** Replaces the user's entry with these rows, as loaded from the database. */
  fill(userId: number, rows: { name: string | null; domain: string }[]): KnownView {
    const entry: Entry = { at: Date.now(), names: new Map(), domains: new Set(), list: [] };
    this.#users.set(userId, entry);
    for (const r of rows) this.#put(entry, r.name, r.domain);
    return { names: entry.names, domains: entry.list };
  }

  /** Called as mail is stored: an authenticated sender becomes known at once. */
  add(userId: number, name: string | null, domain: string | null): void {
    const entry = this.#users.get(userId);
    if (entry && domain) this.#put(entry, name, domain);
  }

  #put(entry: Entry, name: string | null, domain: string): void {
    if (!entry.domains.has(domain)) {
      entry.domains.add(domain);
      entry.list.push(domain);
    }
    if (!name) return;
    const list = entry.names.get(name) ?? [];
    if (!list.includes(domain)) entry.names.set(name, [...list, domain]);
  }
}

type KnownView = { names: ReadonlyMap<string, readonly string[]>; domains: readonly string[] };

interface Entry {
  at: number;
  names: Map<string, string[]>;
  domains: Set<string>;
  list: string[];
}
