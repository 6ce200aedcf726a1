// npm run eval:dokuwiki -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds DokuWiki's translations (inc/lang/<lang>/ of a DokuWiki release:
// lang.php and the mail templates *.txt; e.g. Debian's `dokuwiki` package: `apt-get download
// dokuwiki && dpkg-deb -x dokuwiki_*.deb X`, then DIR = X/usr/share/dokuwiki/inc/lang; GPL-2.0,
// not shipped here). Each mail is rendered as DokuWiki's Mailer sends it (inc/Mailer.class.php):
// the template's text with its @TOKENS@ replaced and the signature appended, and an HTML part
// made from the same text (escaped, line breaks kept, each replaced address a link, wrapped in
// mailwrap.html), the subject prefixed with the wiki's title: the password a new account gets,
// the confirmation link of a password reset, a subscribed page's change with its diff, and the
// administrator's notice of a new registration (browser, IP address, host). A template a language
// lacks is taken in English, as rawLocale does. Each is rendered for each organisation of ORGS
// (lib/app-mail.ts), its wiki at wiki.<domain>, and scored as full mail and as pasted text (see
// scoreAppMail).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, readLocalised, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:dokuwiki -- DIR (DokuWiki inc/lang: <lang>/lang.php and *.txt)');

/** A lang.php's `$lang['key'] = '…';` entries (single- or double-quoted, possibly over lines). */
function readLang(file: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  const php = readFileSync(file, 'utf8');
  for (const m of php.matchAll(/\$lang\['([\w-]+)'\]\s*=\s*(['"])((?:\\.|(?!\2)[\s\S])*)\2\s*;/g))
    out.set(m[1] as string, (m[3] as string).replace(/\\(['"\\])/g, '$1'));
  return out;
}

function* messages(): Generator<AppMessage> {
  const english = readLang(join(dir, 'en', 'lang.php'));
  const langs = readdirSync(dir).filter((l) => existsSync(join(dir, l, 'lang.php')));
  for (const lang of langs.sort()) {
    const own = readLang(join(dir, lang, 'lang.php'));
    const l = (key: string) => own.get(key) ?? english.get(key) ?? key;
    const wrapper = readLocalised(dir, lang, 'mailwrap.html');
    /** The four mails' templates, read once per language. */
    const raws = new Map(
      ['password', 'pwconfirm', 'subscr_single', 'registermail'].map((n) => [
        n,
        readLocalised(dir, lang, `${n}.txt`),
      ]),
    );
    for (const org of ORGS) {
      const title = `${org.name} Wiki`;
      const wiki = `https://wiki.${org.domain}/`;
      const common: Record<string, string> = {
        DATE: '2026/11/20 09:14',
        BROWSER: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
        IPADDRESS: '203.0.113.42',
        HOSTNAME: 'host-203-0-113-42.example.net',
        TITLE: title,
        DOKUWIKIURL: wiki,
        USER: 'jsmith',
        NAME: 'Jana Smith',
        MAIL: `j.smith@${org.domain}`,
      };
      const signature = l('email_signature_text').replace('@DOKUWIKIURL@', wiki);
      const prefix = title.length < 20 ? `[${title}]` : `[${title.slice(0, 20)}...]`;
      /** One mail: the template with its own replacements (addresses among them become links). */
      const mail = (name: string, subject: string, values: Record<string, string>): AppMessage => {
        const all = { ...common, ...values };
        const raw = raws.get(name) as string;
        const text = (raw.includes('@EMAILSIGNATURE@') ? raw : `${raw}@EMAILSIGNATURE@`).replace(
          /@([A-Z]+)@/g,
          (m, k: string) => (k === 'EMAILSIGNATURE' ? `\n-- \n${signature}\n` : (all[k] ?? m)),
        );
        const html = wrapper
          .replace(
            '@HTMLBODY@',
            escape(raw.replace('@EMAILSIGNATURE@', ''))
              .replace(/^----+$/gm, '<hr >')
              .replace(/\n/g, '<br />\n'),
          )
          .replace(/@([A-Z]+)@/g, (m, k: string) => {
            if (k === 'EMAILSIGNATURE') return escape(signature).replace(/\n/g, '<br />\n');
            const v = all[k];
            if (v === undefined) return m;
            return /^https?:\/\//.test(v) ? `<a href="${escape(v)}">${escape(v)}</a>` : escape(v);
          });
        return {
          lang,
          template: name,
          org,
          subject: `${prefix} ${subject}`,
          text,
          html,
          visible: text,
          sender: `"${title}" <wiki@${org.domain}>`,
        };
      };
      yield mail('password', l('regpwmail'), {
        FULLNAME: 'Jana Smith',
        LOGIN: 'jsmith',
        PASSWORD: 'k7Rq2mWz55',
      });
      yield mail('pwconfirm', l('regpwmail'), {
        FULLNAME: 'Jana Smith',
        LOGIN: 'jsmith',
        CONFIRM: `${wiki}doku.php?do=resendpwd&pwauth=4f0c9a1be27d4c83a5f6b2d19e07c3aa`,
      });
      yield mail('subscr_single', `${l('mail_changed')} onboarding:checklist`, {
        PAGE: 'onboarding:checklist',
        DIFF: '@@ -3,1 +3,1 @@\n-Room 2.14 on Mondays\n+Room 3.02 on Mondays',
        SUMMARY: 'fixed the room numbers',
        OLDPAGE: `${wiki}doku.php?id=onboarding:checklist&rev=1763630000`,
        NEWPAGE: `${wiki}doku.php?id=onboarding:checklist`,
        SUBSCRIBE: `${wiki}doku.php?id=onboarding:checklist&do=subscribe`,
      });
      yield mail('registermail', `${l('mail_new_user')} jsmith`, {
        NEWUSER: 'jsmith',
        NEWNAME: 'Jana Smith',
        NEWEMAIL: `j.smith@${org.domain}`,
      });
    }
  }
}

await scoreAppMail('DokuWiki', messages());
