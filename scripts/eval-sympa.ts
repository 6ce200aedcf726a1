// npm run eval:sympa -- DIR: mailing-list mail of an application the corpus does not have, scored
// by the shipped engine. DIR holds Sympa's compiled translations (<lang>/LC_MESSAGES/sympa.mo,
// e.g. Debian's `sympa` package: `apt-get download sympa && dpkg-deb -x sympa_*.deb X`, then
// DIR = X/usr/share/locale; GPL-2.0+, not shipped here). Sympa writes each mail from a template
// (default/mail_tt2) whose texts go through its catalogue; four of them are rendered as Sympa
// 6.2 sends them with its web interface on: the confirmation a subscription or an unsubscription
// asks for (request_auth.tt2, its link to the server's auth page), the link to choose a password
// (sendpasswd.tt2), the welcome (welcome.tt2) and the goodbye (bye.tt2); plain text, from the
// server's robot ("SYMPA" <sympa@lists.<domain>>) or the list, a text a catalogue lacks in
// English, as gettext does. Each is rendered for each organisation of ORGS (lib/app-mail.ts), its
// server at lists.<domain>, and scored as full mail and as pasted text (see scoreAppMail).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, ORGS, plainTextMail, scoreAppMail, type AppMessage } from './lib/app-mail.js';
import { readMo } from './lib/gettext.js';

const dir = dirArgument('npm run eval:sympa -- DIR (a locale directory: <lang>/LC_MESSAGES/sympa.mo)');

function* messages(): Generator<AppMessage> {
  const langs = readdirSync(dir).filter((l) => existsSync(join(dir, l, 'LC_MESSAGES', 'sympa.mo')));
  for (const lang of ['en', ...langs.sort()]) {
    const catalogue = readMo(join(dir, lang, 'LC_MESSAGES', 'sympa.mo'));
    /** Sympa's loc filter: the text translated, %1, %2… filled. */
    const loc = (text: string, ...args: string[]) =>
      (catalogue.get(text) || text).replace(/%(\d)/g, (m, n: string) => args[Number(n) - 1] ?? m);
    for (const org of ORGS) {
      const host = `lists.${org.domain}`;
      const web = `https://${host}/sympa`;
      const title = `${org.name} lists`;
      const list = 'staff';
      const email = `j.smith@${org.domain}`;
      const key = '5f0c9a1be27d4c83';
      const robot = `"SYMPA" <sympa@${host}>`;
      const fromList = `"${list}" <${list}-request@${host}>`;
      /** request_auth.tt2: what was requested, then the link that confirms it. */
      const confirmation = (
        type: string,
        subject: string,
        requested: string,
      ): [string, string, string, string] => [
        type,
        robot,
        loc(subject, title, list),
        `${loc(requested, list)}\n\n${loc('If you want this action to be taken, please hit the following link:')}\n  ${web}/auth/${key}/${type}?email=${encodeURIComponent(email)}\n\n${loc(
          'If you do not want this action to be taken, you can safely ignore this message.',
        )}\n`,
      ];
      const mails: [string, string, string, string][] = [
        confirmation(
          'subscribe',
          '%1 / subscribing to %2',
          "You requested that your e-mail address be added to list '%1'.",
        ),
        confirmation(
          'signoff',
          '%1 / unsubscribing from %2',
          "You requested that your e-mail address be removed from list '%1'.",
        ),
        [
          'sendpasswd',
          robot,
          loc('%1 / your environment', title),
          `${loc(
            'Someone, probably you, requested to allocate or renew your password for your list server account %1.',
            host,
          )}\n${loc('You may ignore this request or click on the following URL in order to choose your password.')}: ${web}/ticket/71830256915749\n\n${loc('Help on Sympa: %1%2', web, '/help')}\n`,
        ],
        [
          'welcome',
          fromList,
          loc('Welcome to list %1', list),
          `${loc('Welcome to list %1@%2', list, host)}\n${loc('Your subscription email is %1', email)}\n\n${loc(
            'The list homepage:',
          )} ${web}/info/${list}\n${loc('General information about mailing lists:')} ${web}/help/introduction.html\n`,
        ],
        [
          'bye',
          fromList,
          loc('Unsubscribed from %1', list),
          `${loc('Your email address (%1) has been removed from list %2@%3', email, list, host)}\n${loc('bye!')}\n`,
        ],
      ];
      for (const [template, sender, subject, text] of mails)
        yield plainTextMail({ lang, template, org, subject, text, sender });
    }
  }
}

await scoreAppMail('Sympa', messages());
