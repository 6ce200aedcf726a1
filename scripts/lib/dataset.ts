// The whole corpus (train and dev splits) parsed once, in three views: the full message, the
// text a person pastes into /test (subject, "Name <address>", visible text) and the same with the
// HTML source pasted. Shared by `npm run train` and `npm run eval`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { parseTestEmail, type ParsedEmail, type PopularDomains } from '../../src/core/index.js';
import { wordTokens } from '../../src/core/model/words.js';
import { readCorpus, type CorpusMessage } from './corpus.js';
import { featuresOf, parseFull, type Scrub } from './featurize.js';
import { detectLanguage, type Language } from './language.js';

export interface Example {
  split: 'train' | 'dev';
  label: 'phishing' | 'legit' | 'spam';
  source: string;
  group: string;
  date: string;
  lang: Language;
  full: ParsedEmail;
  paste: ParsedEmail;
  /** Body-only with the HTML source pasted (null when the message has no HTML part). */
  pasteHtml: ParsedEmail | null;
  /** Model features of the full message and of the pasted text (generator artefacts scrubbed). */
  fFull: Float64Array;
  fPaste: Float64Array;
}

/** The date from which phishing counts as "later" in the forward-in-time evaluation. */
export const FORWARD_FROM = '2025-07-01';

/** Sources whose headers and filled-in values are made by a generator (see the corpus README). */
export const isGenerated = (source: string) => source.startsWith('templates-');

export async function loadDataset(
  popular: PopularDomains,
  splits: ('train' | 'dev')[] = ['train', 'dev'],
  log: (s: string) => void = (s) => console.error(s),
): Promise<Example[]> {
  const out: Example[] = [];
  const t0 = Date.now();
  for (const split of splits) {
    for await (const { m, full } of parsedCorpus(split)) {
      const placeholder = isPlaceholderSender(full);
      withoutPlaceholderAddress(full);
      const paste = pasteView(full, false);
      const scrub = isGenerated(m.source)
        ? generatorArtefacts(m.raw, full)
        : placeholder
          ? PLACEHOLDER_SENDER
          : undefined;
      out.push({
        split,
        label: m.label,
        source: m.source,
        group: m.group,
        date: m.date,
        lang: detectLanguage(`${full.subject}\n${full.text}`),
        full,
        paste,
        pasteHtml: full.html ? pasteView(full, true) : null,
        fFull: featuresOf(full, popular, scrub),
        fPaste: featuresOf(paste, popular, scrub),
      });
      if (out.length % 10000 === 0) log(`parsed ${out.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }
  log(`dataset: ${out.length} messages in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return out;
}

/** A short hash of the parser's source files: every .ts under src/core/, and the QR reader. */
function parserFingerprint(): string {
  const src = join(import.meta.dirname, '..', '..', 'src', 'core');
  const hash = createHash('sha256');
  for (const f of readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((n) => n.endsWith('.ts'))
    .sort())
    hash.update(f).update(readFileSync(join(src, f)));
  hash.update(readFileSync(join(src, '..', 'adapters', 'data', 'qr-reader.ts')));
  return hash.digest('hex').slice(0, 12);
}

type Parsed = { m: Omit<CorpusMessage, 'raw'> & { raw: Buffer }; full: ParsedEmail };

/**
 * The corpus parsed. With PHISHGUARD_DATASET_CACHE=DIR (experiments only), parsed messages are
 * kept in DIR between runs, under a name that changes with the parser's source (every file of
 * src/core/, since the parser reads links with src/core/url/ and hosts with src/core/domains/,
 * and the QR reader it is given), so a parser change never reads a stale cache.
 */
async function* parsedCorpus(split: 'train' | 'dev'): AsyncGenerator<Parsed> {
  const dir = process.env.PHISHGUARD_DATASET_CACHE;
  const file = dir ? `${dir}/${split}.${parserFingerprint()}.v8` : null;
  if (file && existsSync(file)) {
    const buf = readFileSync(file);
    for (let off = 0; off < buf.length;) {
      const len = buf.readUInt32LE(off);
      yield deserialize(buf.subarray(off + 4, off + 4 + len)) as Parsed;
      off += 4 + len;
    }
    return;
  }
  const chunks: Buffer[] = [];
  for await (const m of readCorpus(split)) {
    const item: Parsed = { m, full: await parseFull(m.raw) };
    if (file) {
      const b = serialize(item);
      const len = Buffer.alloc(4);
      len.writeUInt32LE(b.length);
      chunks.push(len, b);
    }
    yield item;
  }
  if (file) {
    // A new cache directory (PHISHGUARD_DATASET_CACHE) is made rather than failing after the parse.
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, Buffer.concat(chunks));
  }
}

/** What a person pastes: subject, the sender as a mail client shows it, and the visible text (or the HTML source). */
export function pasteView(full: ParsedEmail, htmlSource: boolean): ParsedEmail {
  const sender = full.from
    ? full.from.name && full.from.address
      ? `${full.from.name} <${full.from.address}>`
      : full.from.address || full.from.name
    : '';
  return parseTestEmail({
    subject: full.subject,
    sender,
    content: htmlSource ? (full.html ?? full.text) : full.text,
  });
}

/**
 * The generator's filled-in values in a templates-* message: the sender's name and domain
 * labels, the recipient's name and browser user agents. Features made of them, and the sender/link domain features
 * (all invented), are not learned from such mail.
 */
export function generatorArtefacts(raw: Buffer, full: ParsedEmail): Scrub {
  const words = new Set<string>();
  // Both the letter runs and the model's own words (digits folded: "Win64" is "win0"), so a
  // filled-in value's tokens are scrubbed as the model reads them.
  const add = (s: string, minLength = 2) => {
    const lower = s.toLowerCase();
    for (const w of lower.split(/[^\p{L}]+/u)) if (w.length >= minLength) words.add(w);
    for (const w of wordTokens(lower)) if (w.length >= minLength) words.add(w);
  };
  /** A host's labels, not its top-level domain (the one word every site shares). */
  const addHost = (host: string) => add(host.replace(/\.[a-z]+$/i, ''));
  const head = raw.toString('utf8', 0, Math.min(raw.length, 4096));
  const to = /^To:\s*(.*)$/im.exec(head)?.[1] ?? '';
  add(to.replace(/@.*$/, ''));
  // Filled-in browser user agents of sign-in alerts ("Mozilla/5.0 (Windows NT 10.0; …) Chrome/…").
  for (const ua of full.text.matchAll(/(?:Mozilla|Opera)\/[^\n]*/g)) add(ua[0], 1);
  // Filled-in site addresses written as text ("Thank you for using Kestrel Bank! app.kestrelbank.eu"):
  // the generator's host names, "app" included, which a third of the allauth messages end with.
  for (const host of full.text.matchAll(HOST_IN_TEXT)) addHost(host[0]);
  if (full.from) {
    add(full.from.name);
    add(full.from.address.replace(/@.*$/, ''));
    addHost(full.from.address.slice(full.from.address.indexOf('@') + 1));
  }
  return { prefixes: GENERATED_PREFIXES, words };
}

/**
 * A host name written out in text (app.kestrelbank.eu): not an abbreviation (e.g., z.B.), a
 * version number or a file name (invoice.pdf).
 */
const HOST_IN_TEXT =
  /(?<![\w@.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?!(?:pdf|html?|php|aspx?|docx?|xlsx?|zip|png|jpe?g|gif|txt|csv|json|xml|js|css|exe)\b)[a-z]{2,}(?![\w@-])/gi;

/**
 * The honeypot anonymised many senders to its own placeholder (`phishing@pot <phishing@pot>`):
 * such a message's sender features describe the collection, not the sender.
 */
function isPlaceholderSender(full: ParsedEmail): boolean {
  const a = full.from?.address ?? '';
  return POT_PLACEHOLDER.test(a) || a === 'jose@monkey.org';
}

/**
 * The placeholder's domain (`pot`, `pot-f-p`) has no dot, which the malformed-address rule would
 * score as a forged header: the real address is unknown, so the message is read without one
 * (as before, no sender domain; the pasted view shows the name alone).
 */
function withoutPlaceholderAddress(full: ParsedEmail): void {
  if (full.from && POT_PLACEHOLDER.test(full.from.address)) full.from = { ...full.from, address: '' };
}
const POT_PLACEHOLDER = /@pot[^@.]*$/;
const PLACEHOLDER_SENDER: Scrub = { prefixes: new Set(['n:', 'f:', 'rel:']), words: new Set() };

/** The sender's display-name words; the sender and link domains are no longer features at all. */
const GENERATED_PREFIXES = new Set(['n:']);
