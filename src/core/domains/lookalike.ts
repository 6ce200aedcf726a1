import { domainToUnicode } from 'node:url';
import { distance } from 'fastest-levenshtein';
import { skeleton, scriptsOf } from './confusables.js';
import { hostInfo } from './registrable.js';
import type { PopularDomains } from './popular.js';
import { BRANDS, brandOf } from './brands.js';

export interface LookalikeFinding {
  kind: 'edit-distance' | 'confusable' | 'mixed-script' | 'brand-in-label';
  domain: string;
  imitates: string | null;
  detail: string;
}

/**
 * Domains too popular to be a lookalike of anything (they are the originals): the whole shipped
 * list, the top 100,000 (20,000 until rules 2.16.0). WinRed, the fundraising platform at rank
 * 31,030, is one edit from wired.com; eskimo.com, cnsnews.com, pcloud.link and virgin.net, all
 * in the top 100,000, were read as imitations in 27 legitimate corpus messages, against 5
 * earlier phishing messages (and no later one) whose look-alike sits that high.
 */
const TRUST_RANK = 100_000;

/**
 * Findings by host name, per popular-domain list: a newsletter links to one host twenty times,
 * and a mailbox's mail comes from few senders. Bounded: cleared when full. Findings are frozen,
 * since callers share them.
 */
const MEMO_SIZE = 4096;
const memo = new WeakMap<PopularDomains, Map<string, Readonly<LookalikeFinding> | null>>();

/**
 * Looks for a registrable domain imitating a popular one: a small edit distance, the same
 * confusable skeleton, or punycode that mixes scripts. An ordinary IDN (one script) is fine.
 */
export function findLookalike(hostname: string, popular: PopularDomains): Readonly<LookalikeFinding> | null {
  let seen = memo.get(popular);
  if (!seen) memo.set(popular, (seen = new Map()));
  const known = seen.get(hostname);
  if (known !== undefined) return known;
  const found = lookalikeOf(hostname, popular);
  if (seen.size >= MEMO_SIZE) seen.clear();
  seen.set(hostname, found && Object.freeze(found));
  return found;
}

function lookalikeOf(hostname: string, popular: PopularDomains): LookalikeFinding | null {
  const info = hostInfo(hostname);
  if (!info.domain || !info.label || info.isIp) return null;
  const domain = info.domain;
  if (popular.isPopular(domain, TRUST_RANK)) return null;

  const unicodeHost = hostname.includes('xn--') ? domainToUnicode(hostname) : hostname;
  const unicodeLabel = info.label.includes('xn--') ? domainToUnicode(info.label) : info.label;
  if (unicodeHost !== hostname) {
    for (const part of unicodeHost.split('.')) {
      const scripts = scriptsOf(part);
      if (scripts.length > 1) {
        return {
          kind: 'mixed-script',
          domain,
          imitates: imitated(skeleton(unicodeLabel), popular),
          detail: `${hostname} decodes to ${unicodeHost}, mixing ${scripts.join(' and ')} letters`,
        };
      }
    }
  }

  const skel = skeleton(unicodeLabel);
  if (skel !== unicodeLabel) {
    const target = popular.domainForLabel(skel) ?? brandDomain(skel);
    if (target && target !== domain) {
      return { kind: 'confusable', domain, imitates: target, detail: `${domain} reads like ${target}` };
    }
  }

  for (const brand of Object.keys(BRANDS)) {
    if (
      brand.length >= 5 &&
      skel !== brand &&
      skel.includes(brand) &&
      !BRANDS[brand]?.some((d) => d === domain)
    ) {
      return {
        kind: 'brand-in-label',
        domain,
        imitates: BRANDS[brand]?.[0] ?? null,
        detail: `${domain} puts the ${brand} name inside an unrelated domain`,
      };
    }
  }

  const label = unicodeLabel;
  if (label.length >= 5) {
    const maxDist = label.length >= 9 ? 2 : 1;
    for (const cand of popular.labelsNear(label.length, maxDist)) {
      if (cand.label === label) continue;
      if (cand.label[0] !== label[0] && cand.label.at(-1) !== label.at(-1)) continue;
      const d = distance(label, cand.label);
      if (d > 0 && d <= maxDist && !sameWordFamily(label, cand.label)) {
        return {
          kind: 'edit-distance',
          domain,
          imitates: cand.domain,
          detail: `${domain} is ${d} edit(s) from ${cand.domain}`,
        };
      }
    }
  }
  return null;
}

function imitated(skel: string, popular: PopularDomains): string | null {
  return popular.domainForLabel(skel) ?? brandDomain(skel);
}

function brandDomain(label: string): string | null {
  return BRANDS[label]?.[0] ?? null;
}

/** Plural/suffix variants of dictionary words ("games" vs "game") are not imitation. */
function sameWordFamily(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.startsWith(short) && /^(s|es|ed|er|ing|ly|y)$/.test(long.slice(short.length));
}

/**
 * Whether a finding is an imitation in the message that carries it. A confusable, mixed-script
 * or brand-in-label domain is one by its making. One edit from a popular domain is, for a short
 * label, as often a word of its own (firma.pl is Polish for "company", one letter from
 * figma.com; sport.es, tabor.ru): it counts when the imitated site is a brand phishing
 * imitates (BRANDS) or the message names it ("DeepL" in a mail from peepl.be). Counted over the
 * corpus before rules 2.18.0: edit-distance findings in 55 legitimate messages (apnews, cnet,
 * deviantart, state.gov, redhat, wired …) against 118 phishing ones, most of them as accidental.
 */
export function imitatedHere(finding: LookalikeFinding, text: string): boolean {
  if (finding.kind !== 'edit-distance' || !finding.imitates) return true;
  if (brandOf(finding.imitates)) return true;
  const label = finding.imitates.split('.')[0] ?? '';
  return new RegExp(
    `(?<![\\p{L}\\p{N}])${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'iu',
  ).test(text);
}
