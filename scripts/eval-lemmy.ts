// npm run eval:lemmy -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds Lemmy's email translations (<lang>.json, from a checkout of
// LemmyNet/lemmy-translations' email/ folder; AGPL, not shipped here). Lemmy sends each mail as
// an HTML fragment with a text part html2text derives from it (crates/email/src/send.rs); a key a
// translation lacks falls back to English, as Lemmy's generated translations do. Each account and
// moderation mail (password reset, address verification with and without an application, address
// verified, registration approved and denied with and without a reason, a new application and a
// new report for the administrators, a moderator's action) is rendered for each organisation of
// ORGS (lib/app-mail.ts), its instance at social.<domain>, and scored as full mail and as pasted
// text (see scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:lemmy -- DIR (a directory of Lemmy email/<lang>.json files)');

const read = (lang: string) =>
  JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8')) as Record<string, string>;

/**
 * The text part, close to what html2text writes at an unlimited width (not byte for byte): a
 * heading as "# …", a break as a new line, each link as "[text][n]" with "[n]: address" listed
 * at the end.
 */
function textOf(html: string): string {
  const refs: string[] = [];
  const body = html
    .replace(/<h1>([\s\S]*?)<\/?h1>/gi, '# $1\n\n')
    .replace(/<a href=(?:"([^"]*)"|'([^']*)'|([^\s>]+))>([\s\S]*?)<\/a>/gi, (_m, a, b, c, text: string) => {
      refs.push((a ?? b ?? c) as string);
      return `[${text}][${refs.length}]`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return `${body}\n\n${refs.map((r, i) => `[${i + 1}]: ${r}`).join('\n')}`.trim();
}

/** The visible text a reader copies: the HTML's text, links as their words. */
const visibleOf = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/h1>|<\/?div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

function* messages(): Generator<AppMessage> {
  const english = read('en');
  const langs = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
  for (const lang of langs) {
    const own = read(lang);
    for (const org of ORGS) {
      const hostname = `social.${org.domain}`;
      const site = `https://${hostname}`;
      const values: Record<string, string> = {
        username: 'jsmith',
        hostname,
        reset_link: `${site}/password_change/6f1c2a9e-4b7d-4c1e-9a3f-2d8e5b0c7a14`,
        verify_link: `${site}/verify_email/0b9e4d7a-2c61-4f3a-8e5d-7a1f9c3b6e20`,
        applications_link: `${site}/registration_applications`,
        reports_link: `${site}/reports`,
        inbox_link: `${site}/inbox`,
        reporter_username: 'mkovacs',
        reported_username: 'spamaccount42',
        // English names the refusal's reason {reason}, its translations {deny_reason}.
        reason: 'Off-topic post',
        deny_reason: 'Off-topic post',
        kind: 'RemovePost',
      };
      /** A key's text with its values filled in, escaped for HTML unless it is a subject. */
      const tr = (key: string, html = true) =>
        (own[key] ?? english[key] ?? key).replace(/\{(\w+)\}/g, (m, k: string) => {
          const v = values[k];
          return v === undefined ? m : html ? escape(v) : v;
        });
      const mails: [string, string, string][] = [
        ['password_reset', 'password_reset_subject', 'password_reset_body'],
        ['verify_email', 'verify_email_subject', 'verify_email_body'],
        ['verify_email_application', 'verify_email_subject', 'verify_email_body_with_application'],
        ['email_verified', 'email_verified_subject', 'email_verified_body'],
        ['registration_approved', 'registration_approved_subject', 'registration_approved_body'],
        ['registration_denied', 'registration_denied_subject', 'registration_denied_body'],
        ['registration_denied_reason', 'registration_denied_subject', 'registration_denied_reason_body'],
        ['new_application', 'new_application_subject', 'new_application_body'],
        ['new_report', 'new_report_subject', 'new_report_body'],
        ['mod_action', 'notification_mod_action_subject', 'notification_mod_action_body'],
      ];
      for (const [template, subjectKey, bodyKey] of mails) {
        const subject = tr(subjectKey, false);
        const html = tr(bodyKey);
        yield { lang, template, org, subject, text: textOf(html), html, visible: visibleOf(html) };
      }
    }
  }
}

await scoreAppMail('Lemmy', messages());
