/**
 * Popular registrable domains (most popular first), loaded by an adapter from the shipped
 * data file and passed in: the core does no I/O.
 */
export class PopularDomains {
  readonly #rank = new Map<string, number>();
  /** Labels of the most popular domains, for lookalike checks, grouped by length. */
  readonly #labelsByLength = new Map<number, { label: string; domain: string }[]>();
  readonly #labelSet = new Map<string, string>();

  constructor(domains: readonly string[], lookalikeTargets = 2000) {
    domains.forEach((d, i) => {
      if (!this.#rank.has(d)) this.#rank.set(d, i + 1);
    });
    for (const domain of domains.slice(0, lookalikeTargets)) {
      const label = domain.split('.')[0] ?? '';
      if (label.length < 4 || this.#labelSet.has(label)) continue;
      this.#labelSet.set(label, domain);
      const bucket = this.#labelsByLength.get(label.length) ?? [];
      bucket.push({ label, domain });
      this.#labelsByLength.set(label.length, bucket);
    }
  }

  static fromText(text: string, lookalikeTargets?: number): PopularDomains {
    const list = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    return new PopularDomains(list, lookalikeTargets);
  }

  rank(domain: string): number | null {
    return this.#rank.get(domain) ?? null;
  }

  isPopular(domain: string, within = Infinity): boolean {
    const r = this.#rank.get(domain);
    return r !== undefined && r <= within;
  }

  /** Popular labels whose length is within `spread` of `length`. */
  labelsNear(length: number, spread: number): { label: string; domain: string }[] {
    const out: { label: string; domain: string }[] = [];
    for (let l = length - spread; l <= length + spread; l++) out.push(...(this.#labelsByLength.get(l) ?? []));
    return out;
  }

  domainForLabel(label: string): string | null {
    return this.#labelSet.get(label) ?? null;
  }

  get size(): number {
    return this.#rank.size;
  }
}
