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

const EMAIL_RE = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
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
  return text
    .replace(LIST_FOOTER, '\n')
    .replace(EMAIL_RE, ' emailaddr ')
    .replace(URL_RE, ' urladdr ')
    .toLowerCase();
}

const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Word tokens with digit runs folded to "0" (years and amounts must not become features). */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.replace(/\p{N}+/gu, '0').matchAll(WORD_RE)) {
    let w = m[0];
    if (w.length > 30) continue;
    const last = w.charCodeAt(w.length - 1);
    if (last === 39 || last === 45 || last === 0x2019) w = w.replace(/['’-]+$/, '');
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

export function extractFeatures(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  popular: PopularDomains,
): string[] {
  const feats: string[] = [];
  const subject = email.subject.replace(LIST_TAG, '');
  const subj = words(normaliseText(subject));
  for (const w of subj) feats.push(`s:${w}`);

  const body = words(normaliseText(email.text.slice(0, MODEL_TEXT_CHARS))).slice(0, MAX_TOKENS);
  for (let i = 0; i < body.length; i++) {
    feats.push(`b:${body[i]}`);
    if (i > 0) feats.push(`bb:${body[i - 1]}_${body[i]}`);
  }

  if (email.from) {
    for (const w of words(normaliseText(email.from.name))) feats.push(`n:${w}`);
    const host = email.from.address.slice(email.from.address.lastIndexOf('@') + 1);
    const info = hostInfo(host);
    if (info.publicSuffix) feats.push(`fs:${info.publicSuffix}`);
    feats.push(`fd:${domainClass(info.domain, popular)}`);
  } else feats.push('f:none');
  const senderDomain = email.from
    ? hostInfo(email.from.address.slice(email.from.address.lastIndexOf('@') + 1)).domain
    : null;

  const hosts = new Set<string>();
  for (const link of email.links.slice(0, 100)) {
    const url = safeUrl(link.href);
    if (!url || !/^https?:$/.test(url.protocol)) continue;
    const info = hostInfo(url.hostname);
    hosts.add(info.domain ?? url.hostname);
    if (info.publicSuffix) feats.push(`us:${info.publicSuffix}`);
    feats.push(`ld:${domainClass(info.domain, popular)}`);
    for (const w of words(url.pathname.replace(/[/_.=&?]+/g, ' '))) if (w.length >= 3) feats.push(`up:${w}`);
  }
  if (hosts.size === 0) feats.push('align:nolinks');
  else if (senderDomain) {
    const aligned = [...hosts].filter((h) => sameOrganisation(h, senderDomain)).length;
    feats.push(`align:${aligned === hosts.size ? 'all' : aligned > 0 ? 'some' : 'none'}`);
  }
  feats.push(`links:${bucket(email.links.length, [0, 1, 3, 10, 30])}`);
  feats.push(`hosts:${bucket(hosts.size, [0, 1, 2, 5])}`);
  feats.push(`len:${bucket(email.text.length, [0, 200, 1000, 5000, 20000])}`);
  // HTML vs plain text is deliberately not a feature: in the corpus it dates mail (old legit lists are plain text).
  if (email.html && email.text.length < 80) feats.push('fmt:html_little_text');
  for (const ind of indicators) if (isModelSignal(ind.id)) feats.push(`sig:${ind.id}`);
  return feats;
}

function bucket(n: number, edges: number[]): string {
  let b = 0;
  for (let i = 0; i < edges.length; i++) if (n > (edges[i] ?? 0)) b = i + 1;
  return String(b);
}

/** FNV-1a, 32-bit. */
export function hashFeature(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Unique hashed indices with the token that produced each (for explanations). */
export function vectorise(features: readonly string[], dims: number): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of features) {
    const idx = hashFeature(f) % dims;
    if (!out.has(idx)) out.set(idx, f);
  }
  return out;
}
