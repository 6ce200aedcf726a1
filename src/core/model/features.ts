import { hostInfo, safeUrl } from '../domains/registrable.js';
import type { Indicator, ParsedEmail } from '../email/types.js';
import type { PopularDomains } from '../domains/popular.js';
import { brandOwns, BRANDS } from '../domains/brands.js';
import { STOPWORDS } from './stopwords.js';

/**
 * Turns a message into the model's feature tokens. Only what the sender wrote is read:
 * subject, sender name and domain, visible text, link targets and the content signals.
 * Never delivery infrastructure or collection artefacts (Received, X-*, List-*, Message-ID,
 * recipients, Date, Authentication-Results): those describe where mail was collected, not
 * whether it is phishing (see docs/model.md).
 */
export const MODEL_TEXT_CHARS = 20_000;
const MAX_TOKENS = 3000;

/** Signals decided by delivery infrastructure stay out of the model. */
export function isModelSignal(id: string): boolean {
  return !id.startsWith('auth.') && id !== 'sender.return_path_mismatch' && id !== 'sender.reply_to_mismatch';
}

// The lookbehind makes a position inside a word fail at once instead of rescanning the word.
const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_RE = /\b(?:https?:\/\/|www\.)\S+/gi;
const LIST_FOOTER = /\n[_=-]{10,}\s*\n[^\n]*(?:mailing list|list info|unsubscribe)[\s\S]*$/i;
const LIST_TAG = /^\s*(?:(?:re|fwd?|aw|sv)\s*:\s*)*\[[^\]]{1,40}\]\s*/i;
/**
 * Words that name the corpora's collection points, or mailing-list plumbing (the legit corpus
 * is mostly list traffic, whose footers are stripped above): either way they say where a
 * message was collected, not whether it is phishing.
 */
const ARTEFACTS = new Set([
  'pot',
  'monkey',
  'jose',
  'unsubscribe',
  'subscribe',
  'unsubscribed',
  'mailing',
  'mailman',
  'listinfo',
  'digest',
  'list',
  'lists',
]);

export function normaliseText(text: string): string {
  let t = text.replace(LIST_FOOTER, '\n');
  if (t.includes('@')) t = t.replace(EMAIL_RE, ' emailaddr ');
  return t.replace(URL_RE, ' urladdr ').toLowerCase();
}

/** Everything that cannot be inside a word; a word is [\p{L}\p{N}][\p{L}\p{N}'’-]*. */
const NON_WORD_RE = /[^\p{L}\p{N}'’-]+/u;

const isJoiner = (c: number) => c === 39 || c === 45 || c === 0x2019;

/** Word tokens with digit runs folded to "0" (years and amounts must not become features). */
function words(text: string): string[] {
  const out: string[] = [];
  // Splitting allocates only the words (matchAll allocated a match object per word).
  for (let w of text.replace(/\p{N}+/gu, '0').split(NON_WORD_RE)) {
    if (w.length === 0) continue;
    if (isJoiner(w.charCodeAt(0))) {
      w = w.replace(/^['’-]+/, '');
      if (w.length === 0) continue;
    }
    if (w.length > 30) continue;
    if (isJoiner(w.charCodeAt(w.length - 1))) w = w.replace(/['’-]+$/, '');
    if (STOPWORDS.has(w) || ARTEFACTS.has(w)) continue;
    out.push(w);
  }
  return out;
}

const FREEMAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'aol.com',
  'icloud.com',
  'mail.ru',
  'yandex.ru',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'protonmail.com',
  'proton.me',
  'zoho.com',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'mail.com',
  'msn.com',
  'yahoo.com.br',
  'hotmail.co.uk',
  'yahoo.co.uk',
]);

function domainClass(domain: string | null, popular: PopularDomains): string {
  if (!domain) return 'none';
  if (FREEMAIL.has(domain)) return 'freemail';
  const rank = popular.rank(domain);
  if (rank === null) return 'unranked';
  return rank <= 1000 ? 'top1k' : rank <= 5000 ? 'top5k' : 'top20k';
}

/** Same organisation: the same registrable domain, or domains one brand uses together. */
function sameOrganisation(a: string, b: string): boolean {
  if (a === b) return true;
  return Object.keys(BRANDS).some((brand) => brandOwns(brand, a) && brandOwns(brand, b));
}

/** Receives each feature as parts; its text is `prefix + a`, or `prefix + a + '_' + b`. */
export interface FeatureSink {
  add(prefix: string, a: string, b?: string): void;
}

/** Emits the model's features of a message, in a fixed order (training and scoring share it). */
export function emitFeatures(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  popular: PopularDomains,
  feats: FeatureSink,
): void {
  const subject = email.subject.replace(LIST_TAG, '');
  const subj = words(normaliseText(subject));
  for (const w of subj) feats.add('s:', w);

  const body = words(normaliseText(email.text.slice(0, MODEL_TEXT_CHARS))).slice(0, MAX_TOKENS);
  for (let i = 0; i < body.length; i++) {
    const w = body[i] as string;
    feats.add('b:', w);
    if (i > 0) feats.add('bb:', body[i - 1] as string, w);
  }

  if (email.from) {
    for (const w of words(normaliseText(email.from.name))) feats.add('n:', w);
    const host = email.from.address.slice(email.from.address.lastIndexOf('@') + 1);
    const info = hostInfo(host);
    if (info.publicSuffix) feats.add('fs:', info.publicSuffix);
    feats.add('fd:', domainClass(info.domain, popular));
  } else feats.add('f:', 'none');
  const senderDomain = email.from
    ? hostInfo(email.from.address.slice(email.from.address.lastIndexOf('@') + 1)).domain
    : null;

  const hosts = new Set<string>();
  for (const link of email.links.slice(0, 100)) {
    const url = safeUrl(link.href);
    if (!url || !/^https?:$/.test(url.protocol)) continue;
    const info = hostInfo(url.hostname);
    hosts.add(info.domain ?? url.hostname);
    if (info.publicSuffix) feats.add('us:', info.publicSuffix);
    feats.add('ld:', domainClass(info.domain, popular));
    for (const w of words(url.pathname.replace(/[/_.=&?]+/g, ' '))) if (w.length >= 3) feats.add('up:', w);
  }
  if (hosts.size === 0) feats.add('align:', 'nolinks');
  else if (senderDomain) {
    const aligned = [...hosts].filter((h) => sameOrganisation(h, senderDomain)).length;
    feats.add('align:', aligned === hosts.size ? 'all' : aligned > 0 ? 'some' : 'none');
  }
  feats.add('links:', bucket(email.links.length, [0, 1, 3, 10, 30]));
  feats.add('hosts:', bucket(hosts.size, [0, 1, 2, 5]));
  feats.add('len:', bucket(email.text.length, [0, 200, 1000, 5000, 20000]));
  // HTML vs plain text is deliberately not a feature: in the corpus it dates mail (old legit lists are plain text).
  if (email.html && email.text.length < 80) feats.add('fmt:', 'html_little_text');
  for (const ind of indicators) if (isModelSignal(ind.id)) feats.add('sig:', ind.id);
}

function bucket(n: number, edges: number[]): string {
  let b = 0;
  for (let i = 0; i < edges.length; i++) if (n > (edges[i] ?? 0)) b = i + 1;
  return String(b);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** FNV-1a, 32-bit. */
export function hashFeature(s: string): number {
  return fnv(FNV_OFFSET, s) >>> 0;
}

/** The hash of a feature given as parts, without building its text: hashFeature(prefix + a [+ '_' + b]). */
export function hashParts(prefix: string, a: string, b?: string): number {
  let h = fnv(fnv(FNV_OFFSET, prefix), a);
  if (b !== undefined) h = fnv(Math.imul(h ^ 95, FNV_PRIME), b);
  return h >>> 0;
}

/**
 * Collects a message's unique hashed feature indices in first-seen order, keeping each one's
 * parts so an explanation can name it. Reusable: `reset()` starts the next message without
 * clearing the seen-table (a generation stamp per slot).
 */
export class FeatureHasher implements FeatureSink {
  indices = new Uint32Array(4096);
  count = 0;
  readonly #seen: Uint32Array;
  #generation = 1;
  readonly #prefix: string[] = [];
  readonly #a: string[] = [];
  readonly #b: (string | undefined)[] = [];

  constructor(readonly dims: number) {
    this.#seen = new Uint32Array(dims);
  }

  reset(): void {
    this.count = 0;
    if (++this.#generation === 0xffffffff) {
      this.#seen.fill(0);
      this.#generation = 1;
    }
  }

  add(prefix: string, a: string, b?: string): void {
    const idx = hashParts(prefix, a, b) % this.dims;
    if (this.#seen[idx] === this.#generation) return;
    this.#seen[idx] = this.#generation;
    if (this.count === this.indices.length) {
      const grown = new Uint32Array(this.indices.length * 2);
      grown.set(this.indices);
      this.indices = grown;
    }
    this.indices[this.count] = idx;
    this.#prefix[this.count] = prefix;
    this.#a[this.count] = a;
    this.#b[this.count] = b;
    this.count++;
  }

  /** The i-th feature's prefix ("b:", "bb:", "sig:", …). */
  prefix(i: number): string {
    return this.#prefix[i] ?? '';
  }

  /** The i-th feature's words, bigrams joined by a space. */
  words(i: number): string {
    const b = this.#b[i];
    return b === undefined ? (this.#a[i] ?? '') : `${this.#a[i] ?? ''} ${b}`;
  }
}
