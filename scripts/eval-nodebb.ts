// npm run eval:nodebb -- DIR: account and notification mail of an application the corpus does not
// have, scored by the shipped engine. DIR holds NodeBB's translations (public/language of a NodeBB
// package, e.g. `npm pack nodebb`; GPL-3.0, not shipped here): <lang>/email.json and
// <lang>/notifications.json. Each mail of src/views/emails (address check on registering, an
// accepted registration, an invitation, a password reset and its notice, a chat message, a reply,
// the digest, the administrator's test mail) is rendered as NodeBB sends it: its HTML, and the text
// part html-to-text derives from it (a link as its words and [address]). A key a translation lacks
// falls back to English. Each is rendered for each organisation of ORGS (lib/app-mail.ts), its
// forum at forum.<domain>, and scored as full mail and as pasted text (see scoreAppMail).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:nodebb -- DIR (NodeBB public/language: <lang>/email.json)');

/** Languages whose files are English under another name (en-US, pirate, an untranslated one). */
const SKIP = new Set(['en-US', 'en-x-pirate', 'sc']);

const readJson = (lang: string, file: string): Record<string, string> => {
  const path = join(dir, lang, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
};

/** The text part html-to-text writes: tags dropped, a link as "words [address]", blocks on lines. */
const textOf = (html: string) =>
  html
    .replace(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => {
      const w = words.replace(/<[^>]+>/g, '').trim();
      return w === href ? href : `${w} [${href}]`;
    })
    .replace(/<hr\s*\/?>/gi, '\n--------------------\n')
    .replace(/<br\s*\/?>|<\/(?:p|li|blockquote|ul)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/[ \t]*\n[ \t]*/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** What copying the rendered message gives: the text part without the links' addresses. */
const visibleOf = (html: string) => textOf(html.replace(/<a [^>]*>([\s\S]*?)<\/a>/gi, '$1'));

function* messages(): Generator<AppMessage> {
  const enMail = readJson('en-GB', 'email.json');
  const enNotif = readJson('en-GB', 'notifications.json');
  const langs = readdirSync(dir).filter((l) => existsSync(join(dir, l, 'email.json')) && !SKIP.has(l));
  for (const lang of langs.sort()) {
    const mail = readJson(lang, 'email.json');
    const notif = readJson(lang, 'notifications.json');
    const fill = (pattern: string, args: string[]) =>
      pattern.replace(/%(\d)/g, (m, n: string) => args[Number(n) - 1] ?? m);
    const tr = (key: string, ...args: string[]) => fill(mail[key] ?? enMail[key] ?? key, args);
    const trN = (key: string, ...args: string[]) => fill(notif[key] ?? enNotif[key] ?? key, args);
    for (const org of ORGS) {
      const url = `https://forum.${org.domain}`;
      const site = `${org.name} Forum`;
      const user = 'jsmith';
      const footer = `<p>${tr('closing')}<br /><strong>${escape(site)}</strong></p>`;
      const hello = `<p>${tr('greeting_with_name', user)},</p>`;
      const unsub = (key: string) =>
        `<hr /><p>${tr(key)} <a href="${url}/user/${user}/settings">${tr('unsub.cta')}</a>.</p>`;
      const topic = 'Parking during the spring open day';
      const mails: [string, string, string][] = [
        [
          'welcome',
          tr('welcome-to', escape(site)),
          `${hello}<p><strong>${tr('welcome.text1', escape(site))}</strong></p><p>${tr('welcome.text2')}</p><blockquote><a href="${url}/confirm/3f9a1c7e2b5d4e6f8a0b1c2d3e4f5a6b">${tr('welcome.cta')}</a></blockquote>${footer}`,
        ],
        [
          'registration_accepted',
          tr('welcome-to', escape(site)),
          `${hello}<p><strong>${tr('welcome.text1', escape(site))}</strong></p><p>${tr('welcome.text3')}</p>${footer}`,
        ],
        [
          'invitation',
          tr('invite', escape(site)),
          `<p>${tr('greeting_no_name')},</p><p><strong>${tr('invitation.text1', 'mkovacs', escape(site))}</strong></p><blockquote><a href="${url}/register?token=8c2e4a6b0d1f3a5c7e9b">${tr('invitation.ctr')}</a></blockquote>${footer}`,
        ],
        [
          'reset',
          tr('password-reset-requested', escape(site)),
          `<p>${tr('greeting_no_name')},</p><p>${tr('reset.text1')}</p><p>${tr('reset.text2')}</p><blockquote><a href="${url}/reset/5b7d9f1a3c5e7a9b1d3f">${tr('reset.cta')}</a></blockquote>${footer}`,
        ],
        [
          'reset_notify',
          tr('reset.notify.subject'),
          `${hello}<p>${tr('reset.notify.text1', '2026/11/20')}</p><p>${tr('reset.notify.text2')}</p>${footer}`,
        ],
        [
          'notif_chat',
          tr('notif.chat.subject', 'mkovacs'),
          `${hello}<p>${trN('new_message_from', 'mkovacs')}:</p><blockquote>Are you still bringing the projector on Thursday? I can pick it up at ten.</blockquote><a href="${url}/chats/42">${tr('notif.chat.cta')}</a>${footer}${unsub('notif.chat.unsub.info')}`,
        ],
        [
          'notif_post',
          `[${site}] ${trN('user_posted_to', 'mkovacs', topic).replace(/<[^>]+>/g, '')}`,
          `${hello}<p>${trN('user_posted_to', 'mkovacs', topic)}:</p><blockquote><p>The north car park will be closed; the staff car park behind the library is open to visitors all day.</p></blockquote><a href="${url}/post/1874">${tr('notif.post.cta')}</a>${footer}${unsub('notif.post.unsub.info')}`,
        ],
        [
          'digest',
          `[${site}] ${tr('digest.subject', '2026/11/20')}`,
          `${hello}<p>${tr('digest.notifications', escape(site))}</p><ul><li><a href="${url}/post/1874">${trN('user_posted_to', 'mkovacs', topic)}</a></li></ul><hr /><p>${tr('digest.latest_topics', escape(site))}</p><ul><li><a href="${url}/topic/311/${topic.toLowerCase().replace(/ /g, '-')}">${topic}</a></li><li><a href="${url}/topic/309/new-printer-on-the-second-floor">New printer on the second floor</a></li></ul><p><a href="${url}">${tr('digest.cta', escape(site))}</a></p>${footer}${unsub('digest.unsub.info')}`,
        ],
        ['test', escape(site), `<p>${tr('greeting_no_name')},</p><p>${tr('test.text1')}</p>${footer}`],
      ];
      for (const [template, subject, body] of mails) {
        const html = `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
        yield { lang, template, org, subject, text: textOf(html), html, visible: visibleOf(html) };
      }
    }
  }
}

await scoreAppMail('NodeBB', messages());
