/** How many of the most popular domains count as names a sender may call itself. */
const NAMED_BRANDS = 10_000;

/** Words senders put around their name ("Ledger Live Support Team"), and articles. */
const GENERIC_NAME_WORDS = new Set(
  `the my your our from via by of at for and inc ltd llc gmbh sa ag co corp official
support team security service services customer customers care help helpdesk desk center centre
notification notifications notify alert alerts info information news newsletter update updates
account accounts billing payment payments wallet app mail email e-mail noreply no reply donotreply
online live web store shop rewards member members club assistance admin administrator department
kundenservice kundendienst servicio atendimento equipe equipo suporte soporte klantenservice
message messages von nachricht mitteilung de du des mensaje mensagem van bericht
gutschein voucher gift card zustellung versand delivery`.split(/\s+/),
);

/**
 * Popular registrable domains (most popular first), loaded by an adapter from the shipped
 * data file and passed in: the core does no I/O.
 */
export class PopularDomains {
  readonly #rank = new Map<string, number>();
  /** Labels of the most popular domains, for lookalike checks, grouped by length. */
  readonly #labelsByLength = new Map<number, { label: string; domain: string }[]>();
  readonly #labelSet = new Map<string, string>();
  /** First labels of the top domains (5+ letters), to recognise a sender that calls itself one. */
  readonly #names = new Map<string, string>();

  constructor(domains: readonly string[], lookalikeTargets = 2000) {
    domains.forEach((d, i) => {
      if (!this.#rank.has(d)) this.#rank.set(d, i + 1);
    });
    for (const domain of domains.slice(0, NAMED_BRANDS)) {
      const label = domain.split('.')[0] ?? '';
      if (label.length >= 5 && /^[a-z0-9]+$/.test(label) && !this.#names.has(label))
        this.#names.set(label, domain);
    }
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

  /**
   * The popular domain whose name a display name is, once the words any sender adds are set
   * aside ("Ledger Live Support" is ledger.com; "My Starbucks" is starbucks.com), or null.
   */
  domainNamedBy(displayName: string): string | null {
    const words = displayName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .split(/[^a-z0-9&]+/)
      .filter((w) => w && !GENERIC_NAME_WORDS.has(w));
    if (words.length === 0 || words.length > 2) return null;
    const squashed = words.join('').replace(/&/g, 'and');
    return this.#names.get(squashed) ?? null;
  }

  domainForLabel(label: string): string | null {
    return this.#labelSet.get(label) ?? null;
  }

  get size(): number {
    return this.#rank.size;
  }
}
