// npm run eval:keycloak -- DIR: account mail of an application the corpus does not have, scored
// by the shipped engine. DIR holds Keycloak's email message bundles (messages_<lang>.properties,
// from a Keycloak checkout's themes/.../theme/base/email/messages; Apache-2.0, not shipped here).
// Each template whose arguments argsOf knows, in each language, is rendered as Keycloak sends it
// (text and HTML parts, the link on the realm's own sign-in server), for each organisation of
// ORGS (lib/app-mail.ts), and scored as full mail and as pasted text (see scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:keycloak -- DIR (a directory of Keycloak messages_<lang>.properties)');

/** A .properties file's keys and values (\uXXXX, \n and line continuations decoded). */
function readProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.replace(/\\\r?\n\s*/g, '').split(/\r?\n/);
  for (const line of lines) {
    if (/^\s*(?:#|!|$)/.test(line)) continue;
    const at = line.search(/[=:]/);
    if (at < 0) continue;
    const value = line
      .slice(at + 1)
      .trim()
      .replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\n/g, '\n')
      .replace(/\\(.)/g, '$1');
    out.set(line.slice(0, at).trim(), value);
  }
  return out;
}

/** Java MessageFormat, as far as these bundles use it: {n} arguments and '' for a quote. */
function format(pattern: string, args: readonly string[]): string {
  return pattern.replace(/''/g, "'").replace(/\{(\d+)\}/g, (m, n: string) => args[Number(n)] ?? m);
}

/** Expiry as Keycloak's linkExpirationFormatter writes it, per language (12 hours). */
const EXPIRY: Record<string, string> = {
  en: '12 hours',
  de: '12 Stunden',
  fr: '12 heures',
  nl: '12 uur',
  pt_BR: '12 horas',
  pt: '12 horas',
  es: '12 horas',
  it: '12 ore',
  pl: '12 godzin',
  ru: '12 часов',
  ja: '12時間',
  tr: '12 saat',
};

/** Each template's arguments, in Keycloak's order for it (see its email templates). */
function argsOf(template: string, link: string, realm: string, expiry: string): string[] | null {
  const minutes = '720';
  const when = '2026-11-20 09:14:03';
  const ip = '192.0.2.44';
  switch (template) {
    case 'emailVerification':
    case 'passwordReset':
      return [link, minutes, realm, expiry];
    case 'executeActions':
      return [link, minutes, realm, 'Update Password, Configure OTP', expiry];
    case 'emailUpdateConfirmation':
      return [link, 'j.smith@mail-provider.net', realm, expiry];
    case 'identityProviderLink':
      return ['GitHub', realm, 'jsmith', link, minutes, expiry];
    case 'orgInvite':
      return [link, '', '', realm, expiry];
    case 'eventLoginError':
    case 'eventUpdatePassword':
    case 'eventUpdateTotp':
    case 'eventRemoveTotp':
      return [when, ip];
    case 'eventUserDisabledByTemporaryLockout':
      return [when];
    case 'accountDisableNotification':
      return ['7', 'inactivity'];
    default:
      return null;
  }
}

/** Paragraphs of plain text as HTML, the paragraph that is the link itself as a link. */
const paragraphsHtml = (text: string, link: string) =>
  `<html><body>${text
    .split(/\n{2,}/)
    .map((p) => (p.trim() === link ? `<p><a href="${link}">${link}</a></p>` : `<p>${escape(p)}</p>`))
    .join('')}</body></html>`;

function* messages(): Generator<AppMessage> {
  let n = 0;
  for (const file of readdirSync(dir)
    .filter((f) => /^messages_[\w]+\.properties$/.test(f))
    .sort()) {
    const lang = file.slice('messages_'.length, -'.properties'.length);
    const props = readProperties(readFileSync(join(dir, file), 'utf8'));
    const expiry = EXPIRY[lang] ?? '12 h';
    for (const key of props.keys()) {
      if (!key.endsWith('Subject')) continue;
      const template = key.slice(0, -'Subject'.length);
      const bodyPattern = props.get(`${template}Body`);
      if (!bodyPattern) continue;
      for (const org of ORGS) {
        const link = `https://sso.${org.domain}/realms/${org.id}/login-actions/action-token?key=eyJhbGciOiJIUzUxMiJ9.eyJleHAiOjE3NjM2NzMyNDV9.${n.toString(36)}x&client_id=account-console`;
        const args = argsOf(template, link, org.name, expiry);
        if (!args) continue;
        const subject = format(
          props.get(key) ?? '',
          template === 'orgInvite' ? [org.name] : template === 'identityProviderLink' ? ['GitHub'] : args,
        );
        const text = format(bodyPattern, args);
        n++;
        yield { lang, template, org, subject, text, html: paragraphsHtml(text, link), visible: text };
      }
    }
  }
}

await scoreAppMail('Keycloak', messages());
