// npm run eval:keycloak -- DIR: account mail of an application the corpus does not have, scored
// by the shipped engine. DIR holds Keycloak's email message bundles (messages_<lang>.properties,
// from a Keycloak checkout's themes/.../theme/base/email/messages; Apache-2.0, not shipped here).
// Each template whose arguments argsOf knows, in each language, is rendered as Keycloak sends it
// (text and HTML parts, the link on the realm's own sign-in server), for each organisation of
// REALMS, and scored as full mail and as pasted text; printed: the flagged rate per language and
// every message scored MEDIUM or above, with its indicators.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../src/app/engine.js';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run eval:keycloak -- DIR (a directory of Keycloak messages_<lang>.properties)');
  process.exit(2);
}

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

/** The organisations whose realms send the mail: a realm name and the organisation's domain. */
const REALMS = [
  { realm: 'Northfield University', id: 'northfield', domain: 'northfield-university.edu' },
  { realm: 'Hallberg Logistik', id: 'hallberg', domain: 'hallberg-logistik.de' },
  { realm: 'Cooperativa Vale Verde', id: 'valeverde', domain: 'valeverde.coop.br' },
];

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

const html = (text: string, link: string) =>
  `<html><body>${text
    .split(/\n{2,}/)
    .map((p) =>
      p.trim() === link
        ? `<p><a href="${link}">${link}</a></p>`
        : `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`,
    )
    .join('')}</body></html>`;

function rawMessage(o: {
  realm: string;
  domain: string;
  subject: string;
  text: string;
  link: string;
  n: number;
}) {
  const boundary = `kc-${o.n}-boundary`;
  const b64 = (s: string) =>
    (
      Buffer.from(s, 'utf8')
        .toString('base64')
        .match(/.{1,76}/g) ?? []
    ).join('\r\n');
  return Buffer.from(
    [
      `From: "${o.realm}" <noreply@${o.domain}>`,
      `To: j.smith@${o.domain}`,
      `Subject: =?UTF-8?B?${Buffer.from(o.subject, 'utf8').toString('base64')}?=`,
      'Date: Fri, 20 Nov 2026 09:14:05 +0000',
      `Message-ID: <kc.${o.n}.1763630045@sso.${o.domain}>`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64(o.text),
      `--${boundary}`,
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      b64(html(o.text, o.link)),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

const engine = createEngine();
const flagged = { full: 0, paste: 0 };
const medium: string[] = [];
const byLang = new Map<string, { n: number; full: number; paste: number }>();
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
    for (const r of REALMS) {
      const link = `https://sso.${r.domain}/realms/${r.id}/login-actions/action-token?key=eyJhbGciOiJIUzUxMiJ9.eyJleHAiOjE3NjM2NzMyNDV9.${n.toString(36)}x&client_id=account-console`;
      const args = argsOf(template, link, r.realm, expiry);
      if (!args) continue;
      const subject = format(
        props.get(key) ?? '',
        template === 'orgInvite' ? [r.realm] : template === 'identityProviderLink' ? ['GitHub'] : args,
      );
      const text = format(bodyPattern, args);
      n++;
      const { analysis: full } = await engine.analyzeRaw(rawMessage({ ...r, subject, text, link, n }));
      const paste = engine.analyzeTest({
        subject,
        sender: `${r.realm} <noreply@${r.domain}>`,
        content: text,
      });
      const row = byLang.get(lang) ?? { n: 0, full: 0, paste: 0 };
      row.n++;
      for (const [mode, a] of [
        ['full', full],
        ['paste', paste],
      ] as const) {
        if (a.is_phishing) {
          flagged[mode]++;
          row[mode]++;
        }
        if (a.risk_score >= 40)
          medium.push(
            `${a.risk_score} ${mode} ${lang} ${template} (${r.domain}): ${a.indicators.map((i) => i.id).join(' ')}`,
          );
      }
      byLang.set(lang, row);
    }
  }
}
const pct = (k: number, of: number) => `${((100 * k) / Math.max(of, 1)).toFixed(1)}%`;
console.log(`${n} Keycloak messages rendered; engine ${engine.version}`);
for (const [lang, r] of byLang)
  console.log(
    `${lang.padEnd(6)} ${String(r.n).padStart(4)}  flagged full ${pct(r.full, r.n)}, pasted ${pct(r.paste, r.n)}`,
  );
console.log(
  `all    ${String(n).padStart(4)}  flagged full ${pct(flagged.full, n)}, pasted ${pct(flagged.paste, n)}`,
);
if (medium.length > 0) console.log(`scored MEDIUM or above:\n${medium.join('\n')}`);
