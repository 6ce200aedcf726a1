import { hostInfo, safeUrl } from '../../domains/registrable.js';
import { indicator, type Signal } from './context.js';
import { matchesOf } from '../../matches.js';

/**
 * A real site's sign-up mail carrying someone else's message in the account name. Scammers
 * register the reader's address on any site that mails a "Login Details" notice and choose as the
 * user name their lure ("www.khutjs.blogspot.pe - 97781 USD KRAKEN"): the notice then comes,
 * genuinely, from that site, in its language, and only the account name speaks. A user name
 * never needs a web address followed by more words, so that shape is the evidence, read from the
 * notice's "Username:" line and from the reset link's `login=` parameter (WordPress writes both),
 * in any language, and (rules 2.36.0) from the greeting of a shop's new-account notice. Rule
 * only: the corpus has this campaign in one phishing collection.
 */
export const registrationSignals: Signal = ({ email }) => {
  const names = new Set<string>();
  for (const m of matchesOf(USERNAME_LINE, email.text)) names.add(clean(m[1] ?? ''));
  // WooCommerce and others greet the new account by its name ("Hi {username},") in the site's
  // language; a greeting's name must also carry a number (the lure's sum), since "Dear
  // Booking.com guest," greets a customer by the site's name.
  const greeted = new Set<string>();
  for (const m of matchesOf(GREETING_LINE, openingLines(email.text))) greeted.add(clean(m[1] ?? ''));
  for (const link of email.links) {
    if (!link.href.includes('=')) continue; // no query parameter to carry a name
    const url = safeUrl(link.href);
    if (!url) continue;
    for (const [key, value] of url.searchParams) if (USERNAME_PARAM.test(key)) names.add(clean(value));
  }
  const carrying = [
    ...[...names].filter((n) => carriesAddress(n)),
    ...[...greeted].filter((n) => carriesAddress(n, { withNumber: true })),
  ];
  if (carrying.length === 0) return [];
  return [
    indicator({
      id: 'content.account_name_lure',
      family: 'content',
      severity: 'high',
      weight: 0.6,
      explanation: `An account was registered with this address under the name "${carrying[0]}": a user name that carries a web address and a message is a lure delivered through a real site's sign-up mail.`,
      evidence: carrying.slice(0, 3).map((n) => `account name: ${n}`),
    }),
  ];
};

/** "Username: …" in the languages the rules read, as sign-up and reset notices write it. */
const USERNAME_LINE =
  /^[ \t]*(?:user\s?name|benutzername|nom d['’]utilisateur|identifiant|nome utente|nombre de usuario|usuario|nome de usu[aá]rio|gebruikersnaam)[ \t]*:[ \t]*(\S[^\n]{0,200})$/gimu;
/**
 * A greeting line ("Hi {name},", "Привіт {name},") in the languages of the sites the campaign
 * registers on: the name is the rest of the line, without a comma of its own.
 */
const GREETING_LINE =
  /^[ \t]*(?:hi|hello|hey|dear|hallo|guten tag|bonjour|salut|hola|olá|oi|beste|ciao|привіт|вітаю|привет|здравствуйте|witaj|cześć|merhaba|hej|hei|ahoj|szia)[ \t]+([^\n,!]{3,120}?)[ \t]*[,!]?[ \t]*$/gimu;

/** The first few lines with text: where a notice greets its reader. */
function openingLines(text: string): string {
  const lines: string[] = [];
  for (const line of text.slice(0, 2_000).split('\n')) {
    if (line.trim() === '') continue;
    lines.push(line);
    if (lines.length === 6) break;
  }
  return lines.join('\n');
}

/** Query parameters that carry the account's name in sign-up and password-reset links. */
const USERNAME_PARAM = /^(?:login|user|username|user_login|uname|account)$/i;
/** A host name with at least one dot, standing alone as a word (not an address's or a URL's). */
const HOST = /(?<![\p{L}\p{N}@./-])((?:[a-z0-9-]+\.)+[a-z]{2,})(?![\p{L}\p{N}@/:-]|\.[\p{L}\p{N}])/giu;

function clean(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, 120);
}

/**
 * A web address (a host under a real public suffix) and, beside it, at least one more word
 * (`withNumber`: and a number among them).
 */
function carriesAddress(name: string, { withNumber = false } = {}): boolean {
  if (name.includes('://')) return false;
  for (const m of matchesOf(HOST, name)) {
    const info = hostInfo(m[1] ?? '');
    if (!info.domain || !info.listedSuffix) continue;
    const rest = (name.slice(0, m.index) + ' ' + name.slice((m.index ?? 0) + (m[1]?.length ?? 0)))
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (rest.length >= 2 && (!withNumber || /\p{N}/u.test(rest))) return true;
  }
  return false;
}
