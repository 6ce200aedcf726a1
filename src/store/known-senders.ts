/**
 * Each user's authenticated correspondents (display name → domains, and the domains), kept in
 * memory so an import of many messages does not list them again for each one. Loaded from the
 * database on first use and then kept current by the store itself as mail is stored; entries
 * older than a minute are reloaded, so mail stored by another process is seen within a minute.
 */
export class KnownSenders {
  readonly #users = new Map<number, Entry>();

  constructor(private readonly load: (userId: number) => { name: string | null; domain: string }[]) {}

  get(userId: number): { names: ReadonlyMap<string, readonly string[]>; domains: readonly string[] } {
    let entry = this.#users.get(userId);
    if (!entry || Date.now() - entry.at > 60_000) {
      entry = { at: Date.now(), names: new Map(), domains: new Set(), list: [] };
      this.#users.set(userId, entry);
      for (const r of this.load(userId)) this.#put(entry, r.name, r.domain);
    }
    // The same array each time (grown in place): no copy per message stored.
    return { names: entry.names, domains: entry.list };
  }

  /** Called as mail is stored: an authenticated sender becomes known at once. */
  add(userId: number, name: string | null, domain: string | null): void {
    const entry = this.#users.get(userId);
    if (entry && domain) this.#put(entry, name, domain);
  }

  #put(
    entry: { names: Map<string, string[]>; domains: Set<string> },
    name: string | null,
    domain: string,
  ): void {
    entry.domains.add(domain);
    if (!name) return;
    const list = entry.names.get(name) ?? [];
    if (!list.includes(domain)) entry.names.set(name, [...list, domain]);
  }
}

interface Entry {
  at: number;
  names: Map<string, string[]>;
  domains: Set<string>;
  list: string[];
}
