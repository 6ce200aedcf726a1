import { hostInfo, safeUrl } from '../domains/registrable.js';
import { asRead } from '../email/as-read.js';
import { LIST_TAG } from '../email/list-tag.js';
import type { Indicator, ParsedEmail } from '../email/types.js';
import { brandOwns, brandsNamedBy, sameOrganisation } from '../domains/brands.js';
import { bodyWords } from './body-words.js';
import { featureKey, KeySet, PLACEHOLDERS, type FeatureSink } from './feature-keys.js';
import { STOPWORDS } from './stopwords.js';
import { wordTokens } from './words.js';

/**
 * Turns a message into the model's feature tokens. Only what the sender wrote is read:
 * subject, sender name and domain, visible text, link targets and the content signals.
 * Never delivery infrastructure or collection artefacts (Received, X-*, List-*, Message-ID,
 * recipients, Date, Authentication-Results): those describe where mail was collected, not
 * whether it is phishing (see docs/model.md).
 */
export const MODEL_TEXT_CHARS = 20_000;
const MAX_TOKENS = 3000;

/** Signals decided by delivery infrastructure, and the rule-only ones below, stay out of the model. */
export function isModelSignal(id: string): boolean {
  return !id.startsWith('auth.') && !RULE_ONLY.has(id);
}

/**
 * Signals that score as rules only. Disguised words (mathematical letters, invisible characters)
 * occur in one phishing collection of the corpus (phishing-pot; the 2004-2005 one predates the
 * trick), so a learned weight would also say "from that collection": `npm run train` refuses it.
 * Names broken up with stray letters and codes are one collection's campaigns too. A popular
 * site's name on another domain is also what feed relays and mailing services write (the
 * legitimate corpus has one such relay), so a learned weight would mean "not that relay".
 * A From address that cannot be real, a cloud tenant's default domain and a pseudo-country
 * domain (lidl.it.com) occur in phishing-pot alone, too, as do French training-fund (CPF)
 * pitches and trademark signs in sender names. Image-only mail is one collection's campaigns and
 * the other's spam. Webmail lures are nearly absent from the corpus, and its phishing recipients
 * are anonymised (so a sender naming the recipient's domain cannot be learned): both are rules,
 * as is a message vouching for itself as from a trusted sender (the honeypot's alone).
 * So are a subject or a copyright line speaking as a brand the sender does not use, and another
 * site's domain as the From address's local part (claims.ts): each is one phishing collection's
 * habit in the corpus, as are a sign-up notice whose account name carries a lure
 * (registration.ts), a link to a page in a cloud storage bucket, and a PDF attachment linking
 * away from the sender's site.
 */
const RULE_ONLY = new Set([
  // Added after the model has read the message: the attached message's own analysis, the
  // message read with its attached document's words (analyze.ts), and the reading of a meeting
  // invitation (invitation.ts) and of a secure message's notice (secure-notice.ts).
  'attachments.attached_message',
  'attachments.document_message',
  'content.meeting_invitation',
  'content.secure_message_notice',
  // A one-time code, or a notice of a new sign-in, that asks for nothing else (code-notice.ts,
  // sign-in-notice.ts).
  'content.one_time_code',
  'content.sign_in_notice',
  // A service's own request to confirm an account on its own site (own-site.ts), info only.
  'content.own_site_confirmation',
  // An account page on a free site host (links.ts): decisive by itself, as free hosting is rule only.
  'links.free_host_account_page',
  'sender.return_path_mismatch',
  'sender.reply_to_mismatch',
  'content.obfuscated_text',
  'sender.obfuscated_name',
  'sender.site_name_elsewhere',
  'sender.malformed_address',
  'sender.tenant_default_domain',
  'sender.pseudo_country_domain',
  'content.training_fund_solicitation',
  'content.image_only',
  'sender.trademark_name',
  'content.mailbox_lure',
  'content.trusted_sender_claim',
  'content.notice_lure',
  'sender.recipient_domain_name',
  'sender.brand_subject',
  'sender.brand_copyright',
  'sender.domain_in_local_part',
  'content.account_name_lure',
  'links.bucket_page',
  // Free site hosts (pages.dev, netlify.app…): phishing of the later months, a handful earlier.
  'links.free_hosting',
  // Crypto-wallet lures, and a coin address to pay to: the honeypot's mail alone in the corpus.
  'content.wallet_lure',
  'content.crypto_address',
  'attachments.pdf_link',
  // An Office document's link to another site: one honeypot message in the corpus (a .pptx).
  'attachments.office_link',
  // A QR code in a picture opening another site (qr.ts): one in the corpus, in a spam letter.
  'links.qr_code',
  // A link through a well-known site's open redirect: the honeypot's phishing alone.
  'links.open_redirect',
  // Windows protocol handlers (search-ms:, ms-msdt:…) in a link or an attached page: none in
  // the corpus.
  'links.launcher_url',
  'attachments.page_launcher',
  // An HTML or SVG page inside a ZIP attached (attachments.ts): none in the corpus.
  'attachments.archive_page',
  // What an attached HTML page does (attached-page.ts): six phishing messages in the corpus
  // attach a page at all.
  'attachments.page_builds_file',
  'attachments.page_redirect',
  'attachments.page_form',
  'attachments.page_encoded_script',
  // Casino free spins and no-deposit bonuses: the honeypot's alone.
  'content.casino_bonus',
  // A brand's bill with a number to call from a free mail address: the honeypot's alone.
  'content.callback_lure',
  // Empty dummy attachments are one phishing collection's campaigns (and five spam letters').
  'attachments.empty',
  // Blank blocks a screen tall are one phishing collection's campaigns in the corpus.
  'content.tall_blank',
  // Lines moved off the screen to the left: the later months' phishing alone.
  'content.offscreen_indent',
  // How bulk mail is sent (an ESP's click tracker), not whether it is phishing.
  'links.tracked_redirect',
  // Spam's pitches (pills, penny stocks) make junk LOW in analyze.ts; the model learns spam itself.
  'content.spam_pitch',
  // Advance-fee fraud is labelled phishing in one collection and spam in the other two, so a
  // learned weight would say which collection; the rule scores it as fraud wherever it comes.
  'content.advance_fee',
  // Pairs of signals the model already weighs one by one (signals/lure.ts): as rules, so that a
  // model trained on one collection's phishing cannot read the pair away as ordinary wording.
  'content.credential_lure',
  'sender.impersonation_lure',
  'sender.forged_brand',
  'sender.throwaway_lure',
  // Said after the model has spoken, as auth.verified_sender is: it outweighs the wording.
  'sender.own_brand_site',
  'content.nothing_to_act_on',
]);

/**
 * Replaces each address with ` emailaddr `: what /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)*\/g
 * would match (tests/unit/rewritten-expressions.test.ts compares them), found from each "@"
 * instead of tried at every position of the text: normaliseText took 34 µs a message of the dev
 * corpus, 29 µs so.
 * The domain may lack a dot: the honeypot's placeholder recipient is `phishing@pot`.
 */
export function replaceAddresses(t: string): string {
  let out = '';
  /** Where the text not yet copied starts: the end of the last address. */
  let from = 0;
  for (let at = t.indexOf('@'); at >= 0;) {
    // The local part is the whole run of its characters before the "@" (the expression's
    // lookbehind): a run that began inside the last address is not one.
    let start = at;
    while (start > 0 && isLocal(t.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < t.length && isDomain(t.charCodeAt(end))) end++;
    if (start === at || end === at + 1 || start < from) {
      at = t.indexOf('@', at + 1);
      continue;
    }
    while (end + 1 < t.length && t.charCodeAt(end) === 46 && isDomain(t.charCodeAt(end + 1))) {
      end += 2;
      while (end < t.length && isDomain(t.charCodeAt(end))) end++;
    }
    out += `${t.slice(from, start)} emailaddr `;
    from = end;
    at = t.indexOf('@', end);
  }
  return from === 0 ? t : out + t.slice(from);
}
/** [\w-]: letters, digits, _ and -. */
const isDomain = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
/** [\w.+-]. */
const isLocal = (c: number) => isDomain(c) || c === 46 || c === 43;
const URL_RE = /\b(?:https?:\/\/|www\.)\S+/gi;
const LIST_FOOTER = /\n[_=-]{10,}\s*\n[^\n]*(?:mailing list|list info|unsubscribe)[\s\S]*$/i;
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

/**
 * Dates say when mail was collected (the corpus's legitimate mail is from 2002, 2007 and
 * 2019-2024): month and weekday names and time zones are not learned, in the six languages.
 */
const DATE_WORDS = new Set(
  `january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun utc gmt pst pdt est edt cet cest bst
januar februar märz mai juni juli oktober dezember montag dienstag mittwoch donnerstag freitag samstag sonntag
janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro segunda terça quarta quinta sexta sábado domingo
janvier février mars avril juin juillet août septembre octobre novembre décembre lundi mardi mercredi jeudi vendredi samedi dimanche
enero febrero marzo mayo junio julio septiembre octubre noviembre diciembre lunes martes miércoles jueves viernes
januari februari maart mei augustus maandag dinsdag woensdag donderdag vrijdag zaterdag zondag`.split(/\s+/),
);
/**
 * A letter standing alone is a fragment (an initial, a list marker, a variable in code, a piece
 * of a word broken up to slip past filters), not a word a person would name as a reason. As
 * features they had learned which collection writes them: b:z -2.67, b:h -1.33, b:c -1.29,
 * b:k +1.09, s:p +1.31 (model b9dea4cc), and the "c" of a Dutch prize lure's "c.adeaukaarten"
 * pulled it towards legitimate mail. Left out since rules 2.46.0 (`npm run eval -- --no-cv`,
 * 2026-11-28): later phishing pasted 91.73% -> 92.20%, "other" languages pasted 85.83% ->
 * 87.50%, newsletters left out 5.93% -> 5.34% flagged, newsletters of unseen senders 0.89% ->
 * 0.59%; full 97.56% -> 97.44% (two messages at 49 fell under the line, one rose over it).
 */
const LETTERS = new Set('abcdefghijklmnopqrstuvwxyz');

/**
 * Bulk-mail footer lines (unsubscribe, preferences, "you received this because"): the
 * legitimate corpus's list footers were stripped, so their words would only ever be seen in
 * the other classes; they say how mail is sent, not whether it is phishing.
 */
const FOOTER =
  /unsubscrib|opt[ -]?out|no longer (?:wish|want) to receive|stop receiving|receiv\w* (?:these|this|our|future)? ?e-?mails?|e-?mail preferences|manage (?:your )?(?:subscription|preferences|e-?mail)|remove yourself|update your preferences|abmelden|abbestellen|désabonn|désinscri|descadastr|cancelar (?:a )?(?:sua )?inscri|darse de baja|afmelden|uitschrijven|(?:this|the) (?:e-?mail|message|newsletter) (?:was|is|has been) sent|you(?:'|’)?re receiving this|you are receiving this|follow us|connect with us|find us on|keep in touch|stay connected|share on (?:facebook|twitter)|(?:follow|following|like|join) (?:\S+ ){0,3}on (?:facebook|twitter|instagram|linkedin|youtube|tiktok)|folgen sie uns|siga-nos|suivez-nous|síguenos|volg ons/i;
/**
 * A line of social-network names (the row of icons a bulk-mail footer ends with, as link text):
 * like the footer sentences, it says how mail is sent. The legitimate lists never have one, so
 * "facebook" and "twitter" had learned +2 towards phishing and flagged newsletters. A brand
 * named in a sentence stays ("your Facebook account"), and the brand relations read the raw text.
 */
const SOCIAL_LINE =
  /^(?=[^\n]*(?:facebook|twitter|instagram|linkedin|youtube|pinterest|tiktok))[\t |•·,/*<>:[\]\d.-]*(?:(?:facebook|twitter|instagram|linkedin|youtube|pinterest|tiktok|threads|bluesky|mastodon|whatsapp|telegram|x|urladdr)[\t |•·,/*<>:[\]\d.-]*){1,12}$/gm;
const SOCIAL_HINT = /facebook|twitter|instagram|linkedin|youtube|pinterest|tiktok/;
/** Quoted replies are someone else's words: the attribution line and ">" lines are not the sender's. */
const QUOTE_LINE = /^\s*>|\b(?:wrote|schrieb|escreveu|a écrit|escribió|schreef):\s*$/i;
const QUOTE_HINT = /\n\s*>|(?:wrote|schrieb|escreveu|a écrit|escribió|schreef):/i;

export function normaliseText(text: string): string {
  // Words as the reader reads them: a word broken up by invisible characters or written in
  // mathematical letters is the word, not fragments no other mail has (as-read.ts).
  return normaliseRead(asRead(text));
}

/** normaliseText of a text already read (asRead), so it is not scanned for disguises again. */
function normaliseRead(text: string): string {
  let t = text.replace(LIST_FOOTER, '\n');
  // Cheap whole-text checks first: most messages have neither, and then no line is split.
  if (QUOTE_HINT.test(t) || FOOTER.test(t)) t = withoutQuotesAndFooters(t);
  t = replaceAddresses(t);
  t = t.replace(URL_RE, ' urladdr ').toLowerCase();
  return SOCIAL_HINT.test(t) ? t.replace(SOCIAL_LINE, '') : t;
}

/**
 * Drops quoted replies and bulk-mail footer sentences, without letting either blind the model:
 * only the footer's sentence goes, an attribution line is short, and quoting is ignored when
 * it would leave almost nothing of the message (a lure quoted whole to hide its words).
 */
function withoutQuotesAndFooters(t: string): string {
  if (QUOTE_HINT.test(t) || /^\s*>/.test(t)) {
    const lines = t.split('\n');
    const quoted = lines.map((l) => l.length <= MAX_DROPPED_LINE && QUOTE_LINE.test(l));
    const nonEmpty = lines.filter((l) => l.trim()).length;
    if (quoted.filter(Boolean).length <= 0.8 * nonEmpty) t = lines.filter((_, i) => !quoted[i]).join('\n');
  }
  // Only the footer's own sentence goes (up to its full stop, not past the line), so appending
  // "unsubscribe" hides nothing else. One scan of the text, not a test per line.
  FOOTER_ANYWHERE.lastIndex = 0;
  let out = '';
  let from = 0;
  for (let m = FOOTER_ANYWHERE.exec(t); m; m = FOOTER_ANYWHERE.exec(t)) {
    let start = m.index;
    while (start > from && !SENTENCE_END.has(t.charCodeAt(start - 1))) start--;
    let end = m.index + m[0].length;
    while (end < t.length && !SENTENCE_END.has(t.charCodeAt(end))) end++;
    if (end < t.length && t.charCodeAt(end) !== 10) end++;
    out += `${t.slice(from, start)} `;
    from = end;
    FOOTER_ANYWHERE.lastIndex = end;
  }
  return from === 0 ? t : out + t.slice(from);
}
/** Lines longer than this are text, not an attribution line or a quote to drop. */
const MAX_DROPPED_LINE = 300;
const FOOTER_ANYWHERE = new RegExp(FOOTER.source, 'gi');
/** . ! ? and the line end bound a footer's sentence. */
const SENTENCE_END = new Set([46, 33, 63, 10]);

// Addresses and links in the text are replaced by PLACEHOLDERS (so their parts never become
// words), then dropped: a URL written out in plain text marks old plain-text list mail, not
// legitimacy.
/**
 * Numbers, alone or written with separators ("0", "0-0-0" once digits are folded): an order or
 * invoice number in a subject says nothing about phishing, yet "s:0" had learned 2.9 towards it
 * (the honeypot's subjects carry campaign counters; `npm run diag -- templates-shopware paste`).
 */
const DIGITS_ONLY = /^0(?:['’-]+0)*$/;

/** Every word that is never a feature, in one set: one lookup per word instead of four. */
const NOT_WORDS: ReadonlySet<string> = new Set([
  ...STOPWORDS,
  ...ARTEFACTS,
  ...DATE_WORDS,
  ...PLACEHOLDERS,
  ...LETTERS,
]);

/** Keys of the body words that are never features (body-words.ts reads words as keys). */
const NOT_WORD_KEYS = new KeySet([...NOT_WORDS].map((w) => featureKey('b:', w)));

/** The words (words.ts) that can be features. */
function words(text: string): string[] {
  return wordTokens(text).filter(
    (w) => !NOT_WORDS.has(w) && !(w.charCodeAt(0) === 48 && DIGITS_ONLY.test(w)),
  );
}

/** Emits the model's features of a message, in a fixed order (training and scoring share it). */
export function emitFeatures(email: ParsedEmail, indicators: readonly Indicator[], feats: FeatureSink): void {
  const subject = email.subject.replace(LIST_TAG, '');
  const subj = words(normaliseText(subject));
  for (const w of subj) feats.add('s:', w);

  // Each of the first MAX_TOKENS words that are features, and each with the one before it.
  // Read once, here, for the words and for the length below.
  const shown = email.text.slice(0, MODEL_TEXT_CHARS);
  const read = asRead(shown);
  bodyWords(normaliseRead(read), MAX_TOKENS, NOT_WORD_KEYS, feats);

  if (email.from) {
    for (const w of words(normaliseText(email.from.name))) feats.add('n:', w);
  } else feats.add('f:', 'none');
  const senderDomain = email.from
    ? hostInfo(email.from.address.slice(email.from.address.lastIndexOf('@') + 1)).domain
    : null;

  const hosts = new Set<string>();
  /** The domain of each link that leads to an account or payment page, in link order. */
  const accountHosts: string[] = [];
  for (const link of email.links.slice(0, 100)) {
    const url = safeUrl(link.href);
    if (!url || !/^https?:$/.test(url.protocol)) continue;
    const host = hostInfo(url.hostname).domain ?? url.hostname;
    hosts.add(host);
    if (ACCOUNT_PATH.test(url.pathname + url.search)) accountHosts.push(host);
    for (const w of words(url.pathname.replace(/[/_.=&?]+/g, ' '))) if (w.length >= 3) feats.add('up:', w);
  }
  if (hosts.size === 0) feats.add('align:', 'nolinks');
  else if (senderDomain) {
    const aligned = [...hosts].filter((h) => sameOrganisation(h, senderDomain)).length;
    feats.add('align:', aligned === hosts.size ? 'all' : aligned > 0 ? 'some' : 'none');
  }
  relationFeatures(email, subject, senderDomain, hosts, accountHosts, feats);
  feats.add('links:', bucket(email.links.length, [0, 1, 3, 10, 30]));
  // The length as read: invisible characters inside words do not make a text longer.
  feats.add('len:', bucket(email.text.length - shown.length + read.length, [0, 200, 1000, 5000, 20000]));
  // HTML vs plain text, and HTML with little text, are deliberately not features: in the corpus
  // they date mail (the old legitimate lists are plain text), and pasted text has no HTML. Nor is
  // the number of distinct link domains (since rules 2.33.0): a bulk sender routes every link
  // through one tracker and the older legitimate mail links to one site or none, so with the
  // newsletters left out of training one domain weighed 0.36 towards phishing and newsletters
  // were flagged for it; how the domains relate to the sender (align:, rel:) stays.
  for (const ind of indicators) if (isModelSignal(ind.id)) feats.add('sig:', ind.id);
}

/** Link paths that ask for a sign-in, a verification or a payment, in any language's URLs. */
const ACCOUNT_PATH =
  /log-?in|sign-?in|signon|verif|account|secur|update|auth|passw|wallet|confirm|unlock|billing|payment|recover|validat/i;

/**
 * Who speaks and where the links go, independent of the language: a brand the text names and
 * whether the sender's domain (and the links) belong to it; an account or payment page on the
 * sender's own domain or somewhere else. Real account mail and its imitation share their words
 * and differ here.
 */
function relationFeatures(
  email: ParsedEmail,
  subject: string,
  senderDomain: string | null,
  hosts: ReadonlySet<string>,
  accountHosts: readonly string[],
  feats: FeatureSink,
): void {
  const named = brandsNamedBy(subject, email.from?.name ?? '', email.text, { allowCommonWords: false });
  if (named.length > 0) {
    // Only the mismatch is a feature: a sender that owns the brand it names proves nothing by
    // itself (spoofed From lines do that; authentication, outside the model, tells them apart).
    if (senderDomain === null || !named.some((b) => brandOwns(b, senderDomain)))
      feats.add('rel:', 'brand_sender_other');
    if (hosts.size > 0) {
      const brandHosts = [...hosts].filter((h) => named.some((b) => brandOwns(b, h))).length;
      // All links on the brand's own sites is not a feature: phishing copies a brand's footer links too.
      if (brandHosts < hosts.size)
        feats.add('rel:', brandHosts > 0 ? 'brand_links_some' : 'brand_links_other');
    }
  }
  for (const host of accountHosts)
    feats.add(
      'rel:',
      senderDomain && sameOrganisation(host, senderDomain) ? 'account_link_own' : 'account_link_other',
    );
}

function bucket(n: number, edges: number[]): string {
  let b = 0;
  for (let i = 0; i < edges.length; i++) if (n > (edges[i] ?? 0)) b = i + 1;
  return String(b);
}
