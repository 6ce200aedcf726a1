// Account mail of applications the corpus does not have (npm run eval:keycloak, eval:zitadel,
// eval:gitea, eval:lemmy, eval:nodebb, eval:payload, eval:ghost, eval:mediawiki, eval:redmine,
// eval:wordpress, eval:mailman, eval:dokuwiki, eval:sympa, eval:django), rendered from their own
// translations and scored by the shipped engine as full mail and as pasted text
// (APP_MAIL_SHOW_FROM sets the lowest score listed, 40 by default). Each script reads
// one application's bundles and hands its messages here; APP_MAIL_LINKS moves their links
// (movedLinks) to show that a check can fail.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from '../../src/app/engine.js';

/** The organisations that send the mail: a display name, an id for paths and their domain. */
export const ORGS = [
  { name: 'Northfield University', id: 'northfield', domain: 'northfield-university.edu' },
  { name: 'Hallberg Logistik', id: 'hallberg', domain: 'hallberg-logistik.de' },
  { name: 'Cooperativa Vale Verde', id: 'valeverde', domain: 'valeverde.coop.br' },
] as const;
export type Org = (typeof ORGS)[number];

export interface AppMessage {
  lang: string;
  template: string;
  org: Org;
  subject: string;
  /** The text/plain part, or null when the application sends HTML alone. */
  text: string | null;
  /** The text/html part, or null when the application sends plain text alone (MediaWiki). */
  html: string | null;
  /** What a person copies from the message: its visible text. */
  visible: string;
  /** The From header when the application does not send as the organisation ("Name <address>"). */
  sender?: string;
}

/** A mail the application sends as plain text alone: what is pasted is that text. */
export function plainTextMail(
  m: Pick<AppMessage, 'lang' | 'template' | 'org' | 'subject' | 'sender'> & { text: string },
): AppMessage {
  return { ...m, html: null, visible: m.text };
}

/** Who the message is from: the application's own sender, or the organisation's no-reply address. */
const senderOf = (m: AppMessage) => m.sender ?? `"${m.org.name}" <noreply@${m.org.domain}>`;

/** The directory an application check reads its bundles from: its one argument, or usage and exit. */
export function dirArgument(usage: string): string {
  const dir = process.argv[2];
  if (dir) return dir;
  console.error(`usage: ${usage}`);
  process.exit(2);
}

/**
 * A language's own copy of a template file under `root` (`root/<lang>/<file>`), or English's
 * (`root/en/<file>`) where the language has none, as Mailman's and DokuWiki's loaders fall back.
 */
export function readLocalised(root: string, lang: string, file: string): string {
  const own = join(root, lang, file);
  return readFileSync(existsSync(own) ? own : join(root, 'en', file), 'utf8');
}

/** Text as HTML text: & and < escaped. */
export const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

const b64 = (s: string) =>
  (
    Buffer.from(s, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');

/** The message as the application's mailer sends it from the organisation's own domain. */
function rawMessage(m: AppMessage, n: number): Buffer {
  const part = (type: string, body: string) => [
    `Content-Type: ${type}; charset=UTF-8`,
    'Content-Transfer-Encoding: base64',
    '',
    b64(body),
  ];
  const boundary = `app-${n}-boundary`;
  const body =
    m.text === null || m.html === null
      ? part(m.text === null ? 'text/html' : 'text/plain', m.text ?? m.html ?? '')
      : [
          `Content-Type: multipart/alternative; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          ...part('text/plain', m.text),
          `--${boundary}`,
          ...part('text/html', m.html),
          `--${boundary}--`,
        ];
  return Buffer.from(
    [
      `From: ${senderOf(m)}`,
      `To: j.smith@${m.org.domain}`,
      `Subject: =?UTF-8?B?${Buffer.from(m.subject, 'utf8').toString('base64')}?=`,
      'Date: Fri, 20 Nov 2026 09:14:05 +0000',
      `Message-ID: <app.${n}.1763630045@auth.${m.org.domain}>`,
      'MIME-Version: 1.0',
      ...body,
      '',
    ].join('\r\n'),
  );
}

/**
 * Where the links lead, for showing that a check can fail: APP_MAIL_LINKS=elsewhere moves every
 * link on the organisation's domain (`https://forum.<domain>/…`) to another registrable domain
 * (`https://forum-<org>.account-verify.top/…`), APP_MAIL_LINKS=free-host to a free site host
 * (`https://forum-<org>-account-verify.web.app/…`), in the HTML, the text part and the visible
 * text alike; the From address stays the organisation's. Unset, the links stay where the
 * application puts them.
 */
function movedLinks(m: AppMessage): AppMessage {
  const where = process.env.APP_MAIL_LINKS;
  if (!where) return m;
  if (where !== 'elsewhere' && where !== 'free-host')
    throw new Error(`APP_MAIL_LINKS must be elsewhere or free-host, not ${where}`);
  const site = new RegExp(`//((?:[\\w-]+\\.)*)${m.org.domain.replaceAll('.', '\\.')}\\b`, 'g');
  const move = (s: string) =>
    s.replace(site, (_, sub: string) => {
      const label = `${sub.replaceAll('.', '-')}${m.org.id}`;
      return where === 'elsewhere' ? `//${label}.account-verify.top` : `//${label}-account-verify.web.app`;
    });
  return {
    ...m,
    html: m.html === null ? null : move(m.html),
    text: m.text === null ? null : move(m.text),
    visible: move(m.visible),
  };
}

/**
 * Scores each message as full mail and as pasted text; prints the flagged rate per language and
 * every message scored MEDIUM or above, with its indicators. Pasted text is scored two ways when
 * the application sends a text part: the visible text of the rendered message (links as their
 * words, what copying from a mail client's page gives) and the text part (links written out,
 * what a client that shows plain text gives, and how the corpus's template mail is pasted by
 * `npm run eval`).
 */
export async function scoreAppMail(app: string, messages: Iterable<AppMessage>): Promise<void> {
  const engine = createEngine();
  /** textPart counts what the third way flags, of the `withText` messages that have a text part. */
  const flagged = { n: 0, full: 0, paste: 0, textPart: 0, withText: 0 };
  const medium: string[] = [];
  /** The highest scores, each with what was scored, to show what came nearest. */
  const top: { score: number; what: string }[] = [];
  const byLang = new Map<string, typeof flagged>();
  for (const unmoved of messages) {
    const m = movedLinks(unmoved);
    flagged.n++;
    const { analysis: full } = await engine.analyzeRaw(rawMessage(m, flagged.n));
    const pasted = (content: string) =>
      engine.analyzeTest({ subject: m.subject, sender: senderOf(m).replaceAll('"', ''), content });
    const paste = pasted(m.visible);
    // A plain-text mail's text part is what its visible text already is: pasted once.
    const textPart = m.text === null || m.html === null ? null : pasted(m.text);
    const row = byLang.get(m.lang) ?? { n: 0, full: 0, paste: 0, textPart: 0, withText: 0 };
    row.n++;
    if (textPart) {
      row.withText++;
      flagged.withText++;
    }
    const modes = [['full', full] as const, ['paste', paste] as const];
    for (const [mode, a] of textPart ? [...modes, ['textPart', textPart] as const] : modes) {
      if (a.is_phishing) {
        flagged[mode]++;
        row[mode]++;
      }
      top.push({ score: a.risk_score, what: `${mode} ${m.lang} ${m.template}` });
      if (a.risk_score >= Number(process.env.APP_MAIL_SHOW_FROM ?? 40))
        medium.push(
          `${a.risk_score} ${mode} ${m.lang} ${m.template} (${m.org.domain}): ${a.indicators.map((i) => i.id).join(' ')}`,
        );
    }
    byLang.set(m.lang, row);
  }
  const pct = (k: number, of: number) => `${((100 * k) / Math.max(of, 1)).toFixed(1)}%`;
  const moved = process.env.APP_MAIL_LINKS
    ? ` (links moved: APP_MAIL_LINKS=${process.env.APP_MAIL_LINKS})`
    : '';
  console.log(`${flagged.n} ${app} messages rendered${moved}; engine ${engine.version}`);
  const line = (name: string, r: typeof flagged) =>
    `${name.padEnd(6)} ${String(r.n).padStart(4)}  flagged full ${pct(r.full, r.n)}, pasted ${pct(r.paste, r.n)}` +
    (r.withText > 0 ? `, its text part pasted ${pct(r.textPart, r.withText)}` : '');
  for (const [lang, r] of byLang) console.log(line(lang, r));
  console.log(line('all', flagged));
  top.sort((a, b) => b.score - a.score);
  console.log(
    `highest scores: ${top
      .slice(0, 5)
      .map((t) => `${t.score} (${t.what})`)
      .join(', ')}`,
  );
  if (medium.length > 0) console.log(`scored MEDIUM or above:\n${medium.join('\n')}`);
}
