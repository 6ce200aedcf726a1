// npm run eval:payload -- DIR: account mail of an application the corpus does not have, scored by
// the shipped engine. DIR holds Payload CMS's translations (dist/languages/<lang>.js of the
// @payloadcms/translations package, e.g. `npm pack @payloadcms/translations`; MIT, not shipped
// here). Payload's two built-in mails, as its auth operations write them (forgotPassword.ts and
// sendVerificationEmail.ts): the password reset (its subject, the request's text, the link written
// out, the "did not request" line) and the address check for a new account. Payload sends HTML
// alone, so what is pasted is that HTML's visible text. Each is rendered for each organisation of
// ORGS (lib/app-mail.ts), its admin at cms.<domain>, and scored as full mail and as pasted text
// (see scoreAppMail).
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { dirArgument, ORGS, scoreAppMail, type AppMessage } from './lib/app-mail.js';

const dir = dirArgument('npm run eval:payload -- DIR (@payloadcms/translations dist/languages)');

type Texts = Record<string, string>;
/** A language module's authentication texts (each module exports { dateFNSKey, translations }). */
async function authTexts(file: string): Promise<Texts> {
  const mod = (await import(pathToFileURL(resolve(join(dir, file))).href)) as Record<string, unknown>;
  for (const v of Object.values(mod)) {
    const t = (v as { translations?: { authentication?: Texts } }).translations?.authentication;
    if (t) return t;
  }
  throw new Error(`${file}: no translations.authentication`);
}

/** i18next's {{name}} interpolation. */
const fill = (s: string, args: Record<string, string>) =>
  s.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => args[k] ?? m);

/** The visible text of Payload's HTML: tags dropped, a <br> a line. */
const visibleOf = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();

async function messages(): Promise<AppMessage[]> {
  const out: AppMessage[] = [];
  const files = readdirSync(dir).filter((f) => /^[a-zA-Z]+\.js$/.test(f));
  for (const file of files.sort()) {
    const lang = file.slice(0, -3);
    const t = await authTexts(file);
    for (const org of ORGS) {
      const serverURL = `https://cms.${org.domain}`;
      const forgotURL = `${serverURL}/admin/reset/7c1e9a3b5d7f9b1d3f5a7c9e1b3d5f7a9c1e3b5d`;
      const verificationURL = `${serverURL}/admin/users/verify/2b4d6f8a0c2e4a6c8e0b2d4f6a8c0e2b4d6f8a0c`;
      const mails: [string, string, string][] = [
        [
          'forgot_password',
          t.resetYourPassword ?? '',
          `${t.youAreReceivingResetPassword}\n    <a href="${forgotURL}">${forgotURL}</a>\n    ${t.youDidNotRequestPassword}`,
        ],
        ['verify', t.verifyYourEmail ?? '', fill(t.newAccountCreated ?? '', { serverURL, verificationURL })],
      ];
      for (const [template, subject, html] of mails)
        out.push({ lang, template, org, subject, text: null, html, visible: visibleOf(html) });
    }
  }
  return out;
}

await scoreAppMail('Payload', await messages());
