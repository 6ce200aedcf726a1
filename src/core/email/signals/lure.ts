import { brandName, brandOf, brandsIn } from '../../domains/brands.js';
import { FREEMAIL } from '../../domains/freemail.js';
import { hostInfo } from '../../domains/registrable.js';
import { DECISIVE_WEIGHT } from '../score.js';
import type { Indicator } from '../types.js';
import { indicator } from './context.js';
import { NOT_ITS_DOMAIN } from './sender.js';

type Part = readonly [id: string, says: string];
const BARE_IP: Part = ['links.ip_host', 'links to a bare IP address instead of a named site'];
const BRAND_ELSEWHERE: Part = [
  'links.brand_on_unrelated_domain',
  "links to a brand's name on a domain that brand does not use",
];
const FORM_ELSEWHERE: Part = ['links.form_offsite', 'holds a form that sends what you type to another site'];
/** Links that hide where they go, each with what it says when it completes a lure. */
const DISGUISED: readonly Part[] = [
  BARE_IP,
  ['links.lookalike_domain', 'links to a domain made to look like a known one'],
  BRAND_ELSEWHERE,
  ['links.text_href_mismatch', 'shows one address as a link that leads to another'],
];
/** Pressure: a loss threatened, a deadline. */
const PRESSURE: readonly Part[] = [
  ['content.threat', 'threatens a loss if you do not act'],
  ['content.urgency', 'presses you to act at once'],
];

/** Requests: account details, money. */
const REQUESTS: readonly Part[] = [
  ['content.credential_request', 'asks you to sign in or confirm account details'],
  ['content.payment_request', 'asks for money or payment details'],
];
const SHORTENER: Part = ['links.shortener', 'hides a link behind a URL shortener'];
const BUCKET_PAGE: Part = ['links.bucket_page', 'links to a page in a cloud storage bucket'];
const FREE_HOSTING: Part = ['links.free_hosting', 'links to a page on a free site host'];
const FREE_HOST_ACCOUNT_PAGE: Part = [
  'links.free_host_account_page',
  'links to an account page on a free site host',
];
const RISKY_TLD: Part = ['links.risky_tld', 'links to a domain ending common in abuse'];
const PRIZE: Part = ['content.prize', 'promises you a prize or reward'];
const DISGUISED_WORDS: Part = [
  'content.obfuscated_text',
  'disguises its words with look-alike or invisible characters',
];

/** What completes an impersonation: a request, pressure, or a link that hides where it goes. */
const WANTS_OR_HIDES: readonly Part[] = [
  ...REQUESTS,
  ...PRESSURE,
  ...DISGUISED,
  SHORTENER,
  BUCKET_PAGE,
  FREE_HOSTING,
  FREE_HOST_ACCOUNT_PAGE,
  RISKY_TLD,
];

/**
 * What completes a false speaker in the From name (rules 2.26.0), though none asks for anything:
 * a brand's own mail knows the reader's name, spells its words plainly, writes from the brand's
 * domain rather than a Microsoft 365 tenant's default one, and has no need of a trademark sign in
 * its From line; a prize "from" a brand on another domain is the reward lure. Each pair was counted
 * over the whole corpus, both views (2026-11-27): no legitimate or spam message of either;
 * phishing (Nazario / earlier honeypot / later honeypot) greeting 12 / 109 / 16, disguised words
 * 0 / 107 / 7, prize 2 / 20 / 1, tenant domain 0 / 14 / 4, trademark sign 0 / 38 / 45. A brand
 * named only in the subject is left to WANTS_OR_HIDES: newsletters write about brands there.
 */
const IMPOSTOR_WAYS: readonly Part[] = [
  ['content.generic_greeting', 'greets you generically, not by the name the brand would know'],
  DISGUISED_WORDS,
  PRIZE,
  ['sender.tenant_default_domain', "writes from a Microsoft 365 tenant's default domain"],
  ['sender.trademark_name', 'carries a trademark sign in the sender’s name'],
];

/**
 * What completes a throwaway sender address (rules 2.27.0): a request, pressure, a prize, words
 * disguised to pass filters, a link that hides where it goes. Either address alone is in some
 * real mail (a small firm that never set up its own domain, a shop under uk.com), so each is a
 * signal of 0.4, not decisive; with one of these it is a lure. Pairs counted over the whole
 * corpus, both views (2026-11-27), in phishing only (no legitimate or spam message); as full
 * mail, tenant domain with urgency 18, a prize 19, disguised words 18, a hidden shortener 29, a
 * payment request 6; pseudo-country domain with a hidden shortener 111, a payment request 32,
 * urgency 18, disguised words 12, a credential request 14, a prize 8.
 */
const THROWAWAY_WANTS: readonly Part[] = [
  ...REQUESTS,
  ...PRESSURE,
  PRIZE,
  DISGUISED_WORDS,
  SHORTENER,
  RISKY_TLD,
];

/** Each lure's id, and what its pair of signals makes, as its explanation ends. */
const MAKE_UP = {
  'content.credential_lure': 'credential phishing',
  'sender.impersonation_lure': 'an impersonation',
  'sender.throwaway_lure': 'a lure sent from a throwaway address',
} as const;
type LureId = keyof typeof MAKE_UP;

/**
 * What a message asks for and how, and what completes the lure with it, in the order they are
 * named. Each part is a signal of its own, common alone in real mail ("confirm your account",
 * "expires in 24 hours", a newsletter's tracked links); the pairs are what phishing has sent for
 * twenty years. The model weighs each part, but a model trained on one collection's phishing
 * reads another collection's words as ordinary and pulls the parts down with them, so the pairs
 * score as rules (features.ts), each decisive (DECISIVE_WEIGHT): a pair alone makes a message 50.
 * Which pairs: every pair of existing signals was counted over the whole corpus (full messages,
 * 2026-11-26); each pair kept matches at most one legitimate message of 23,951.
 */
const LURES: readonly {
  id: LureId;
  family: Indicator['family'];
  lead: string;
  /** What the lead signal says, as the explanation's opening clause. */
  does: string;
  /** How the explanation goes on to the partner: "it" when `does` already spoke of the message. */
  then: 'it' | 'the message';
  partners: readonly Part[];
}[] = [
  // 2 legitimate messages (a list post about forged whitelists, an article quoting an eBay
  // lure); 776 of 1,307 Nazario, 66 earlier and 14 later honeypot phishing; 38 spam (TREC's
  // PayPal, eBay and Bank of America lures, labelled spam there).
  // Since rules 2.29.0 also a form that posts what is typed elsewhere, or script code (copied
  // from the login page it imitates): counted over the corpus, both views (2026-11-27), no
  // legitimate message; form 16 Nazario and 1 spam, script 54 Nazario, 5 earlier and 5 later
  // honeypot, 1 spam. Written after reading the Nazario-left-out model's misses.
  {
    id: 'content.credential_lure',
    family: 'content',
    lead: 'content.credential_request',
    does: 'The message asks you to sign in or confirm account details',
    then: 'it',
    partners: [
      ...DISGUISED,
      ...PRESSURE,
      FORM_ELSEWHERE,
      ['content.script', 'carries script code, which mail never needs'],
      // Since rules 2.76.0 a page anyone can publish: no legitimate or spam message of the
      // corpus links to a free host or a bucket page at all (2026-12-06, both views; 528
      // phishing messages do, the 40 of them with a request already flagged), and a service's
      // account mail links to its own site.
      FREE_HOST_ACCOUNT_PAGE,
      FREE_HOSTING,
      BUCKET_PAGE,
    ],
  },
  // A threat with a tracked or mismatched link, or a deadline, is every shop's "last chance"
  // (Slashdot digests and news alerts match): only a bare IP address completes it.
  {
    id: 'content.credential_lure',
    family: 'content',
    lead: 'content.threat',
    does: 'The message threatens your account',
    then: 'it',
    partners: [BARE_IP],
  },
  // The sender calls itself a brand it does not write from, and wants something or hides its
  // links: no legitimate message, 667 earlier and 148 later honeypot phishing, 23 Nazario, 2 spam.
  // (A popular site's name or a look-alike sender domain instead of a listed brand matched feed
  // relays and list posts, 19 legitimate messages: not kept.) Or it speaks the way only an
  // impostor of a brand does (rules 2.26.0): see IMPOSTOR_WAYS.
  {
    id: 'sender.impersonation_lure',
    family: 'sender',
    lead: 'sender.brand_display_name',
    does: 'The sender calls itself by a brand it does not write from',
    then: 'the message',
    partners: [...WANTS_OR_HIDES, ...IMPOSTOR_WAYS],
  },
  // A throwaway sender address, a cloud tenant's default domain or a privately sold look-alike
  // of a country's domain (rules 2.27.0), that wants something, presses or hides: counted over
  // the corpus, both views (2026-11-27), no legitimate or spam message; see THROWAWAY_WANTS.
  {
    id: 'sender.throwaway_lure',
    family: 'sender',
    lead: 'sender.tenant_default_domain',
    does: 'The sender writes from a cloud tenant’s default domain, where throwaway trial accounts send from',
    then: 'the message',
    partners: THROWAWAY_WANTS,
  },
  {
    id: 'sender.throwaway_lure',
    family: 'sender',
    lead: 'sender.pseudo_country_domain',
    does: 'The sender writes from a privately sold domain made to look like a country’s',
    then: 'the message',
    partners: THROWAWAY_WANTS,
  },
  // The same false speaker in the subject ("CORREIOS - your parcel will be returned" from
  // wiroos.host; rules 2.12.1): no legitimate message, 52 earlier and 54 later honeypot, 9 Nazario.
  {
    id: 'sender.impersonation_lure',
    family: 'sender',
    lead: 'sender.brand_subject',
    does: 'The subject speaks as a brand the sender does not write from',
    then: 'the message',
    partners: WANTS_OR_HIDES,
  },
];

/**
 * The lures the other signals add up to (at most one of each id), read after them.
 * `senderDomain`: the From address's registrable domain; `linkDomains`: its web links' domains.
 */
export function lureSignals(
  indicators: readonly Indicator[],
  senderDomain: string | null,
  linkDomains: readonly string[] = [],
): Indicator[] {
  const byId = (id: string) => indicators.find((i) => i.id === id);
  const out: Indicator[] = [];
  for (const lure of LURES) {
    if (out.some((i) => i.id === lure.id)) continue;
    const lead = byId(lure.lead);
    if (!lead) continue;
    for (const [id, says] of lure.partners) {
      const part = byId(id);
      if (!part) continue;
      out.push(
        indicator({
          id: lure.id,
          family: lure.family,
          severity: 'high',
          weight: DECISIVE_WEIGHT,
          explanation: `${brandClaim(lead) ?? lure.does}, and ${lure.then} ${says}: the make-up of ${MAKE_UP[lure.id]}.`,
          evidence: [lead.evidence[0], part.evidence[0]].filter((e): e is string => e !== undefined),
        }),
      );
      break;
    }
  }
  const offBrand = offBrandLinks(byId('sender.brand_display_name'), linkDomains);
  if (offBrand && !out.some((i) => i.id === offBrand.id)) out.push(offBrand);
  const forged = forgedBrand(senderDomain, indicators, linkDomains);
  if (forged) out.push(forged);
  return out;
}

/**
 * Signs whose explanation is the same sentence in every message ("The message asks you to sign
 * in, verify or confirm account details through a link."): a lure made of one says all of it.
 * Signs that name something of their own (a brand and the domain it writes from, the address a
 * link shows and the one it opens, a trademark sign) are not here.
 */
const SAID_IN_GENERAL: ReadonlySet<string> = new Set([
  'content.credential_request',
  'content.payment_request',
  'content.threat',
  'content.urgency',
  'content.prize',
  'content.obfuscated_text',
  'content.generic_greeting',
  'content.script',
  'links.form_offsite',
  'links.ip_host',
]);

/**
 * "The sender calls itself Microsoft but writes from e1670imnoq.com": what a brand in the From
 * name says, named as a lure made of it opens ("The sender calls itself by a brand it does not
 * write from" said neither the brand nor the domain). Null for any other sign.
 */
function brandClaim(lead: Indicator): string | null {
  if (lead.id !== 'sender.brand_display_name' || !lead.explanation.endsWith(NOT_ITS_DOMAIN)) return null;
  return lead.explanation.slice(0, -NOT_ITS_DOMAIN.length);
}

/**
 * The signs a lure indicator restates without adding to them: its lead and the partner it named,
 * where each is one of SAID_IN_GENERAL, and the brand in the From name whose claim it opens with
 * (brandClaim). A summary that names the lure need not name them too ("…asks you to sign in or
 * confirm account details, and it presses you to act at once: the make-up of credential
 * phishing; the message asks you to sign in, verify or confirm account details through a link;
 * the message pushes you to act fast" said two things three times). Read back from the
 * explanation lureSignals wrote, so it holds for any lure and no other sign.
 */
export function restatedBy(lure: Indicator, indicators: readonly Indicator[]): string[] {
  if (!Object.hasOwn(MAKE_UP, lure.id)) return [];
  const out: string[] = [];
  const claim = indicators.find((i) => i.id === 'sender.brand_display_name');
  const claimed = claim && brandClaim(claim);
  if (claimed && lure.id === 'sender.impersonation_lure' && lure.explanation.startsWith(`${claimed}, and `))
    out.push('sender.brand_display_name');
  for (const l of LURES) {
    if (l.id !== lure.id) continue;
    const part = l.partners.find(([, says]) => lure.explanation.includes(`, and ${l.then} ${says}: `));
    if (!part) continue;
    if (lure.explanation.startsWith(`${l.does}, and `) && SAID_IN_GENERAL.has(l.lead)) out.push(l.lead);
    if (SAID_IN_GENERAL.has(part[0])) out.push(part[0]);
  }
  return out;
}

/** A lure of the sender family: high severity, decisive by itself (see LURES). */
function decisive(id: string, explanation: string, evidence: (string | undefined)[]): Indicator {
  return indicator({
    id,
    family: 'sender',
    severity: 'high',
    weight: DECISIVE_WEIGHT,
    explanation,
    evidence: evidence.filter((e): e is string => e !== undefined),
  });
}

/**
 * A sender that calls itself a brand it does not write from, and links to a site that is no
 * brand's: whatever the link is for, it takes the reader off the brand it claims ("Ledger Live"
 * from info.ncwu.edu, its "Open Ledger Live" button on ncwu.edu, scored 9 as full mail since the
 * model reads a compromised site's links to itself as ordinary). Counted over the corpus (rules
 * 2.18.0, messages the impersonation lure above did not already take): 49 later and 186 earlier
 * phishing messages as full mail (5 and 49 pasted), 2 legitimate and 5 spam. Neither legitimate
 * message is taken since: a list post whose rewritten sender name holds a gmail.com address
 * (rules 2.19.1 read it as the poster's) and "Scott Norton", a person (rules 2.20.0 read a
 * brand that is a common surname as his).
 */
function offBrandLinks(claim: Indicator | undefined, linkDomains: readonly string[]): Indicator | null {
  if (!claim) return null;
  const elsewhere = linkDomains.find((d) => !brandOf(d));
  if (!elsewhere) return null;
  return decisive(
    'sender.impersonation_lure',
    `${brandClaim(claim) ?? 'The sender calls itself by a brand it does not write from'}, and the message links to ${elsewhere}, not to a site of that brand: the make-up of ${MAKE_UP['sender.impersonation_lure']}.`,
    [claim.evidence[0], `link to ${elsewhere}`],
  );
}

/**
 * A brand's own address in the From line and a link that no brand's own mail sends: to a bare IP
 * address, to the same brand's name on a domain it does not use ("paypal.account-login.example"),
 * or a form that posts what is typed into it elsewhere.
 * A brand links to its own sites, and a forged From line does not move the link. Free-mail
 * domains are no brand's voice here (anyone writes from gmail.com). Counted over the corpus (full
 * messages): no legitimate message. A bare IP address (2026-11-26): 420 of 1,307 Nazario, 10
 * earlier and 1 later honeypot, 5 spam (office.com and PayPal forgeries); Nazario left out of
 * training, +71 of its messages caught. A brand's name elsewhere (rules 2.29.0, 2026-11-27,
 * written after reading the lures the Nazario-left-out model let through, such as eBay's
 * "Verify Accounts" from security@ebay.com, scored 1): 215 Nazario, 5 earlier honeypot, 28 spam
 * (TREC's PayPal and Bank of America lures, labelled spam there). A form posting elsewhere (the
 * same day): 32 Nazario, 1 spam.
 */
function forgedBrand(
  senderDomain: string | null,
  indicators: readonly Indicator[],
  linkDomains: readonly string[],
): Indicator | null {
  if (!senderDomain || FREEMAIL.has(senderDomain)) return null;
  const brand = brandOf(senderDomain);
  if (!brand) return null;
  const name = brandName(brand);
  // A link to a local network's address raises no links.ip_host (nobody outside serves a page
  // there), yet it is no site of the brand's either: PayPal's "Confirmation" lures of 2004
  // linked 10.4.1.12 under a PayPal From line.
  const ipLink = linkDomains.find((d) => hostInfo(d).isIp);
  for (const [id, says] of [BARE_IP, BRAND_ELSEWHERE, FORM_ELSEWHERE]) {
    // Only the sender's own brand named elsewhere: a link naming another brand says nothing
    // about this From line.
    const link = indicators.find(
      (i) =>
        i.id === id &&
        (id !== BRAND_ELSEWHERE[0] ||
          brandsIn(i.evidence[0] ?? '', { allowCommonWords: false }).includes(brand)),
    );
    const evidence = link?.evidence[0] ?? (id === BARE_IP[0] && ipLink ? `Link host: ${ipLink}` : undefined);
    if (evidence === undefined) continue;
    const yet = id === BRAND_ELSEWHERE[0] ? `links to ${name}'s name on a domain ${name} does not use` : says;
    return decisive(
      'sender.forged_brand',
      `The message writes from ${senderDomain}, a domain of the brand ${name}, yet ${yet}: a brand links to its own sites, so the From line is likely forged.`,
      [`From domain: ${senderDomain}`, evidence],
    );
  }
  return null;
}
