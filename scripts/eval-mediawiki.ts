// npm run eval:mediawiki -- DIR: account mail of an application the corpus does not have, scored
// by the shipped engine. DIR holds MediaWiki's core translations (<lang>.json, from a MediaWiki
// release's languages/i18n, e.g. Debian's `mediawiki` package: `apt-get download mediawiki &&
// dpkg-deb -x mediawiki_*.deb X`, then DIR = X/usr/share/mediawiki/languages/i18n; GPL-2.0+, not
// shipped here). MediaWiki sends its mail as plain text alone (UserMailer), from the wiki's name
// ({{SITENAME}}, the `emailsender` message). Each mail an account gets is rendered as the wiki
// writes it: the address check on registering, on changing and on setting an address (its
// confirmation link and its cancel link, the requesting IP address, the expiry), the password
// reset with its temporary password, the reminder of old wikis, an account an administrator made
// (its password in the text), the notice that the address was changed, and a watched page's
// change. A message a language lacks falls back to its parent language (de-formal to de), then to
// English, as MediaWiki's fallback chain does; wikitext in a message ({{SITENAME}}, {{PLURAL}},
// {{GENDER}}, {{int:}}, {{canonicalurl:}}) is expanded. Only languages that translate at least
// one of these mails are rendered. Each is rendered for each organisation of ORGS
// (lib/app-mail.ts), its wiki at wiki.<domain>, and scored as full mail and as pasted text (see
// scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, ORGS, plainTextMail, scoreAppMail, type AppMessage, type Org } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:mediawiki -- DIR (MediaWiki languages/i18n: <lang>.json files)');

type Messages = Record<string, string>;
const read = (lang: string): Messages | null => {
  try {
    return JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Messages;
  } catch {
    return null;
  }
};
const english = read('en');
if (!english) throw new Error(`${dir} has no en.json: not MediaWiki's languages/i18n`);

/** The mails rendered, by the message that holds each one's body. */
const BODIES = [
  'confirmemail_body',
  'confirmemail_body_changed',
  'confirmemail_body_set',
  'passwordreset-emailtext-ip',
  'passwordremindertext',
  'createaccount-text',
  'notificationemail_body_changed',
  'enotif_body',
];

/** Wikitext's templates in a message, innermost first, as MediaWiki expands them for mail. */
function expand(text: string, site: string, wiki: string, message: (key: string) => string): string {
  const one = (inner: string): string => {
    const [head = '', ...forms] = inner.split('|');
    const colon = head.indexOf(':');
    const name = (colon < 0 ? head : head.slice(0, colon)).trim();
    const arg = colon < 0 ? '' : head.slice(colon + 1).trim();
    switch (name.toLowerCase()) {
      case 'sitename':
        return site;
      case 'plural':
        // One reads the first form, any other number the last (a language's other forms).
        return (Number(arg) === 1 ? forms[0] : forms[forms.length - 1]) ?? '';
      case 'gender':
        // The reader's gender is unknown: MediaWiki's neutral (third) form, else the first.
        return forms[2] ?? forms[0] ?? '';
      case 'grammar':
        return forms[0] ?? '';
      case 'int':
        return message(arg);
      case '#special':
        return `Special:${arg}`;
      case 'canonicalurl':
      case 'fullurl':
        return `${wiki}wiki/${arg.replace(/ /g, '_')}`;
      case 'ucfirst':
        return arg.charAt(0).toUpperCase() + arg.slice(1);
      case 'lcfirst':
        return arg.charAt(0).toLowerCase() + arg.slice(1);
      default:
        return inner;
    }
  };
  let out = text;
  for (let i = 0; i < 10 && out.includes('{{'); i++)
    out = out.replace(/\{\{([^{}]*)\}\}/g, (_, inner: string) => one(inner));
  return out;
}

/** $1, $2… and the watchlist mail's $NAMES, in one pass (a value is never read again). */
const fill = (text: string, args: readonly string[], named: Record<string, string> = {}) =>
  text.replace(/\$(\d+|[A-Z_]+)/g, (m, k: string) =>
    /^\d+$/.test(k) ? (args[Number(k) - 1] ?? m) : (named[k] ?? m),
  );

function* mailsOf(lang: string, own: Messages, parent: Messages | null, org: Org): Generator<AppMessage> {
  const raw = (key: string) => own[key] ?? parent?.[key] ?? english?.[key] ?? key;
  const site = `${org.name} Wiki`;
  const wiki = `https://wiki.${org.domain}/`;
  const message = (key: string): string => expand(raw(key), site, wiki, message);
  /** A message with its parameters: filled first, as Message::params does, then expanded. */
  const msg = (key: string, args: readonly string[] = [], named: Record<string, string> = {}) =>
    expand(fill(raw(key), args, named), site, wiki, message);
  const ip = '203.0.113.42';
  const token = '4f0c9a1be27d4c83a5f6b2d19e07c3aa';
  const confirm = `${wiki}wiki/Special:ConfirmEmail/${token}`;
  const cancel = `${wiki}wiki/Special:InvalidateEmail/${token}`;
  const expiry = ['27 November 2026 09:14', '27 November 2026', '09:14'];
  const address = [
    ip,
    'JanaSmith',
    confirm,
    expiry[0] as string,
    cancel,
    expiry[1] as string,
    expiry[2] as string,
  ];
  const mail = (template: string, subject: string, text: string) =>
    plainTextMail({ lang, template, org, subject, text });
  const check = msg('confirmemail_subject');
  yield mail('confirm_email', check, msg('confirmemail_body', address));
  yield mail('confirm_email_changed', check, msg('confirmemail_body_changed', address));
  yield mail('confirm_email_set', check, msg('confirmemail_body_set', address));
  const element = msg('passwordreset-emailelement', ['JanaSmith', 'k7Rq2mWz']);
  yield mail(
    'password_reset',
    msg('passwordreset-emailtitle'),
    msg('passwordreset-emailtext-ip', [ip, element, '1', `${wiki}wiki/Main_Page`, '7']),
  );
  yield mail(
    'password_reminder',
    msg('passwordremindertitle'),
    msg('passwordremindertext', [ip, 'JanaSmith', 'k7Rq2mWz', `${wiki}wiki/Main_Page`, '7']),
  );
  yield mail(
    'account_created',
    msg('createaccount-title'),
    msg('createaccount-text', [ip, 'JanaSmith', 'k7Rq2mWz', `${wiki}wiki/Main_Page`]),
  );
  yield mail(
    'address_changed',
    msg('notificationemail_subject_changed'),
    msg('notificationemail_body_changed', [ip, 'JanaSmith', `j.smith@${org.domain}`]),
  );
  // A watched page changed: the mail's intro and links as EmailNotification composes them.
  const page = 'Onboarding checklist';
  const pageUrl = `${wiki}wiki/Onboarding_checklist`;
  const editor = 'Mkovacs';
  // Older translations write the intro themselves with these (EmailNotification sets them all).
  const edit = {
    PAGETITLE: page,
    PAGETITLE_URL: pageUrl,
    PAGEEDITOR: editor,
    PAGEEDITDATE: expiry[1] as string,
    PAGEEDITTIME: expiry[2] as string,
    CHANGEDORCREATED: message('changed'),
  };
  yield mail(
    'watchlist',
    msg('enotif_subject_changed', [page, editor]),
    msg('enotif_body', [], {
      ...edit,
      WATCHINGUSERNAME: 'JanaSmith',
      PAGEINTRO: msg('enotif_body_intro_changed', [page, editor, pageUrl], edit),
      NEWPAGE: msg('enotif_lastvisited', [`${wiki}index.php?title=Onboarding_checklist&diff=0&oldid=1482`]),
      PAGESUMMARY: 'fixed the room numbers',
      PAGEMINOREDIT: '',
      PAGEEDITOR_EMAIL: `${wiki}wiki/Special:EmailUser/${editor}`,
      PAGEEDITOR_WIKI: `${wiki}wiki/User:${editor}`,
      UNWATCHURL: `${wiki}index.php?title=Onboarding_checklist&action=unwatch`,
      HELPPAGE: 'https://www.mediawiki.org/wiki/Special:MyLanguage/Help:Contents',
    }),
  );
}

function* messages(): Generator<AppMessage> {
  const langs = readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'qqq.json')
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  for (const lang of langs) {
    const own = read(lang);
    // A language that translates none of the mails would only render English again.
    if (!own || (lang !== 'en' && !BODIES.some((k) => own[k]))) continue;
    const parent = lang.includes('-') ? read(lang.slice(0, lang.indexOf('-'))) : null;
    for (const org of ORGS) yield* mailsOf(lang, own, parent, org);
  }
}

await scoreAppMail('MediaWiki', messages());
