// npm run eval:gitea -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds Gitea's locale files (locale_<lang>.ini, from a Gitea checkout's
// options/locale; MIT, not shipped here). Each account mail of templates/mail/auth (activate,
// activate_email, register_notify, reset_passwd) and the team invitation is rendered as Gitea
// sends it: its HTML, with the link written out on the instance's own address, and the text part
// Gitea derives from it. A key a translation lacks falls back to English, as Gitea does. Each is
// rendered for each organisation of ORGS (lib/app-mail.ts) and scored as full mail and as pasted
// text (see scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:gitea -- DIR (a directory of Gitea locale_<lang>.ini files)');

/** The [mail] section of a Gitea locale file: `key = value`, a value optionally quoted. */
function readMail(ini: string): Map<string, string> {
  const out = new Map<string, string>();
  let section = '';
  for (const line of ini.split(/\r?\n/)) {
    const head = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (head) section = head[1] as string;
    const kv = /^\s*([\w.]+)\s*=\s*(.*)$/.exec(line);
    if (section !== 'mail' || !kv) continue;
    let value = (kv[2] as string).trim();
    if (/^(["`]).*\1$/.test(value)) value = value.slice(1, -1);
    out.set(kv[1] as string, value);
  }
  return out;
}

/** Go's fmt as these strings use it: %s and %d in order, %[n]s by position. */
function format(pattern: string, args: readonly string[]): string {
  let next = 0;
  return pattern.replace(/%(?:\[(\d+)\])?[sd]/g, (m, n: string | undefined) => {
    const i = n === undefined ? next++ : Number(n) - 1;
    if (n !== undefined) next = i + 1;
    return args[i] ?? m;
  });
}

/** How long a code lives, as Gitea writes it (three hours), per language; English otherwise. */
const LIVES: Record<string, string> = { 'de-DE': '3 Stunden', 'ru-RU': '3 часа', 'fr-FR': '3 heures' };

/** The text part Gitea's mailer derives from the HTML: tags dropped, paragraphs kept. */
const textOf = (html: string) =>
  html
    .replace(/<title>[\s\S]*?<\/title>/i, '')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

function* messages(): Generator<AppMessage> {
  const files = readdirSync(dir).filter((f) => /^locale_[\w-]+\.ini$/.test(f));
  const english = readMail(readFileSync(join(dir, 'locale_en-US.ini'), 'utf8'));
  for (const file of files.sort()) {
    const lang = file.slice('locale_'.length, -'.ini'.length);
    const own = readMail(readFileSync(join(dir, file), 'utf8'));
    // Gitea's translations once wrote activate_account.text_n as test_n; either is read.
    const tr = (key: string, ...args: string[]) =>
      format(own.get(key) ?? own.get(key.replace('.text_', '.test_')) ?? english.get(key) ?? key, args);
    const lives = LIVES[lang] ?? '3 hours';
    for (const org of ORGS) {
      const app = `https://git.${org.domain}/`;
      const appName = `${org.name} Git`;
      const name = 'Jana Smith';
      const hi = `<p>${tr('mail.hi_user_x', escape(name))}</p><br>`;
      const link = (url: string) => `<p><a href="${url}">${url}</a></p><br>`;
      const footer = `<p>${tr('mail.link_not_working_do_paste')}</p><p>© <a target="_blank" rel="noopener noreferrer" href="${app}">${escape(appName)}</a></p>`;
      const mails: [string, string, string][] = [
        [
          'activate',
          tr('mail.activate_account'),
          `<p>${tr('mail.activate_account.text_1', escape(name), escape(appName))}</p><br><p>${tr('mail.activate_account.text_2', lives)}</p>${link(`${app}user/activate?code=202611201400180b7f3c9e2a`)}${footer}`,
        ],
        [
          'activate_email',
          tr('mail.activate_email'),
          `${hi}<p>${tr('mail.activate_email.text', lives)}</p>${link(`${app}user/activate_email?code=202611201400180b7f3c9e2a&email=j.smith%40${org.domain}`)}${footer}`,
        ],
        [
          'register_notify',
          tr('mail.register_notify'),
          `${hi}<p>${tr('mail.register_notify.text_1', escape(appName))}</p><br><p>${tr('mail.register_notify.text_2', 'jsmith')}</p><p>${tr('mail.register_notify.text_3', `${app}user/forgot_password`)}</p><br>${footer}`,
        ],
        [
          'reset_passwd',
          tr('mail.reset_password'),
          `${hi}<p>${tr('mail.reset_password.text', lives)}</p>${link(`${app}user/recover_account?code=202611201400180b7f3c9e2a`)}${footer}`,
        ],
        [
          'team_invite',
          tr('mail.team_invite.subject', 'mkovacs', escape(org.name)),
          `<p>${tr('mail.team_invite.text_1', 'mkovacs', 'Developers', escape(org.name))}</p><p>${tr('mail.team_invite.text_2')}</p>${link(`${app}org/invite/9f2c7e1ab45d4e0c8b6a`)}<p>${tr('mail.team_invite.text_3', `j.smith@${org.domain}`)}</p>${footer}`,
        ],
      ];
      for (const [template, subject, body] of mails) {
        const html = `<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8" /><title>${escape(subject)}</title></head><body>${body}</body></html>`;
        const text = textOf(html);
        yield { lang, template, org, subject, text, html, visible: text };
      }
    }
  }
}

await scoreAppMail('Gitea', messages());
