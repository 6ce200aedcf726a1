// npm run eval:zitadel -- DIR: account mail of an application the corpus does not have, scored
// by the shipped engine. DIR holds Zitadel's notification texts (<lang>.yaml, from a Zitadel
// checkout's internal/notification/static/i18n; not shipped here). Each email text (the entries
// with a Subject) in each language is rendered as Zitadel's HTML mail (a hidden preheader, the
// greeting, the text, a button to the organisation's own sign-in server), for each organisation of
// ORGS (lib/app-mail.ts), and scored as full mail and as pasted text (see scoreAppMail).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dirArgument, escape, ORGS, scoreAppMail, type AppMessage, type Org } from './lib/app-mail.js';

const dir = dirArgument(
  'npm run eval:zitadel -- DIR (a directory of Zitadel <lang>.yaml notification texts)',
);

/**
 * The two levels of these files: `Name:` opens a text, `  Key: value` sets one of its fields (a
 * value may be quoted; the SMS texts' block scalars are skipped, they have no Subject).
 */
function readTexts(yaml: string): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of yaml.split(/\r?\n/)) {
    const top = /^(\w+):\s*$/.exec(line);
    if (top) out.set(top[1] as string, (current = {}));
    const field = /^ {2}(\w+):\s*(.*)$/.exec(line);
    if (!field || !current) continue;
    let value = (field[2] as string).trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    if (value !== '|-' && value !== '>-') current[field[1] as string] = value;
  }
  return out;
}

/** Template arguments; Go templates write a missing one as "<no value>" (it.yaml asks for .Codice). */
function fill(s: string, org: Org): string {
  const values: Record<string, string> = {
    DisplayName: 'Jana Smith',
    PreferredLoginName: `j.smith@${org.domain}`,
    Code: 'K7Q2ZD',
    OTP: '482913',
    Domain: org.domain,
    Username: 'jsmith',
    TempUsername: 'jsmith-8f2k1',
    ApplicationName: `${org.name} Portal`,
    Expiry: '5m',
  };
  return s.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, k: string) => values[k] ?? '<no value>');
}

/** Where each text's button leads: Zitadel's hosted login on the organisation's domain. */
const PATHS: Record<string, string> = {
  InitCode: 'ui/login/user/init?userID=293847561029384756&code=K7Q2ZD&passwordset=false',
  PasswordReset: 'ui/login/password/init?userID=293847561029384756&code=K7Q2ZD',
  VerifyEmail: 'ui/login/mail/verification?userID=293847561029384756&code=K7Q2ZD',
  VerifyPhone: 'ui/console/users/me',
  VerifyEmailOTP: 'ui/login/otp/verify?loginName=jsmith&code=482913',
  DomainClaimed: 'ui/login/login',
  PasswordlessRegistration: 'ui/login/login/passwordless/init?userID=293847561029384756&codeID=1&code=K7Q2ZD',
  PasswordChange: 'ui/login/login',
  InviteUser: 'ui/login/user/invite?userID=293847561029384756&code=K7Q2ZD',
};

/** The texts hold a little HTML (<br>, <strong>); what a reader sees of it. */
const visibleOf = (html: string) => html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]+>/g, '');

function* messages(): Generator<AppMessage> {
  for (const file of readdirSync(dir)
    .filter((f) => /^[\w-]+\.yaml$/.test(f))
    .sort()) {
    const lang = file.slice(0, -'.yaml'.length);
    for (const [template, t] of readTexts(readFileSync(join(dir, file), 'utf8'))) {
      if (!t.Subject || !t.Text) continue;
      for (const org of ORGS) {
        const link = `https://auth.${org.domain}/${PATHS[template] ?? 'ui/login/login'}`;
        const greeting = fill(t.Greeting ?? '', org);
        const text = fill(t.Text, org);
        const button = t.ButtonText ?? '';
        const html = `<html><body><div style="display:none;max-height:0;overflow:hidden">${escape(fill(t.PreHeader ?? '', org))}</div><p>${escape(greeting)}</p><p>${text}</p><p><a href="${link}" style="background:#5469d4;color:#fff;padding:10px 20px;border-radius:6px">${escape(button)}</a></p></body></html>`;
        yield {
          lang,
          template,
          org,
          subject: fill(t.Subject, org),
          text: null,
          html,
          visible: `${greeting}\n\n${visibleOf(text)}\n\n${button}`,
        };
      }
    }
  }
}

await scoreAppMail('Zitadel', messages());
