import { subjectAndText } from './call-to-action.js';
import { asksNothingElse } from './code-notice.js';
import { indicator } from './signals/context.js';
import type { Indicator, ParsedEmail } from './types.js';

/**
 * A sign-in reported as having happened, in the languages the rules read: "new sign-in",
 * "Neue Anmeldung", "nouvelle connexion", "nuevo inicio de sesión", "novo acesso", "nieuwe
 * aanmelding", "nuovo accesso". Read from lower-cased text.
 */
const EVENT =
  /(?<![\p{L}\p{N}])(?:new (?:sign[- ]?in|log[- ]?in|login)|(?:signed|logged) in(?:to)? (?:to )?your|neuen? anmeldung|nouvelle connexion|nuevo inicio de sesión|novo (?:acesso|login)|nieuwe (?:aanmelding|login)|nuovo accesso)(?![\p{L}\p{N}])/u;

/**
 * The reader told there is nothing to do if the sign-in was theirs: "If this was you", "Wenn Sie
 * das waren", "Si c'était vous", "Si fuiste tú", "Se foi você", "Was jij dit", "Se sei stato tu".
 * The imitations the corpus holds write the other branch alone ("If this wasn't you, please
 * report the user"), which is no match.
 */
const WAS_YOU =
  /(?<![\p{L}\p{N}])(?:if (?:this|it|that) was you|if you (?:recently )?(?:signed|logged) in|wenn sie (?:das|dies) waren|wenn du (?:das|dies) warst|falls sie (?:das|dies) waren|si c[’']était vous|si c[’']est bien vous|si fuiste tú|si has sido tú|si fue usted|se foi você|se (?:tiver sido|fo[ir]) você|was (?:jij|u) dit|als (?:jij|u) dit was|se sei stat[oa] tu|se è stat[oa] lei)(?![\p{L}\p{N}])/u;

/** A sign-in notice is short: the event, its device, place and time, and the two branches. */
const MAX_TEXT = 2_500;

/**
 * A notice of a new sign-in to the reader's account that says there is nothing to do if it was
 * theirs, and asks for nothing else: short, no link off the sender's own site (pasted text: no
 * link at all, and no words asking to follow one), no file, form, reply elsewhere, phone number,
 * credential or payment request, bill, threat, look-alike or failed authentication, and no other
 * warning sign of medium severity or more. The corpus's legitimate mail holds no such notice and
 * its phishing some 200 imitations (Microsoft's "Unusual sign-in activity"), so the model reads
 * a real notice's words ("account", "noticed", "review", "devices", "change your password") as
 * phishing: a pasted "We noticed a new sign-in to your … account from Firefox on Windows near
 * Berlin … If this was you, there is nothing else to do. If it was not you, change your password
 * now and review your devices." scored MEDIUM 51–58 in English, Portuguese and Dutch
 * (2026-12-06). The imitations are caught by what they ask or whom they speak as (a brand on
 * another domain, a report address elsewhere, a threat, a link off the site); one whose words
 * alone made it suspicious reads the same as the real notice, and the advice given to both (open
 * the site yourself, never from the mail) takes the lure's one chance away. Its wording alone
 * cannot make it phishing, as mail that asks nothing (NO_ACTION_CAP in analyze.ts).
 */
export function signInNotice(
  email: ParsedEmail,
  indicators: readonly Indicator[],
  senderDomain: string | null,
): Indicator | null {
  if (email.text.length > MAX_TEXT) return null;
  const text = subjectAndText(email).toLowerCase();
  const event = EVENT.exec(text);
  if (!event || !WAS_YOU.test(text) || !asksNothingElse(email, indicators, senderDomain)) return null;
  return indicator({
    id: 'content.sign_in_notice',
    family: 'content',
    severity: 'info',
    weight: 0,
    explanation: `It reports a new sign-in to your account, says there is nothing to do if it was you, and asks for nothing else: ${
      email.links.length === 0 ? 'no link' : "no link off the sender's own site"
    }, no reply, call, file or payment, so its wording alone does not make it phishing. Its words cannot show whether it is real: if the sign-in was not yours, open the site yourself, not from this mail, and change your password there.`,
    evidence: [`"${event[0]}"`],
  });
}
