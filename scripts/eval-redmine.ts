// npm run eval:redmine -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds Redmine's locale files (<lang>.yml, from a Redmine release's
// config/locales, e.g. Debian's `redmine` package: `apt-get download redmine && dpkg-deb -x
// redmine_*.deb X`, then DIR = X/usr/share/redmine/config/locales; GPL-2.0+, not shipped here).
// Each account mail of app/models/mailer.rb is rendered as Redmine sends it, its text and HTML
// parts from app/views/mailer and the mailer layout with the default footer (config/settings.yml's
// emails_footer, which an administrator writes in one language): the lost-password link, the
// activation link on registering, the account an administrator made (its password in the text),
// the account activated, and the security notifications (password changed, address changed, two-
// factor authentication turned off) with the user, IP address and date lines. A key a locale
// lacks falls back to English, as Redmine's I18n does. Each is rendered for each organisation of
// ORGS (lib/app-mail.ts), its tracker at projects.<domain>, and scored as full mail and as pasted
// text (see scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:redmine -- DIR (a directory of Redmine <lang>.yml locale files)');

/**
 * The one-line `  key: value` entries of a Redmine locale file (the mail's texts are all such),
 * a value plain, "double-quoted" (\" and \n escapes) or 'single-quoted' ('' for ').
 */
function readLocale(yml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of yml.split(/\r?\n/)) {
    const kv = /^ {2}(\w+):\s*(.*?)\s*$/.exec(line);
    if (!kv) continue;
    let value = kv[2] as string;
    if (/^".*"$/.test(value))
      value = value.slice(1, -1).replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    else if (/^'.*'$/.test(value)) value = value.slice(1, -1).replace(/''/g, "'");
    if (value !== '') out.set(kv[1] as string, value);
  }
  return out;
}

/** Redmine's l(key, …): %{name} filled from the arguments. */
const fill = (pattern: string, args: Record<string, string>) =>
  pattern.replace(/%\{(\w+)\}/g, (m, k: string) => args[k] ?? m);

/** The default emails_footer (config/settings.yml), with the instance's own address. */
const footer = (app: string) =>
  `You have received this notification because you have either subscribed to it, or are involved in it.\nTo change your notification preferences, please click here: ${app}my/account`;

function* messages(): Generator<AppMessage> {
  const english = readLocale(readFileSync(join(dir, 'en.yml'), 'utf8'));
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.yml'))
    .sort()) {
    const lang = file.slice(0, -'.yml'.length);
    const own = readLocale(readFileSync(join(dir, file), 'utf8'));
    const l = (key: string, args: Record<string, string> = {}) =>
      fill(own.get(key) ?? english.get(key) ?? key, args);
    for (const org of ORGS) {
      const app = `https://projects.${org.domain}/`;
      const title = `${org.name} Projects`;
      const token = '9c1f4be07a2d43e58b6f0a7c12d9e3b4f5a6c7d8';
      const login = `${app}login`;
      /** The sender's login, IP address and time, as the security notices list them. */
      const who = [
        [l('field_user'), 'jsmith'],
        [l('field_remote_ip'), '203.0.113.42'],
        [l('label_date'), '11/20/2026 09:14 AM'],
      ];
      // Each mail: its subject, its text part (layout's footer added below) and its HTML body.
      const security = (message: string, linkTitle: string, url: string): [string, string, string] => [
        `[${title}] ${l('mail_subject_security_notification')}`,
        `${message}\n\n${url}\n\n${who.map(([k, v]) => `${k}: ${v}`).join('\n')}`,
        `<p>${escape(message)}<br />\n<a href="${url}">${escape(linkTitle)}</a></p>\n\n<p>${who
          .map(([k, v]) => `${escape(k as string)}: <strong>${escape(v as string)}</strong>`)
          .join('<br/>\n')}</p>`,
      ];
      const mails: [string, [string, string, string]][] = [
        [
          'lost_password',
          [
            l('mail_subject_lost_password', { value: title }),
            `${l('mail_body_lost_password')}\n${app}account/lost_password?token=${token}\n\n${l('mail_body_lost_password_validity')}\n\n${l('field_login')}: jsmith`,
            `<p>${escape(l('mail_body_lost_password'))}<br />\n<a href="${app}account/lost_password?token=${token}">${app}account/lost_password?token=${token}</a></p>\n\n<p>${escape(l('mail_body_lost_password_validity'))}</p>\n\n<p>${escape(l('field_login'))}: <b>jsmith</b></p>`,
          ],
        ],
        [
          'register',
          [
            l('mail_subject_register', { value: title }),
            `${l('mail_body_register')}\n${app}account/activate?token=${token}`,
            `<p>${escape(l('mail_body_register'))}<br />\n<a href="${app}account/activate?token=${token}">${app}account/activate?token=${token}</a></p>`,
          ],
        ],
        [
          'account_information',
          [
            l('mail_subject_register', { value: title }),
            `${l('mail_body_account_information')}:\n* ${l('field_login')}: jsmith\n* ${l('field_password')}: k7Rq2mWz4pLx\n\n${l('label_login')}: ${login}`,
            `<p>${escape(l('mail_body_account_information'))}:</p>\n<ul>\n    <li>${escape(l('field_login'))}: jsmith</li>\n    <li>${escape(l('field_password'))}: k7Rq2mWz4pLx</li>\n</ul>\n\n<p>${escape(l('label_login'))}: <a href="${login}">${login}</a></p>`,
          ],
        ],
        [
          'account_activated',
          [
            l('mail_subject_register', { value: title }),
            `${l('notice_account_activated')}\n${l('label_login')}: ${login}`,
            `<p>${escape(l('notice_account_activated'))}</p>\n<p>${escape(l('label_login'))}: <a href="${login}">${login}</a></p>`,
          ],
        ],
        [
          'password_updated',
          security(l('mail_body_password_updated'), l('button_change_password'), `${app}my/password`),
        ],
        [
          'address_changed',
          security(
            l('mail_body_security_notification_change_to', {
              field: l('field_mail'),
              value: `j.smith@${org.domain}`,
            }),
            l('label_my_account'),
            `${app}my/account`,
          ),
        ],
        [
          'twofa_disabled',
          security(
            l('twofa_mail_body_security_notification_unpaired'),
            `${app}my/account`,
            `${app}my/account`,
          ),
        ],
      ];
      for (const [template, [subject, text, body]] of mails) {
        const end = footer(app);
        const html = `<html>\n<head>\n<style>\nbody { font-family: Verdana, sans-serif; font-size: 14px; }\n</style>\n</head>\n<body>\n${body}\n<hr />\n<span class="footer"><p>${escape(end.split('\n')[0] as string)}<br />\n${escape('To change your notification preferences, please click here: ')}<a href="${app}my/account">${app}my/account</a></p></span>\n</body>\n</html>\n`;
        const full = `${text}\n\n-- \n${end}\n`;
        yield { lang, template, org, subject, text: full, html, visible: full };
      }
    }
  }
}

await scoreAppMail('Redmine', messages());
