// npm run eval:django -- DIR: the password reset mail of every Django site that uses Django's own
// (django.contrib.auth and admin), an application the corpus does not have, scored by the shipped
// engine. DIR is Django's package directory (e.g. Debian's `python3-django`: `apt-get download
// python3-django && dpkg-deb -x python3-django_*.deb X`, then DIR =
// X/usr/lib/python3/dist-packages/django; BSD-3-Clause, not shipped here). The mail is rendered as
// Django 3.2 sends it: its subject from contrib/auth's registration/password_reset_subject.txt, its
// plain text from contrib/admin's registration/password_reset_email.html, each text looked up in
// that app's catalogue (<app>/locale/<lang>/LC_MESSAGES/django.mo) by its English original, a text
// a catalogue lacks in English, as gettext does. Django sends plain text alone, here from the
// organisation's no-reply address (DEFAULT_FROM_EMAIL), with the reset link on the site's own
// domain. Rendered for each organisation of ORGS (lib/app-mail.ts), its site at www.<domain>, and
// scored as full mail and as pasted text (see scoreAppMail).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, ORGS, plainTextMail, scoreAppMail, type AppMessage } from './lib/app-mail.js';
import { readMo } from './lib/gettext.js';

const dir = dirArgument("npm run eval:django -- DIR (Django's package directory: contrib/admin/locale, …)");

const catalogueOf = (app: string, lang: string) =>
  readMo(join(dir, 'contrib', app, 'locale', lang, 'LC_MESSAGES', 'django.mo'));

/** Django's blocktranslate: the text translated, %(name)s filled. */
const t = (catalogue: Map<string, string>, text: string, args: Record<string, string> = {}) =>
  (catalogue.get(text) || text).replace(/%\((\w+)\)s/g, (m, k: string) => args[k] ?? m);

function* messages(): Generator<AppMessage> {
  const locales = join(dir, 'contrib', 'admin', 'locale');
  const langs = readdirSync(locales).filter((l) => existsSync(join(locales, l, 'LC_MESSAGES', 'django.mo')));
  for (const lang of langs.sort()) {
    const admin = catalogueOf('admin', lang);
    const auth = catalogueOf('auth', lang);
    for (const org of ORGS) {
      const site = { site_name: org.name };
      const link = `https://www.${org.domain}/accounts/reset/MTI/c2x5qk-8f1c4e0b2a7d9e3f6b5a4c1d0e9f8a7b/`;
      const text = [
        t(
          admin,
          "You're receiving this email because you requested a password reset for your user account at %(site_name)s.",
          site,
        ),
        '',
        t(admin, 'Please go to the following page and choose a new password:'),
        '',
        link,
        '',
        `${t(admin, 'Your username, in case you’ve forgotten:')} jsmith`,
        '',
        t(admin, 'Thanks for using our site!'),
        '',
        t(admin, 'The %(site_name)s team', site),
        '',
      ].join('\n');
      yield plainTextMail({
        lang,
        template: 'password_reset',
        org,
        subject: t(auth, 'Password reset on %(site_name)s', site),
        text,
      });
    }
  }
}

await scoreAppMail('Django', messages());
