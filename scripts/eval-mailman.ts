// npm run eval:mailman -- DIR: mailing-list mail of an application the corpus does not have,
// scored by the shipped engine. DIR is GNU Mailman 3's package directory (`mailman`, holding
// templates/<lang>/*.txt and messages/<lang>/LC_MESSAGES/mailman.po; e.g. Debian's `mailman3`
// package: `apt-get download mailman3 && dpkg-deb -x mailman3_*.deb X`, then DIR =
// X/usr/lib/python3/dist-packages/mailman; GPL-3.0+, not shipped here). Each mail a subscriber
// gets, as Mailman 3.3 sends it (app/subscriptions.py, app/notifications.py, chains/hold.py):
// the confirmation needed to join, to leave and to accept an invitation (answered by replying,
// from <list>-confirm+<token>@ the list's host, as verp_confirmations sends it by default), the
// welcome, the goodbye and the notice that a post awaits moderation; plain text, each template in
// the list's language where Mailman has one and in English where it has not, the subject from the
// language's catalogue. Each is rendered for each organisation of ORGS (lib/app-mail.ts), its
// list `staff@lists.<domain>`, and scored as full mail and as pasted text (see scoreAppMail).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  dirArgument,
  ORGS,
  plainTextMail,
  readLocalised,
  scoreAppMail,
  type AppMessage,
} from './lib/app-mail.js';
import { readPo } from './lib/gettext.js';

const dir = dirArgument('npm run eval:mailman -- DIR (the mailman package: templates/ and messages/)');

/** Mailman's $name and ${a.b} substitutions (string.Template's safe_substitute). */
const expand = (text: string, values: Record<string, string>) =>
  text.replace(
    /\$(?:\{([\w.]+)\}|(\w+))/g,
    (m, braced: string | undefined, bare: string | undefined) => values[(braced ?? bare) as string] ?? m,
  );

function* messages(): Generator<AppMessage> {
  const templates = join(dir, 'templates');
  const langs = new Set(
    [...readdirSync(templates), ...readdirSync(join(dir, 'messages'))].filter(
      (l) => !l.includes('.') && !l.startsWith('_'),
    ),
  );
  for (const lang of [...langs].sort()) {
    const catalogue = readPo(join(dir, 'messages', lang, 'LC_MESSAGES', 'mailman.po'));
    const _ = (s: string) => catalogue.get(s) || s;
    const template = (name: string) => readLocalised(templates, lang, `${name}.txt`);
    // Each mail once per language: its name, the list address it comes from, its subject, its template.
    const mails: [string, 'confirm' | 'request' | 'bounces', string, string][] = [
      [
        'subscribe',
        'confirm',
        _('Your confirmation is needed to join the ${event.mlist.fqdn_listname} mailing list.'),
        template('list:user:action:subscribe'),
      ],
      [
        'unsubscribe',
        'confirm',
        _('Your confirmation is needed to leave the ${event.mlist.fqdn_listname} mailing list.'),
        template('list:user:action:unsubscribe'),
      ],
      [
        'invite',
        'confirm',
        _('You have been invited to join the ${event.mlist.fqdn_listname} mailing list.'),
        template('list:user:action:invite'),
      ],
      [
        'welcome',
        'request',
        _('Welcome to the "${mlist.display_name}" mailing list${digmode}'),
        template('list:user:notice:welcome'),
      ],
      [
        'goodbye',
        'bounces',
        _('You have been unsubscribed from the ${mlist.display_name} mailing list'),
        template('list:user:notice:goodbye'),
      ],
      [
        'hold',
        'bounces',
        _('Your message to ${mlist.fqdn_listname} awaits moderator approval'),
        template('list:user:notice:hold'),
      ],
    ];
    for (const org of ORGS) {
      const host = `lists.${org.domain}`;
      const list = 'staff';
      const token = '0f3b2c9d8e7a6f5b4c3d2e1f0a9b8c7d6e5f4a3b';
      const values: Record<string, string> = {
        'event.mlist.fqdn_listname': `${list}@${host}`,
        'mlist.fqdn_listname': `${list}@${host}`,
        'mlist.display_name': 'Staff',
        digmode: '',
        listname: `${list}@${host}`,
        fqdn_listname: `${list}@${host}`,
        display_name: 'Staff',
        list_name: 'Staff',
        short_listname: list,
        domain: host,
        request_email: `${list}-request@${host}`,
        list_requests: `${list}-request@${host}`,
        owner_email: `${list}-owner@${host}`,
        user_email: `j.smith@${org.domain}`,
        user_name: 'Jana Smith',
        token,
        subject: 'Room booking for the December meeting',
        reasons: _('The message is not from a list member'),
      };
      // A confirmation comes from <list>-confirm+<token>@ (verp_confirmations), the rest from the list.
      const from = (kind: 'confirm' | 'request' | 'bounces') =>
        kind === 'confirm' ? `${list}-confirm+${token}@${host}` : `${list}-${kind}@${host}`;
      for (const [name, kind, subject, text] of mails) {
        yield plainTextMail({
          lang,
          template: name,
          org,
          subject: expand(subject, values),
          text: expand(text, values),
          sender: from(kind),
        });
      }
    }
  }
}

await scoreAppMail('Mailman', messages());
