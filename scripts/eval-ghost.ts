// npm run eval:ghost -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds the `ghost` npm package unpacked (MIT, not shipped here) and its
// bundled translations beside it:
//   npm pack ghost && mkdir DIR && tar xzf ghost-*.tgz -C DIR
//   mkdir DIR/i18n && tar xzf DIR/package/components/tryghost-i18n-*.tgz -C DIR/i18n
// Ghost's member mail, as core/server/services/members/api.js sends it: the magic sign-in link,
// the sign-up and paid sign-up links, the subscription and the address-change confirmations, each
// with its subject, its text part (written out here as api.js writes it) and its HTML (Ghost's own
// templates, members/emails/*.js, rendered with the locale's texts); and the staff sign-in
// verification code (auth/session/emails/signin.js, its subject as session-service.js writes it,
// English in every locale, HTML alone). A text a locale leaves empty falls back to English, as
// Ghost's i18next does. Each is rendered for each organisation of ORGS (lib/app-mail.ts), its site
// at news.<domain>, and scored as full mail and as pasted text (see scoreAppMail).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { dirArgument, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:ghost -- DIR (the ghost package unpacked, its i18n in DIR/i18n)');
const require = createRequire(import.meta.url);
const MEMBER = join(dir, 'package', 'core', 'server', 'services', 'members', 'emails');
const STAFF = join(dir, 'package', 'core', 'server', 'services', 'auth', 'session', 'emails', 'signin.js');
const LOCALES = join(dir, 'i18n', 'package', 'locales');

type Vars = Record<string, unknown>;
type Template = (args: Vars) => string;
type T = (key: string, vars?: Vars) => string;
const template = (path: string) => require(path) as Template;

/** i18next as Ghost configures it: {name} interpolation, an empty translation falls back to the key. */
function translator(lang: string): T {
  const texts = JSON.parse(readFileSync(join(LOCALES, lang, 'ghost.json'), 'utf8')) as Record<string, string>;
  return (key, vars = {}) =>
    (texts[key] || key).replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** The text part of the staff code's HTML, as a mailer derives it: visible text, a link as "words [address]". */
const textOf = (html: string) =>
  html
    .replace(/<head>[\s\S]*?<\/head>/i, '')
    .replace(/<span class="preheader"[\s\S]*?<\/span>/i, '')
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => {
      const w = words.replace(/<[^>]+>/g, '').trim();
      return w === href ? href : `${w} [${href}]`;
    })
    .replace(/<br\s*\/?>|<\/(?:p|h1|h2|td|tr|li)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&nbsp;/g, ' ')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** What copying the rendered message gives: its visible text without the links' addresses. */
const visibleOf = (html: string) => textOf(html.replace(/<a [^>]*>([\s\S]*?)<\/a>/gi, '$1'));

/** api.js's getText: the same words as the HTML, the link written out. */
function textPart(t: T, type: string, url: string, siteTitle: string, email: string): string {
  const site = { siteTitle };
  const [lead, closing, notice]: [string, string | null, string] = {
    subscribe: [
      t(
        "You're one tap away from subscribing to {siteTitle} — please confirm your email address with this link:",
        site,
      ),
      t('All the best!'),
      `${t('If you did not make this request, you can simply delete this message.')} ${t('You will not be subscribed.')}`,
    ],
    signup: [
      t(
        'Tap the link below to complete the signup process for {siteTitle}, and be automatically signed in:',
        site,
      ),
      t('See you soon!'),
      `${t('If you did not make this request, you can simply delete this message.')} ${t('You will not be signed up, and no account will be created for you.')}`,
    ],
    'signup-paid': [
      t('Thank you for subscribing to {siteTitle}. Tap the link below to be automatically signed in:', site),
      t('See you soon!'),
      t('Thank you for subscribing to {siteTitle}!', site),
    ],
    updateEmail: [
      t('Please confirm your email address with this link:'),
      null,
      `${t('If you did not make this request, you can simply delete this message.')} ${t('This email address will not be used.')}`,
    ],
    signin: [
      t('Welcome back! Use this link to securely sign in to your {siteTitle} account:', site),
      t('See you soon!'),
      t('If you did not make this request, you can safely ignore this email.'),
    ],
  }[type] as [string, string | null, string];
  return [
    t('Hey there,'),
    '',
    lead,
    '',
    url,
    '',
    t('For your security, the link will expire in 24 hours time.'),
    '',
    ...(closing ? [closing, ''] : []),
    '---',
    '',
    t('Sent to {email}', { email }),
    notice,
    '',
  ].join('\n');
}

/** api.js's getSubject. */
function subjectOf(t: T, type: string, siteTitle: string): string {
  const site = { siteTitle };
  return {
    subscribe: `📫 ${t('Confirm your subscription to {siteTitle}', site)}`,
    signup: `🙌 ${t('Complete your sign up to {siteTitle}!', site)}`,
    'signup-paid': `🙌 ${t('Thank you for signing up to {siteTitle}!', site)}`,
    updateEmail: `📫 ${t('Confirm your email update for {siteTitle}!', site)}`,
    signin: `🔑 ${t('Secure sign in link for {siteTitle}', site)}`,
  }[type] as string;
}

const MEMBER_MAIL: [type: string, file: string][] = [
  ['signin', 'signin.js'],
  ['signup', 'signup.js'],
  ['signup-paid', 'signup-paid.js'],
  ['subscribe', 'subscribe.js'],
  ['updateEmail', 'update-email.js'],
];

function* messages(): Generator<AppMessage> {
  const members = MEMBER_MAIL.map(([type, file]) => [type, template(join(MEMBER, file))] as const);
  const staff = template(STAFF);
  const langs = readdirSync(LOCALES).filter((l) => existsSync(join(LOCALES, l, 'ghost.json')));
  for (const lang of langs.sort()) {
    const t = translator(lang);
    for (const org of ORGS) {
      const siteDomain = `news.${org.domain}`;
      const siteUrl = `https://${siteDomain}/`;
      const siteTitle = `${org.name} News`;
      const email = `j.smith@${org.domain}`;
      for (const [type, render] of members) {
        const url = `${siteUrl}members/?token=Qm9vb2tzLWFuZC1uZXdzLWxldHRlcg&action=${type}&r=${encodeURIComponent(siteUrl)}`;
        const html = render({ t, siteTitle, email, url, siteDomain, siteUrl });
        yield {
          lang,
          template: type,
          org,
          subject: subjectOf(t, type, siteTitle),
          text: textPart(t, type, url, siteTitle, email),
          html,
          visible: visibleOf(html),
        };
      }
      const token = '482913';
      const html = staff({
        t,
        siteTitle,
        email,
        siteDomain,
        siteUrl,
        siteLogo: '',
        token,
        deviceDetails: {
          device: 'Firefox, Windows',
          location: 'Berlin, Germany',
          time: '20 Nov 2026, 09:14',
        },
        is2FARequired: false,
      });
      yield {
        lang,
        template: 'staff-code',
        org,
        subject: `${token} is your Ghost sign in verification code`,
        text: textOf(html),
        html,
        visible: visibleOf(html),
      };
    }
  }
}

await scoreAppMail('Ghost', messages());
