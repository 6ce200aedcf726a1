import { asksBeyondLinks, readsAsBill, subjectAndText } from './call-to-action.js';
import { voidsServiceReading } from './invitation.js';
import { linksStayOn, otherWarningSigns } from './own-site.js';
import { indicator } from './signals/context.js';
import type { Indicator, ParsedEmail } from './types.js';

/**
 * A code as a one-time code notice gives it: a code word ("verification code",
 * "Bestätigungscode", "código", "コード", …), a few words without a digit or a sentence's end, a
 * connector ("is", "lautet", "est", "é", a colon…) and 4 to 8 digits standing alone ("Your
 * verification code is 482913"); the digits first, as a subject writes them ("482913 is your Acme
 * login code"); or the digits alone on their line below a code word ("Use the code below …:
 * ↵ 482913"). Not a revision ("r18305"), a charset ("gb2312"), a longer number, or a code
 * word and digits with nothing to join them ("The Code Book, 1999").
 */
const CODE_WORD =
  '(?:code|codes|codice|código|codigo|kod|kód|koodi|kode|kóði|код|кодът|コード|验证码|驗證碼|校验码|코드|mã)';
const DIGITS = '(?<![\\w.,/:$#-])\\d{4,8}(?!\\w|[.,/:-]\\d)';
/** Codes of other kinds, named by the word before "code": an error's, a shop's, a parcel's, a place's. */
const OTHER_CODE =
  '(?<!(?:error|return|exit|status|exception|source|zip|postal|post|area|country|dialling|dial-in|meeting|conference|promo|promotional|discount|coupon|voucher|gift|gift card|referral|tracking|reference|booking|order|product|item|sort|swift|routing|tax|vat)[ -]?)';
const CONNECTOR = '(?:\\s(?:is|lautet|ist|est|es|é|è|to|är|er|on|je|jest|是|는)|[:：=])';
const CODE_GIVEN = new RegExp(
  [
    `${OTHER_CODE}${CODE_WORD}[^\\d\\n.!?。]{0,40}?${CONNECTOR}\\s*${DIGITS}`,
    `^\\s*${DIGITS} (?:is|est|ist|es|é|è|is je|jest) [^\\n]{0,40}${CODE_WORD}`,
    `${OTHER_CODE}${CODE_WORD}[^\\d]{0,300}?\\n[ \\t]*${DIGITS}[ \\t]*(?:\\n|$)`,
  ].join('|'),
  'imu',
);

/**
 * Words that ask the reader to follow a link, in the languages the rules read. Pasted text keeps a
 * button's words and loses where it led, so a pasted code notice that still says "click" or
 * "link" is not read as one. Narrower than call-to-action.ts's LINK_WORDS on purpose: "sign in"
 * and "log in" are what a code is for ("your login code", Ghost's "sign in verification code").
 */
const FOLLOW =
  /\b(?:click|tap|press|link|button|visit|klick\w*|link\w*|schaltfläche|cliqu\w*|clic|lien|bouton|haga clic|pulse|pulsa|enlace|botón|clique|clica\w*|botão|klik\w*|knop|fare clic|clicca|pulsante)\b/i;

/** A code notice is short: a line or two of text around the code. */
const MAX_TEXT = 1_500;

/**
 * A one-time code notice: the message gives a sign-in, verification or confirmation code to type
 * where the reader asked for it, and asks for nothing else: short, no link off the sender's own
 * site (pasted text: no link at all, and no words asking to follow one), no file, form, reply
 * elsewhere, phone number, credential or payment request, bill, threat, look-alike or failed
 * authentication, and no other warning sign of medium severity or more (a prize, a parcel, a
 * disguised word). The corpus has no legitimate code notice (its template sets send links), so
 * the model reads a code notice's words ("verification", "expires", "confirm", "ignore") as
 * phishing: a pasted "Use the code below to confirm your email address: 482913 … If you did not
 * create an account, please ignore this email." scored MEDIUM 66, and an English one-time code 58
 * (2026-12-06). A code is only worth something to whoever asked for it: a phisher gains from the
 * notice only by asking for the code back (a reply, a call, a page), and each of those voids the
 * reading. Its wording alone cannot make it phishing, as mail that asks nothing (NO_ACTION_CAP in
 * analyze.ts).
 */
export function oneTimeCodeNotice(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
): Indicator | null {
  if (email.text.length > MAX_TEXT) return null;
  const given = CODE_GIVEN.exec(subjectAndText(email));
  if (!given || !asksNothingElse(email, indicators, senderDomain)) return null;
  const code = /\d{4,8}/.exec(given[0])?.[0] ?? '';
  return indicator({
    id: 'content.one_time_code',
    family: 'content',
    severity: 'info',
    weight: 0,
    explanation: `It gives a one-time code (${code}) and asks for nothing else: ${
      email.links.length === 0 ? 'no link' : "no link off the sender's own site"
    }, no reply, call, file or payment, so its wording alone does not make it phishing. If you did not ask for a code, someone may be trying to sign in as you: never give the code to anyone who calls or writes to ask for it.`,
    evidence: [given[0].replace(/\s+/g, ' ').trim().slice(0, 80)],
  });
}

/**
 * Whether a short notice asks for nothing but what it says (the code notice's and the sign-in
 * notice's conditions): as pasted text, no link at all and no word asking to follow one; as full
 * mail, no link off the sender's own site; and no file, form, reply elsewhere, phone number,
 * credential or payment request, bill, look-alike or failed authentication, or other warning sign
 * of medium severity or more.
 */
export function asksNothingElse(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
): boolean {
  const text = subjectAndText(email);
  if (email.mode !== 'full' && (email.links.length > 0 || FOLLOW.test(text))) return false;
  return (
    linksStayOn(email, senderDomain, () => false) &&
    !asksBeyondLinks(email, indicators) &&
    !readsAsBill(text) &&
    !indicators.some(voidsServiceReading) &&
    !otherWarningSigns(indicators)
  );
}
