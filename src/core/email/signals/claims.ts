import { brandNames, brandOwns, brandsIn, sameOrganisation } from '../../domains/brands.js';
import { registrableDomain, webLinkDomain } from '../../domains/registrable.js';
import { FREEMAIL } from '../../domains/freemail.js';
import { billToCall, hasPhoneNumber, subjectAndText } from '../call-to-action.js';
import type { EmailLink, Indicator, ParsedEmail } from '../types.js';
import { DECISIVE_WEIGHT } from '../score.js';
import { indicator, type Signal } from './context.js';
import { matchesOf } from '../../matches.js';
import { isPdf } from './pdf.js';
import { documentsRead, documentText } from './office.js';

/**
 * Who the message claims to speak for, outside the display name (sender.ts reads that): a
 * listed brand announced as the subject's speaker ("Coinbase: Was this you?", "CORREIOS - seu
 * pedido…", "Your Norton Invoice") and another site's domain written as the From address's
 * local part ("ssa.gov@mg.vitumob.com", so a mail client's short view shows "ssa.gov"). Both
 * are rules only: the corpus's phishing comes from one collection, so a learned weight would
 * also say "from that collection".
 */
export const claimSignals: Signal = ({ email, popular, senderDomain }) => {
  const out: Indicator[] = [];
  const from = email.from;
  if (!from || !senderDomain) return out;
  const fromLine = `From: "${from.name}" <${from.address}>`;

  const spoken = subjectSpeakers(email.subject).filter((b) => !brandOwns(b, senderDomain));
  if (spoken.length > 0) {
    // The brand's notice sending the reader to a site neither it nor the sender owns, or to a
    // phone number (the call-back scams' "Your Norton invoice … call to cancel").
    const away = linkAway(email.links, spoken, senderDomain);
    const call = !away && hasPhoneNumber(subjectAndText(email));
    out.push(
      indicator({
        id: 'sender.brand_subject',
        family: 'sender',
        severity: away || call ? 'high' : 'medium',
        weight: away || call ? 0.45 : 0.3,
        explanation: `The subject speaks as ${brandNames(spoken)}, but the message comes from ${senderDomain}, which that brand does not use${away ? `, and its link leads to ${away}` : call ? ', and it gives a phone number to call' : ''}.`,
        evidence: [`Subject: ${email.subject.slice(0, 160)}`, fromLine],
      }),
    );
  }

  // A brand's bill with a number to call, from a free mail address: the call-back scam, in the
  // message's text or, where such scams mostly put it now, in an attached PDF (rules 2.42.0).
  // Counted over the corpus, both views (2026-11-28): the text matches 28 honeypot phishing
  // messages (1 later-dated) and no legitimate or spam message; of the corpus's 156 PDFs (5
  // legitimate), 2 match, both later honeypot phishing (a Norton renewal and a McAfee order).
  // Written after reading those two among the later-dated misses.
  const bill = FREEMAIL.has(senderDomain) ? billToCallIn(email, senderDomain) : null;
  if (bill)
    out.push(
      indicator({
        id: 'content.callback_lure',
        family: 'content',
        severity: 'high',
        weight: DECISIVE_WEIGHT,
        explanation: `${bill.where} reads as a ${brandNames(bill.brands)} bill with a phone number to call, but comes from a free mail address at ${senderDomain}, which that brand does not send from: the make-up of a call-back scam, where the "support" line talks you into giving card details or remote access.`,
        evidence: [fromLine, bill.evidence],
      }),
    );

  // A copyright line's holder is who the mail says wrote it: "© 2025 UnitedHealthcare
  // Services, Inc." from loyaltyprogram.com, its links on trackinho.co.uk (rules 2.35.0). Only
  // a link away makes it a claim, so mail without links is not read for one.
  const holders =
    email.links.length > 0 ? copyrightHolders(email.text).filter((b) => !brandOwns(b, senderDomain)) : [];
  const awayFromHolder = holders.length > 0 ? linkAway(email.links, holders, senderDomain) : null;
  if (awayFromHolder) {
    out.push(
      indicator({
        id: 'sender.brand_copyright',
        family: 'sender',
        severity: 'high',
        weight: DECISIVE_WEIGHT,
        explanation: `The message signs as ${brandNames(holders)} (its copyright line), but comes from ${senderDomain}, which that brand does not use, and links to ${awayFromHolder}: the make-up of an impersonation.`,
        evidence: [fromLine, `link to ${awayFromHolder}`],
      }),
    );
  }

  const local = from.address.slice(0, from.address.lastIndexOf('@')).toLowerCase();
  const named = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(local) ? registrableDomain(local) : null;
  if (named && popular.isPopular(named, NAMED_DOMAIN_RANK) && !sameOrganisation(named, senderDomain)) {
    out.push(
      indicator({
        id: 'sender.domain_in_local_part',
        family: 'sender',
        severity: 'high',
        weight: 0.35,
        explanation: `The sender's address begins with ${named}, another site's domain, but the mail comes from ${senderDomain}: a mail client that shows only the start of the address shows ${named}.`,
        evidence: [fromLine],
      }),
    );
  }
  return out;
};

/** PDF and Office attachments of one message read for text (each costs up to tens of milliseconds). */
const DOCUMENTS_READ = 4;

/** The call-back bill in a message's text, else in one of its first PDF or Office attachments. */
function billToCallIn(
  email: ParsedEmail,
  senderDomain: string,
): { where: string; brands: string[]; evidence: string } | null {
  const inText = billToCall(email.text, senderDomain);
  if (inText.length > 0)
    return { where: 'Its text', brands: inText, evidence: `text: ${oneLine(email.text, 120)}` };
  for (const a of documentsRead(email.attachments).slice(0, DOCUMENTS_READ)) {
    const text = documentText(a);
    const brands = billToCall(text, senderDomain);
    const name = a.filename.trim();
    if (brands.length > 0)
      return {
        where: `The attached ${name || (isPdf(a) ? 'PDF' : 'document')}`,
        brands,
        evidence: `${name || '(no name)'}: ${oneLine(text, 160)}`,
      };
  }
  return null;
}

function oneLine(text: string, length: number): string {
  return text.slice(0, length).replace(/\s+/g, ' ');
}

/** The domain of the first web link that neither a spoken brand nor the sender owns. */
function linkAway(
  links: readonly EmailLink[],
  brands: readonly string[],
  senderDomain: string,
): string | null {
  for (const link of links.slice(0, 50)) {
    const domain = webLinkDomain(link.href);
    if (domain && !sameOrganisation(domain, senderDomain) && !brands.some((b) => brandOwns(b, domain)))
      return domain;
  }
  return null;
}

/**
 * A copyright line: the sign (or "(c)", or "Copyright") and a year, then the holder, up to the
 * end of its sentence; or the sign, the holder, then the year ("© UnitedHealthcare 2025").
 */
const COPYRIGHT_LINE =
  /(?:©|\(c\)|\bcopyright\b)\s*(?:©\s*)?(?:19|20)\d{2}(?:\s*[-–]\s*(?:19|20)\d{2})?\s*[,.]?\s*([^\n.|]{2,60})|©\s*([^\n\d.|]{2,40}?)\s*(?:19|20)\d{2}/giu;
/** COPYRIGHT_LINE's openings, in any case, as it reads them. */
const COPYRIGHT_OPENING = /©|\(c\)|copyright/i;
/** Where a holder's name ends: "All rights reserved" in the languages the rules read. */
const RIGHTS_RESERVED =
  /\s*[,-]?\s*(?:all rights|alle rechte|tous droits|todos los derechos|todos os direitos|alle rechten|tutti i diritti).*$/iu;

/**
 * The brands a copyright line names as the holder, alone or with a company's suffixes ("PayPal,
 * LLC, Inc.", "Trust Wallet"): a quoted article's "Copyright 2007 Worcester Telegram & Gazette"
 * is a newspaper's, not the messenger's. A holder is an organisation, so a brand that is also a
 * word ("Ledger SAS", "Apple Inc.") counts here, as it does not in a subject. The text's first
 * 20,000 characters are read.
 */
export function copyrightHolders(text: string): string[] {
  const head = text.slice(0, 20_000);
  // Where a copyright line can first start, found by one search for its openings: most mail has
  // none, and the full expression alone scanned every message's text (20 µs a message of the
  // dev corpus). One character before is kept for the expression's \b.
  const at = head.search(COPYRIGHT_OPENING);
  if (at < 0) return [];
  const found = new Set<string>();
  for (const m of matchesOf(COPYRIGHT_LINE, head.slice(Math.max(0, at - 1)))) {
    const holder = (m[1] ?? m[2] ?? '').replace(RIGHTS_RESERVED, '');
    addNamedAlone(holder, found, { skip: COMPANY_WORDS, allowCommonWords: true });
  }
  return [...found];
}

/**
 * How popular a domain must be for an address that begins with it ("paypal.com@mailer.example")
 * to be read as speaking for it: the top 20,000, the whole shipped list until rules 2.16.0.
 */
const NAMED_DOMAIN_RANK = 20_000;

/** Replies and forwards are the reader's own conversation: their subjects quote, not speak. */
const REPLY_OR_FORWARD = /^\s*(?:re|fwd?|aw|wg|sv|tr|rv|enc|doorst)\s*:/i;
/** "Brand: …", "BRAND - …", "Brand | …" or "[Brand] …": a short lead-in, then a separator. */
const LEAD_IN = /^\s*(?:\[([^\]]{2,40})\]|([^:|[\]]{2,40}?)\s*(?::|\s[-–—|]\s))/u;
/**
 * "Your Brand account", "Ihr McAfee-Schutz", "Votre Netflix abonnement": the brand as the owner of
 * the reader's thing, right after a possessive of the seven languages the rules read.
 */
const YOUR_BRAND =
  /(?<![\p{L}\p{N}])(?:your|ihre?|deine?|votre|vos|tu|su|sua|seu|uw|je|il tuo|la tua)\s+([\p{L}\p{N}&.'-]{2,30}(?:\s[\p{L}\p{N}&.'-]{2,20})?)/giu;

/** Double quotation marks and guillemets of the languages the rules read. */
const QUOTES = /["„“”«»‹›]/g;

/** Words an organisation puts after its name when it signs a notice ("PayPal Service", "Chase Online"). */
const SIGNATURE_WORDS = new Set(
  `service services support team security alert alerts notice notification notifications update message
id app online customer account accounts billing official help center centre care inc ltd llc corp
aviso alerta alertas hinweis mitteilung avis de do da brasil brazil us uk`.split(/\s+/),
);
/** A company's legal suffixes, besides SIGNATURE_WORDS', after a copyright holder's name. */
const COMPANY_WORDS = new Set(
  `corporation company co limited plc gmbh ag sa s a sas sarl bv nv ab as oy spa srl ltda group
and its affiliates the`.split(/\s+/),
);

/** Brands a subject announces as its speaker (never common words such as "apple" or "chase"). */
export function subjectSpeakers(raw: string): string[] {
  if (REPLY_OR_FORWARD.test(raw)) return [];
  // Quotation marks around a name do not change who speaks: "Ihr „McAfee“-Abonnement".
  const subject = raw.replace(QUOTES, '');
  const found = new Set<string>();
  const lead = LEAD_IN.exec(subject);
  const leadText = lead?.[1] ?? lead?.[2];
  if (leadText) addNamedAlone(leadText, found);
  // The brand is the first word or two after a possessive ("Ihr McAfee-Schutz", "your Wells
  // Fargo card"), named whole: "your weekly Microsoft news" is a newsletter's, not a claim.
  for (const m of matchesOf(YOUR_BRAND, subject)) {
    const words = m[1]?.split(/[\s-]+/) ?? [];
    for (let n = 1; n <= Math.min(2, words.length); n++) addNamedAlone(words.slice(0, n).join(' '), found);
  }
  return [...found];
}

/**
 * Adds the brands `text` is the name of, alone or with signature words (and `skip`'s):
 * "Microsoft buys X" is a headline, not Microsoft speaking. Brand keys are lower-case letters
 * and digits (brands.ts). Common-word brands ("apple", "ledger") only with `allowCommonWords`.
 */
function addNamedAlone(
  text: string,
  found: Set<string>,
  { skip, allowCommonWords = false }: { skip?: ReadonlySet<string>; allowCommonWords?: boolean } = {},
): void {
  const brands = brandsIn(text, { allowCommonWords });
  if (brands.length === 0) return;
  const rest = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !SIGNATURE_WORDS.has(w) && !skip?.has(w) && !/^\d+$/.test(w))
    .join('');
  for (const brand of brands) if (rest === brand) found.add(brand);
}
