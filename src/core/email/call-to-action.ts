import { brandOwns, brandsIn } from '../domains/brands.js';
import { FREEMAIL } from '../domains/freemail.js';
import { registrableDomain } from '../domains/registrable.js';
import { hasFileAttached, isMacroDocument } from './signals/attachments.js';
import { DOCUMENT_WORDS, documentLinksOf, documentsRead, documentText } from './signals/office.js';
import type { Indicator, MailAddress, ParsedEmail } from './types.js';
import { matchesOf, wordsUpTo } from '../matches.js';

const PHONE = /(?<![\w.,:/-])\+?\(?\d[\d ().-]{7,}\d(?![\w.,:/-]*\d)/g;
const ADDRESS = /(?<![\w.+-])[\w.+-]{1,64}@([\w-]+(?:\.[\w-]+)+)/g;

/** Indicators that are themselves a request beyond a link: a reply elsewhere, credentials, money. */
export const ACTION_SIGNALS: ReadonlySet<string> = new Set([
  'sender.reply_to_mismatch',
  'content.credential_request',
  'content.payment_request',
  'content.crypto_address',
  'content.advance_fee',
  'sender.display_name_address',
]);

/** The subject and the first 20,000 characters of the text, as the request rules read them. */
export function subjectAndText(email: ParsedEmail): string {
  return `${email.subject}\n${email.text.slice(0, 20_000)}`;
}

/** Whether the message asks the reader to do something phishing needs: follow, open, type, reply elsewhere, pay or call. */
export function hasCallToAction(email: ParsedEmail, indicators: readonly Indicator[]): boolean {
  return email.links.length > 0 || asksBeyondLinks(email, indicators);
}

/** Whether the message asks for anything but following its links (see hasCallToAction). */
export function asksBeyondLinks(email: ParsedEmail, indicators: readonly Indicator[]): boolean {
  return (
    email.forms.length > 0 ||
    indicators.some((i) => ACTION_SIGNALS.has(i.id)) ||
    contactsElsewhere(email) ||
    repliesToFreemail(email) ||
    hasPhoneNumber(email.text.slice(0, 20_000)) ||
    // Last: a document's text is read for it, the dearest of these.
    filesToOpen(email)
  );
}

/**
 * Whether a file is attached that is something to act on: any real file but a PDF or Office
 * document read whole (documentsRead, at least DOCUMENT_WORDS words) with no link, no macro and
 * no phone number in it. Opening such a document is reading it, no request a phisher can use;
 * what it asks in words is read when the message says little itself (analyze.ts). A German
 * covering note with a plain invoice read HIGH 97 on its "Mit freundlichen Grüßen" (the corpus's
 * German legitimate mail is account templates), as if the file were itself a lure.
 */
function filesToOpen(email: ParsedEmail): boolean {
  const inert = new Set(
    documentsRead(email.attachments).filter((a) => {
      if (isMacroDocument(a.filename) || documentLinksOf(a).length > 0) return false;
      const text = documentText(a).slice(0, 20_000);
      return wordsUpTo(text, DOCUMENT_WORDS) >= DOCUMENT_WORDS && !hasPhoneNumber(text);
    }),
  );
  return hasFileAttached({ attachments: email.attachments.filter((a) => !inert.has(a)) });
}

/**
 * A phone number to call (the call-back scams' only call to action): 9 to 15 digits written
 * as a phone number, not a date, a time, an IP address or an amount.
 */
export function hasPhoneNumber(text: string): boolean {
  for (const m of matchesOf(PHONE, text)) {
    const s = m[0];
    const digits = s.replace(/\D/g, '').length;
    if (digits < 9 || digits > 15) continue;
    if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/.test(s) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(s)) continue;
    if (/\d:\d/.test(s)) continue;
    // A bare digit run is an order or reference number; phone numbers are written in groups.
    if (!s.startsWith('+') && !/\d[ ().-]+\d/.test(s)) continue;
    return true;
  }
  return false;
}

/** A bill's words: an invoice, an order, a subscription or its renewal, a charge. */
const BILL =
  /\b(?:invoice|order (?:confirmation|summary|number|no|id|#)|subscription|renewal|renew(?:ed|s)? automatically|auto-?renew\w*|receipt|charged|billing|transaction|rechnung|abonnement|verlängerung|facture|renouvellement|factura|suscripción|renovación|fatura|assinatura|renovação|factuur|verlenging)\b/i;
/**
 * Where a bill names whom it is from: its letterhead and opening lines. A brand named further
 * down is a shipping or payment option (four spam list sellers' order forms name FedEx and
 * Mastercard there; no phishing message needed more than this).
 */
const BILL_HEAD = 600;
/** An amount of money: a currency sign or code beside a number. */
const AMOUNT = /[$€£]\s?\d|\d\s?(?:USD|EUR|GBP)\b/;

/** Whether text reads as a bill: a bill's words and an amount of money. */
export function readsAsBill(text: string): boolean {
  return BILL.test(text) && AMOUNT.test(text);
}

/**
 * The brands a call-back scam's bill speaks for ("Your Norton subscription renewed for $499.99;
 * if you did not authorize it, call +1 (828) …"), sent from a free mail address: text that
 * names a listed brand the sender's domain does not belong to at its head, reads as a bill (its
 * words and an amount) and gives a phone number. The number is the lure: whoever calls it is
 * talked into a "refund" that takes card details or remote access. A brand's real bill comes
 * from its own domain; from a free mail address, such text is a forwarded receipt at best.
 * Empty when any part is missing. Whether the sender is a free mail address is the caller's to
 * ask first (claims.ts asks before reading any PDF).
 */
export function billToCall(text: string, senderDomain: string): string[] {
  const head = text.slice(0, 20_000);
  if (!readsAsBill(head) || !hasPhoneNumber(head)) return [];
  return brandsIn(head.slice(0, BILL_HEAD), { allowCommonWords: false }).filter(
    (b) => !brandOwns(b, senderDomain),
  );
}

/** Whether `address` is one of the message's recipients: the reader, not someone to write to. */
export function isReader(recipients: readonly MailAddress[], address: string): boolean {
  const a = address.toLowerCase();
  return recipients.some((r) => r.address.toLowerCase() === a);
}

/**
 * The body asks the reader to write to an address on another domain ("send your details to …").
 * The reader's own address is not one: "Email: you@example.org" in a profile or order summary
 * names the recipient, it does not ask them to write anywhere.
 */
function contactsElsewhere(email: ParsedEmail): boolean {
  const own = email.from ? registrableDomain(email.from.address) : null;
  const text = email.text.slice(0, 20_000);
  for (const m of matchesOf(ADDRESS, text)) {
    const d = registrableDomain(m[1] ?? '');
    if (
      d &&
      d !== own &&
      !isReader(email.to, m[0]) &&
      CONTACT_VERB.test(text.slice(Math.max(0, (m.index ?? 0) - 120), m.index))
    )
      return true;
  }
  return false;
}

/**
 * A request to write to the address ("contact my lawyer at", "Email: x@y", "via x@y"), in the
 * seven languages the rules read, within the 120 characters before it: a notice that names an
 * address ("your address was changed to new@example.net") asks for nothing, nor does a "Sender"
 * column heading (a quarantine digest's list of held mail).
 */
const CONTACT_VERB =
  /\b(?:e-?mail\s*:|(?:contact|write|reply|e-?mail (?:us|me|him|her|them)|mail (?:us|me)|reach|via|courriel|correo|kontakt\w*|schreib\w*|send(?!ers?\b)\w*|antwort\w*|wenden sie sich|contacte[rz]?|écri\w*|envoye[rz]|répond\w*|escrib\w*|env[ií]e\w*|respond\w*|contact[ae]\w*|escrev\w*|envi[ae]\w*|schrijf|stuur|mail ons|neem contact|scriv\w*|contatt\w*|invia\w*)\b)/i;

/** Asking for a reply, in the six languages the model knows best. */
const REPLY_REQUEST =
  /\b(?:reply|respond|get back to me|contact me|write (?:to )?me|send (?:me )?your|antworten sie|melden sie sich|kontaktieren sie mich|responda|me responda|entre em contato|répondez|contactez-moi|responde|contácteme|reageer|antwoord)\b/i;

/**
 * The advance-fee and "are you available?" scams' only call to action is a reply to a free
 * mailbox: the sender's address is one anyone can open, and the text asks for an answer.
 */
function repliesToFreemail(email: ParsedEmail): boolean {
  const own = email.from ? registrableDomain(email.from.address) : null;
  return own !== null && FREEMAIL.has(own) && REPLY_REQUEST.test(subjectAndText(email));
}

/**
 * "Contact an administrator", in the languages of the phrase families and Keycloak's: the reader's
 * own administrator, named as the one to turn to.
 */
const CONTACT_ADMINISTRATOR = new RegExp(
  [
    String.raw`contact (?:an?|your|the) (?:system |it |network |site |e-?mail |mail )?admin(?:istrator)?\b`,
    String.raw`(?:kontaktieren sie|wenden sie sich(?: bitte)? an) (?:bitte )?(?:ihren|den|einen) (?:admin|administrator)\b`,
    String.raw`(?:contacter|contactez) (?:votre|l['’]|un) ?administrateur`,
    String.raw`(?:contato|contate|fale) com (?:um|o|seu) administrador`,
    String.raw`(?:contacta|contacte|póngase en contacto) con (?:el|un|su) administrador`,
    String.raw`contact (?:op )?met (?:de|uw|een) beheerder|beheerder contacteren`,
    String.raw`contatta (?:l['’]|un) ?amministratore`,
  ].join('|'),
  'i',
);

/** Words that send the reader to a link, a button or a sign-in page, kept when the link is lost. */
const LINK_WORDS =
  /\b(?:click|klick\w*|cliqu\w*|clic|klik\w*|tap|button|knop|bouton|bot[ãa]o|botón|link|lien|enlace|koppeling|collegamento|log ?in|sign ?in|anmelden|melden sie sich an|connectez|inicie sesión|inloggen|acesse|acessar|entrar)\b/i;

/**
 * A sign-in named as an event, not asked for: "a failed login attempt", "Login error", Keycloak's
 * Brazilian "Erro de login" and "tentativa de login". The noun reports what happened; the verb
 * ("log in to prevent this") sends the reader somewhere. Taken out before LINK_WORDS is read.
 */
const SIGN_IN_EVENT =
  /\b(?:(?:failed|unsuccessful|suspicious|unusual|blocked) (?:log ?in|sign[- ]?in)|(?:log ?in|sign[- ]?in) (?:attempts?|errors?|failures?)|(?:erro|tentativas?|falhas?) de login)\b/gi;

/**
 * Pasted text whose one request is that the reader contact their own administrator ("If this
 * was not you, please contact an administrator"), with no link, button or sign-in named and
 * nothing else asked: a security notice's advice. A phisher's request sends the reader somewhere
 * the phisher controls; an address or a phone number to write or call does, and then the text
 * asks for more than this. Pasted text loses its links, so the words for one count as one. In
 * the corpus no phishing message says it (five of Mastodon's notices pasted do); Keycloak's
 * lockout and failed sign-in notices do (`npm run eval:keycloak`).
 */
export function asksOnlyForAdministrator(email: ParsedEmail, indicators: readonly Indicator[]): boolean {
  const text = subjectAndText(email);
  return (
    CONTACT_ADMINISTRATOR.test(text) &&
    !LINK_WORDS.test(text.replace(SIGN_IN_EVENT, ' ')) &&
    !hasCallToAction(email, indicators)
  );
}
