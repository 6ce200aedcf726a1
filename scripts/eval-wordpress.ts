// npm run eval:wordpress -- DIR: account and site mail of an application the corpus does not have,
// scored by the shipped engine. DIR holds WordPress's translations (<locale>.mo and
// admin-<locale>.mo, from a WordPress release's wp-content/languages, e.g. Debian's
// `wordpress-l10n` package: `apt-get download wordpress-l10n && dpkg-deb -x wordpress-l10n_*.deb X`,
// then DIR = X/usr/share/wordpress/wp-content/languages; GPL-2.0+, not shipped here). WordPress
// sends plain text alone, by default as "WordPress <wordpress@<the site's domain>>". Each mail is
// written as WordPress 6.1's own code writes it (wp-includes/user.php, pluggable.php,
// class-wp-recovery-mode-email-service.php, wp-admin/includes/class-wp-automatic-updater.php),
// its texts looked up in the locale's catalogues by their English originals: the password reset
// (with the requester's IP address), a new user's login details, the notices that a password or
// an address was changed, the request to confirm a new address, the request to confirm a personal
// data export, the recovery-mode mail about a plugin's fatal error, the automatic update's report
// and a comment awaiting moderation. A text a catalogue lacks stays English, as gettext does. Each
// is rendered for each organisation of ORGS (lib/app-mail.ts), its site at blog.<domain>, and
// scored as full mail and as pasted text (see scoreAppMail).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, ORGS, plainTextMail, scoreAppMail, type AppMessage } from './lib/app-mail.js';
import { readMo } from './lib/gettext.js';

const dir = dirArgument('npm run eval:wordpress -- DIR (WordPress wp-content/languages: <locale>.mo files)');

/** PHP's sprintf as these strings use it: %s in order, %1$s by position. */
const format = (pattern: string, ...args: string[]) => {
  let next = 0;
  return pattern.replace(
    /%(?:(\d+)\$)?s/g,
    (m, n: string | undefined) => args[n ? Number(n) - 1 : next++] ?? m,
  );
};

function* messages(): Generator<AppMessage> {
  const locales = readdirSync(dir)
    .filter((f) => /^[a-z]{2,3}(?:_[A-Za-z]+)*\.mo$/.test(f))
    .map((f) => f.slice(0, -'.mo'.length))
    .sort();
  for (const locale of ['en_US', ...locales]) {
    const main = readMo(join(dir, `${locale}.mo`));
    const admin = readMo(join(dir, `admin-${locale}.mo`));
    const __ = (s: string) => main.get(s) || admin.get(s) || s;
    const _n = (one: string, many: string, count: number) => {
      const forms = (main.get(`${one}\0${many}`) || admin.get(`${one}\0${many}`) || `${one}\0${many}`).split(
        '\0',
      );
      return (count === 1 ? forms[0] : (forms[1] ?? forms[0])) as string;
    };
    for (const org of ORGS) {
      const site = `https://blog.${org.domain}/`;
      const blogname = org.name;
      const ip = '203.0.113.42';
      const key = 'Xk3vQ9pL2mR7sT1wY4zA';
      const login = 'jsmith';
      const email = `j.smith@${org.domain}`;
      const adminEmail = `webmaster@${org.domain}`;
      const placeholders = (text: string, values: Record<string, string>) =>
        text.replace(/###(\w+)###/g, (m, k: string) => values[k] ?? m);
      const common = {
        USERNAME: login,
        SITENAME: blogname,
        SITEURL: site,
        EMAIL: email,
        ADMIN_EMAIL: adminEmail,
      };
      const mails: [string, string, string][] = [
        [
          'password_reset',
          format(__('[%s] Password Reset'), blogname),
          [
            __('Someone has requested a password reset for the following account:'),
            format(__('Site Name: %s'), blogname),
            format(__('Username: %s'), login),
            __('If this was a mistake, ignore this email and nothing will happen.'),
            __('To reset your password, visit the following address:'),
            `${site}wp-login.php?action=rp&key=${key}&login=${login}&wp_lang=${locale}`,
            format(__('This password reset request originated from the IP address %s.'), ip),
          ].join('\r\n\r\n'),
        ],
        [
          'login_details',
          format(__('[%s] Login Details'), blogname),
          `${format(__('Username: %s'), login)}\r\n\r\n${__('To set your password, visit the following address:')}\r\n\r\n${site}wp-login.php?action=rp&key=${key}&login=${login}\r\n\r\n${site}wp-login.php\r\n`,
        ],
        [
          'password_changed',
          format(__('[%s] Password Changed'), blogname),
          placeholders(
            __(
              originalStarting(main, admin, 'Hi ###USERNAME###,\n\nThis notice confirms that your password'),
            ),
            common,
          ),
        ],
        [
          'email_changed',
          format(__('[%s] Email Changed'), blogname),
          placeholders(
            __(
              originalStarting(
                main,
                admin,
                'Hi ###USERNAME###,\n\nThis notice confirms that your email address',
              ),
            ),
            {
              ...common,
              NEW_EMAIL: `jana.smith@${org.domain}`,
            },
          ),
        ],
        [
          'email_change_request',
          format(__('[%s] Email Change Request'), blogname),
          placeholders(
            __(
              originalStarting(
                main,
                admin,
                'Howdy ###USERNAME###,\n\nYou recently requested to have the email address',
              ),
            ),
            {
              ...common,
              EMAIL: `jana.smith@${org.domain}`,
              ADMIN_URL: `${site}wp-admin/profile.php?newuseremail=${key}`,
            },
          ),
        ],
        [
          'export_request',
          format(__('[%1$s] Confirm Action: %2$s'), blogname, __('Export Personal Data')),
          placeholders(
            __(
              originalStarting(
                main,
                admin,
                'Howdy,\n\nA request has been made to perform the following action',
              ),
            ),
            {
              ...common,
              DESCRIPTION: __('Export Personal Data'),
              CONFIRM_URL: `${site}wp-login.php?action=confirmaction&request_id=42&confirm_key=${key}`,
            },
          ),
        ],
        [
          'recovery_mode',
          format(__('[%s] Your Site is Experiencing a Technical Issue'), blogname),
          placeholders(
            __(originalStarting(main, admin, 'Howdy!\n\nSince WordPress 5.2 there is a built-in feature')),
            {
              LINK: `${site}wp-login.php?action=enter_recovery_mode&rm_token=${key}&rm_key=${key}`,
              EXPIRES: _n('%s day', '%s days', 1).replace('%s', '1'),
              CAUSE: `\n${format(__('In this case, WordPress caught an error with one of your plugins, %s.'), 'Contact Form Pro')}\n`,
              SITEURL: site,
              PAGEURL: `${site}wp-admin/`,
              SUPPORT: __('Please contact your host for assistance with investigating this issue further.'),
              DEBUG: [
                format(__('WordPress version %s'), '6.1.9'),
                format(__('Active theme: %1$s (version %2$s)'), 'Twenty Twenty-Three', '1.0'),
                format(__('Current plugin: %1$s (version %2$s)'), 'Contact Form Pro', '2.3.1'),
                format(__('PHP version %s'), '8.2.7'),
              ].join('\r\n'),
              DETAILS: `\n\n${__('Error Details')}\n${'='.repeat(__('Error Details').length)}\n${format(
                __('An error of type %1$s was caused in line %2$s of the file %3$s. Error message: %4$s'),
                'E_ERROR',
                '212',
                '/var/www/blog/wp-content/plugins/contact-form-pro/includes/form.php',
                'Uncaught Error: Call to undefined function cfp_render()',
              )}`,
            },
          ),
        ],
        [
          'auto_update',
          format(__('[%1$s] Your site has updated to WordPress %2$s'), blogname, '6.1.9'),
          `${format(__('Howdy! Your site at %1$s has been updated automatically to WordPress %2$s.'), site.slice(0, -1), '6.1.9')}\n\n${__('No further action is needed on your part.')} ${format(__('For more on version %s, see the About WordPress screen:'), '6.1')}\n${site}wp-admin/about.php`,
        ],
        [
          'comment_moderation',
          format(__('[%1$s] Please moderate: "%2$s"'), blogname, 'Opening hours over the holidays'),
          [
            format(
              __('A new comment on the post "%s" is waiting for your approval'),
              'Opening hours over the holidays',
            ),
            `${site}2026/11/opening-hours/\r\n`,
            format(
              __('Author: %1$s (IP address: %2$s, %3$s)'),
              'Maria Keller',
              '198.51.100.7',
              'host-198-51-100-7.example.net',
            ),
            format(__('Email: %s'), 'maria.keller@example.net'),
            format(__('URL: %s'), ''),
            `${format(__('Comment: %s'), '\r\nWill the office also be closed on the 2nd of January?')}\r\n`,
            format(__('Approve it: %s'), `${site}wp-admin/comment.php?action=approve&c=118#wpbody-content`),
            format(__('Trash it: %s'), `${site}wp-admin/comment.php?action=trash&c=118#wpbody-content`),
            format(__('Spam it: %s'), `${site}wp-admin/comment.php?action=spam&c=118#wpbody-content`),
            format(
              _n(
                'Currently %s comment is waiting for approval. Please visit the moderation panel:',
                'Currently %s comments are waiting for approval. Please visit the moderation panel:',
                1,
              ),
              '1',
            ),
            `${site}wp-admin/edit-comments.php?comment_status=moderated#wpbody-content`,
          ].join('\r\n'),
        ],
      ];
      for (const [template, subject, text] of mails)
        yield plainTextMail({
          lang: locale,
          template,
          org,
          subject,
          text,
          sender: `WordPress <wordpress@blog.${org.domain}>`,
        });
    }
  }
}

/** The English original a catalogue translates that starts so (these texts span lines). */
function originalStarting(main: Map<string, string>, admin: Map<string, string>, start: string): string {
  for (const catalogue of [main, admin]) for (const k of catalogue.keys()) if (k.startsWith(start)) return k;
  return ENGLISH.find((t) => t.startsWith(start)) ?? start;
}

/** The multi-line originals, as WordPress 6.1 writes them, for a locale without a catalogue (en_US). */
const ENGLISH = [
  'Hi ###USERNAME###,\n\nThis notice confirms that your password was changed on ###SITENAME###.\n\nIf you did not change your password, please contact the Site Administrator at\n###ADMIN_EMAIL###\n\nThis email has been sent to ###EMAIL###\n\nRegards,\nAll at ###SITENAME###\n###SITEURL###',
  'Hi ###USERNAME###,\n\nThis notice confirms that your email address on ###SITENAME### was changed to ###NEW_EMAIL###.\n\nIf you did not change your email, please contact the Site Administrator at\n###ADMIN_EMAIL###\n\nThis email has been sent to ###EMAIL###\n\nRegards,\nAll at ###SITENAME###\n###SITEURL###',
  'Howdy ###USERNAME###,\n\nYou recently requested to have the email address on your account changed.\n\nIf this is correct, please click on the following link to change it:\n###ADMIN_URL###\n\nYou can safely ignore and delete this email if you do not want to\ntake this action.\n\nThis email has been sent to ###EMAIL###\n\nRegards,\nAll at ###SITENAME###\n###SITEURL###',
  'Howdy,\n\nA request has been made to perform the following action on your account:\n\n     ###DESCRIPTION###\n\nTo confirm this, please click on the following link:\n###CONFIRM_URL###\n\nYou can safely ignore and delete this email if you do not want to\ntake this action.\n\nRegards,\nAll at ###SITENAME###\n###SITEURL###',
  'Howdy!\n\nSince WordPress 5.2 there is a built-in feature that detects when a plugin or theme causes a fatal error on your site, and notifies you with this automated email.\n###CAUSE###\nFirst, visit your website (###SITEURL###) and check for any visible issues. Next, visit the page where the error was caught (###PAGEURL###) and check for any visible issues.\n\n###SUPPORT###\n\nIf your site appears broken and you can\'t access your dashboard normally, WordPress now has a special "recovery mode". This lets you safely login to your dashboard and investigate further.\n\n###LINK###\n\nTo keep your site safe, this link will expire in ###EXPIRES###. Don\'t worry about that, though: a new link will be emailed to you if the error occurs again after it expires.\n\nWhen seeking help with this issue, you may be asked for some of the following information:\n###DEBUG###\n\n###DETAILS###',
];

await scoreAppMail('WordPress', messages());
