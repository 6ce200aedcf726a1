import PostalMime, { addressParser, decodeWords } from 'postal-mime';
import type { Address, Email } from 'postal-mime';
import { withoutGatewayMarks } from './gateway.js';
import { isOutlookItem, outlookItemToMime } from './outlook-msg.js';
import { openOpaqueSmime } from './smime.js';
import { qrLinks, type QrBudget, type QrReader } from './qr.js';
import { isTnef, readTnef, readTnefBody } from './tnef.js';
import {
  extractHtml,
  type HtmlFacts,
  linksInText,
  looksLikeHtml,
  MAX_HTML_DEPTH,
  visibleChars,
  withTextLinks,
} from './html.js';
import type { EmailAttachment, MailAddress, ParsedEmail } from './types.js';

/** Past this, a message is analysed from its first part only (a warning says so). */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const MAX_TEXT_CHARS = 200_000;
/** How far ParsedEmail.htmlChars counts: enough to tell a picture from a message with words. */
const HTML_CHARS_COUNTED = 1000;
/**
 * HTML past this is not read (a warning says so): Gmail itself clips messages at 102 KB, real
 * mail stays far below, and tokenising megabytes of markup is where hostile mail spends time.
 */
const MAX_HTML_CHARS = 512 * 1024;

function clipHtml(html: string | null, warnings: string[]): string | null {
  if (html === null || html.length <= MAX_HTML_CHARS) return html;
  warnings.push(`HTML part of ${html.length} characters; only the first ${MAX_HTML_CHARS} were read`);
  return html.slice(0, MAX_HTML_CHARS);
}

/** The HTML's facts (html.ts), and a warning when nesting past MAX_HTML_DEPTH was taken out. */
function readHtml(html: string, warnings: string[]): HtmlFacts {
  const facts = extractHtml(html);
  if (facts.deepTagsDropped > 0)
    warnings.push(
      `HTML nests more than ${MAX_HTML_DEPTH} elements deep; ${facts.deepTagsDropped} deeper tags were read as part of the element above`,
    );
  return facts;
}

/**
 * Parses a raw RFC 822 message. Never throws: malformed or truncated mail yields what could
 * be read plus a warning.
 */
export async function parseRawEmail(
  raw: Uint8Array | string,
  options: ReadOptions = {},
): Promise<ParsedEmail> {
  return parseAt(raw, 0, options, { pictures: MAX_QR_PICTURES_IN_ALL });
}

/** Pictures read for QR codes in a message and the messages attached to it, all told. */
export const MAX_QR_PICTURES_IN_ALL = 6;

export interface ReadOptions {
  /** Reads the QR codes of the message's pictures as links (qr.ts); without it none is read. */
  readQrCodes?: QrReader;
  /**
   * The message as it came, for showing it (view.ts): a gateway's subject tag, banner and
   * first-contact link kept. The analysis reads it without them (gateway.ts withoutGatewayMarks,
   * applied here and to pasted text, and nowhere else).
   */
  asSent?: boolean;
}

/** How many attached messages are read, and how deep (an attachment's own attachments count). */
export const MAX_ATTACHED_MESSAGES = 5;
const MAX_ATTACHED_DEPTH = 2;

function isAttachedMessage(a: EmailAttachment): a is EmailAttachment & { content: Uint8Array } {
  return (
    a.content !== null &&
    a.content.byteLength > 0 &&
    (a.mimeType === 'message/rfc822' ||
      /\.eml$/i.test(a.filename.trim()) ||
      // An Outlook item, not another Compound File (a .doc or .xls is one too).
      ((a.mimeType === 'application/vnd.ms-outlook' || /\.msg$/i.test(a.filename.trim())) &&
        isOutlookItem(a.content)))
  );
}

async function parseAt(
  raw: Uint8Array | string,
  depth: number,
  options: ReadOptions,
  qrBudget: QrBudget,
): Promise<ParsedEmail> {
  const one = withTnefFiles(await parseOne(raw));
  const parsed = options.asSent ? one : withoutGatewayMarks(one);
  parsed.links.push(...(await qrLinks(parsed, options.readQrCodes, qrBudget)));
  if (depth >= MAX_ATTACHED_DEPTH) return parsed;
  const attached = parsed.attachments.filter(isAttachedMessage);
  if (attached.length === 0) return parsed;
  if (attached.length > MAX_ATTACHED_MESSAGES)
    parsed.warnings.push(
      `${attached.length} attached messages; only the first ${MAX_ATTACHED_MESSAGES} were analysed`,
    );
  parsed.attachedMessages = [];
  for (const a of attached.slice(0, MAX_ATTACHED_MESSAGES))
    parsed.attachedMessages.push(await parseAt(a.content, depth + 1, options, qrBudget));
  return parsed;
}

/** A winmail.dat part: Exchange's and Outlook's TNEF, named or typed as such and starting as one. */
const isTnefPart = (a: EmailAttachment): a is EmailAttachment & { content: Uint8Array } =>
  a.content !== null && isTnefFile(a.mimeType, a.filename, a.content);

const isTnefFile = (mimeType: string, filename: string, content: Uint8Array) =>
  (/^application\/(?:vnd\.)?ms-tnef$/i.test(mimeType.trim()) || /^winmail\.dat$/i.test(filename.trim())) &&
  isTnef(content);

/**
 * A message with no text or HTML of its own but a winmail.dat (Outlook's rich text sent through
 * Exchange, often the whole message): its body as winmail.dat carries it (tnef.ts), as Outlook
 * shows it. Otherwise its lure, its links and its words went unread.
 */
function withTnefBody(email: Email): Email {
  if (email.text?.trim() || email.html?.trim()) return email;
  for (const a of email.attachments) {
    if (!(a.content instanceof ArrayBuffer)) continue;
    const content = new Uint8Array(a.content);
    if (!isTnefFile(a.mimeType ?? '', a.filename ?? '', content)) continue;
    const body = readTnefBody(content);
    if (body) return { ...email, text: body.text, html: body.html ?? undefined };
  }
  return email;
}

/**
 * The files inside winmail.dat as the message's attachments, in its place, as Outlook shows them
 * (tnef.ts): a program or a page inside it is then read like any other attachment. One that
 * cannot be read whole keeps what could be read, with a warning; one that gives nothing stays.
 */
function withTnefFiles(parsed: ParsedEmail): ParsedEmail {
  if (!parsed.attachments.some(isTnefPart)) return parsed;
  const attachments: EmailAttachment[] = [];
  for (const a of parsed.attachments) {
    if (!isTnefPart(a)) {
      attachments.push(a);
      continue;
    }
    const tnef = readTnef(a.content);
    if (tnef.damage) parsed.warnings.push(`a winmail.dat that could not be read whole (${tnef.damage})`);
    if (tnef.items.length > 0)
      parsed.warnings.push(
        `winmail.dat holds ${tnef.items.length} attached Outlook item(s) that could not be read: ${tnef.items.join(', ').slice(0, 200)}`,
      );
    if (tnef.files.length === 0 && tnef.items.length === 0) attachments.push(a);
    else attachments.push(...tnef.files);
  }
  return { ...parsed, attachments };
}

/**
 * An Outlook item (.msg, what Outlook saves or drags out) as the Internet message it stands for
 * (outlook-msg.ts), and a message signed as opaque S/MIME as the content it signs (smime.ts);
 * anything else as it is. An item that cannot be read becomes an empty message with a warning:
 * its binary is not text to score.
 */
export function asInternetMessage(raw: Uint8Array, warnings: string[] = []): Uint8Array {
  if (!isOutlookItem(raw)) return openOpaqueSmime(raw, warnings);
  if (raw.byteLength > MAX_MESSAGE_BYTES) {
    warnings.push(
      `an Outlook item of ${raw.byteLength} bytes, over the ${MAX_MESSAGE_BYTES}-byte limit: not read`,
    );
    return new Uint8Array();
  }
  try {
    return outlookItemToMime(raw);
  } catch (err) {
    warnings.push(
      `an Outlook item that could not be read (${String((err as Error)?.message ?? err).slice(0, 120)})`,
    );
    return new Uint8Array();
  }
}

async function parseOne(raw: Uint8Array | string): Promise<ParsedEmail> {
  const warnings: string[] = [];
  const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : asInternetMessage(raw, warnings);
  let input = bytes;
  if (bytes.byteLength > MAX_MESSAGE_BYTES) {
    warnings.push(`message is ${bytes.byteLength} bytes; only the first ${MAX_MESSAGE_BYTES} were analysed`);
    input = bytes.subarray(0, MAX_MESSAGE_BYTES);
  }
  if (!hasHeaderBlock(input))
    warnings.push('no RFC 822 header block found; the input was read as a bare body');
  input = trimHeaderBlock(input, warnings);
  if (multipartCount(input) > MAX_MULTIPARTS) {
    // Real mail nests a handful of parts; thousands of nested multiparts only cost the parser.
    warnings.push(`more than ${MAX_MULTIPARTS} multipart containers; the body was read as plain text`);
    return await headersWithPlainBody(input, warnings, bytes.byteLength);
  }

  let email: Email;
  try {
    email = await PostalMime.parse(input, { attachmentEncoding: 'arraybuffer', maxNestingDepth: 50 });
  } catch (err) {
    warnings.push(
      `MIME parse failed (${err instanceof Error ? err.message : String(err)}); the body was read as plain text`,
    );
    return await headersWithPlainBody(input, warnings, bytes.byteLength);
  }
  return fromPostal(withTnefBody(email), warnings, bytes.byteLength);
}

const MAX_MULTIPARTS = 200;
const MULTIPART = /content-type:\s*multipart\//gi;

function multipartCount(input: Uint8Array): number {
  const text = Buffer.from(input.buffer, input.byteOffset, input.byteLength).toString('latin1');
  let n = 0;
  for (MULTIPART.lastIndex = 0; MULTIPART.exec(text) && n <= MAX_MULTIPARTS;) n++;
  return n;
}

const MAX_HEADER_LINE = 16 * 1024;
const MAX_SAME_FIELD = 100;
const HEADER_SCAN = 4 * 1024 * 1024;

/**
 * A header block within reason before MIME parsing: physical lines cut at 16 KB and no field
 * name repeated more than 100 times (real mail has a few dozen Received lines at most). A
 * 2 MB header line or thousands of copies of one field otherwise cost the parser seconds.
 */
function trimHeaderBlock(input: Uint8Array, warnings: string[]): Uint8Array {
  const head = Buffer.from(input.buffer, input.byteOffset, Math.min(input.byteLength, HEADER_SCAN));
  const crlf = head.indexOf('\r\n\r\n');
  const lf = head.indexOf('\n\n');
  const end = crlf === -1 ? lf : lf === -1 ? crlf : Math.min(crlf, lf);
  const block = head.subarray(0, end === -1 ? head.length : end).toString('latin1');
  const lines = block.split('\n');
  if (block.length <= 64 * 1024 && lines.length <= MAX_SAME_FIELD) return input;
  const seen = new Map<string, number>();
  let cut = 0;
  let dropped = 0;
  let dropping = false;
  const kept: string[] = [];
  for (const line of lines) {
    const name = /^([!-9;-~]+):/.exec(line)?.[1]?.toLowerCase();
    if (name) {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      dropping = n > MAX_SAME_FIELD;
    }
    if (dropping) {
      dropped++;
      continue;
    }
    if (line.length > MAX_HEADER_LINE) cut++;
    kept.push(line.length > MAX_HEADER_LINE ? line.slice(0, MAX_HEADER_LINE) : line);
  }
  if (cut === 0 && dropped === 0) return input;
  warnings.push(
    `header block trimmed before parsing: ${cut} line(s) cut at ${MAX_HEADER_LINE} bytes, ${dropped} line(s) of fields repeated over ${MAX_SAME_FIELD} times dropped`,
  );
  const rest =
    end === -1 ? Buffer.alloc(0) : Buffer.from(input.buffer, input.byteOffset + end, input.byteLength - end);
  return Buffer.concat([Buffer.from(kept.join('\n'), 'latin1'), rest]);
}

/** Recipients kept from To and Delivered-To: enough to know whose mailbox this is. */
const MAX_RECIPIENTS = 20;

/** The spec's test triple: subject, sender and content (plain text or HTML). */
export function parseTestEmail(input: { subject: string; sender: string; content: string }): ParsedEmail {
  const from = parseSender(input.sender);
  // Text copied from a mail client carries the gateway's banner and tag too.
  return withoutGatewayMarks(
    fromParts({
      subject: input.subject,
      from,
      body: input.content,
      mode: 'body-only',
      warnings: [],
      size: input.subject.length + input.sender.length + input.content.length,
    }),
  );
}

function fromPostal(email: Email, warnings: string[], size: number): ParsedEmail {
  const header = (key: string) => email.headers.filter((h) => h.key === key).map((h) => h.value);
  const html = clipHtml(email.html ?? null, warnings);
  const facts = html ? readHtml(html, warnings) : null;
  const htmlChars = facts ? visibleChars(facts.text, HTML_CHARS_COUNTED) : null;
  let text = email.text?.trim() && !isStub(email.text, htmlChars) ? email.text : (facts?.text ?? '');
  if (text.length > MAX_TEXT_CHARS) {
    warnings.push(`body text truncated to ${MAX_TEXT_CHARS} characters`);
    text = text.slice(0, MAX_TEXT_CHARS);
  }
  // An address written out in the visible text is a link too: mail clients make it one.
  const links = facts ? withTextLinks(facts.links, facts.text, email.text ?? '') : linksInText(text);
  for (const form of facts?.forms ?? [])
    if (form.action) links.push({ href: form.action, text: '', source: 'form' });
  if (!email.headers.some((h) => h.key === 'from') && !warnings.some((w) => w.startsWith('no RFC 822')))
    warnings.push('message has no From header');

  return {
    mode: 'full',
    subject: (email.subject ?? '').slice(0, 2000),
    ...fromLine(fromHeaderMailboxes(header('from')[0]) ?? email.from),
    replyTo: (email.replyTo ?? []).flatMap(mailboxes),
    to: [
      ...(email.to ?? []).flatMap(mailboxes),
      ...header('delivered-to').map((v) => ({ name: '', address: v.trim().toLowerCase() })),
    ]
      .filter((m) => m.address.includes('@'))
      .slice(0, MAX_RECIPIENTS),
    returnPath: email.returnPath ?? null,
    messageId: email.messageId ?? null,
    date: email.date ?? null,
    authResults: [...header('authentication-results'), ...header('arc-authentication-results')],
    text,
    html,
    htmlChars,
    links,
    forms: facts?.forms ?? [],
    hiddenText: facts?.hiddenText ?? [],
    tallestBlank: facts?.tallestBlank ?? 0,
    farIndent: facts?.farIndent ?? 0,
    scriptCount: facts?.scriptCount ?? 0,
    dataPictures: facts?.dataPictures.length ? facts.dataPictures : undefined,
    tableGrids: facts?.tableGrids.length ? facts.tableGrids : undefined,
    attachments: email.attachments.map(toAttachment),
    warnings,
    size,
  };
}

/**
 * A text/plain part that holds under a fifth of what the HTML beside it shows ("Unsubscribe:
 * https://…" under a congressman's newsletter, "Coloca uma mensagem opcional aqui caso o HTML não
 * possa ser carregado" under a lure): a mail client shows the HTML, so its text is what the
 * message says. Counted on the corpus (rules 2.15.0): 12 of 336 newsletters with HTML, 53 of 825
 * later and 226 earlier phishing messages, 1 list post and 8 spam messages.
 */
function isStub(plain: string, htmlChars: number | null): boolean {
  return (
    htmlChars !== null &&
    htmlChars >= STUB_MIN_HTML &&
    visibleChars(plain, HTML_CHARS_COUNTED) * 5 < htmlChars
  );
}
/** How much the HTML must show (of the HTML_CHARS_COUNTED counted) for its text part to be a stub. */
const STUB_MIN_HTML = 200;

/** Fallback for mail the MIME parser rejects: its headers alone, and the rest as plain text. */
async function headersWithPlainBody(
  input: Uint8Array,
  warnings: string[],
  size: number,
): Promise<ParsedEmail> {
  const all = new TextDecoder('utf-8', { fatal: false }).decode(input);
  const split = /\r?\n\r?\n/.exec(all);
  const head = split ? all.slice(0, split.index) : '';
  const body = split ? all.slice(split.index + split[0].length) : all;
  try {
    const headerOnly = await PostalMime.parse(
      `${head.replace(/^content-type:.*(?:\r?\n[ \t].*)*/gim, '')}\r\n\r\n`,
    );
    const parsed = fromPostal(
      { ...headerOnly, text: body, html: undefined, attachments: [] },
      warnings,
      size,
    );
    return { ...parsed, links: linksInText(body) };
  } catch {
    return fromParts({ subject: '', from: null, body: all, mode: 'full', warnings, size });
  }
}

function fromParts(p: {
  subject: string;
  from: MailAddress | null;
  body: string;
  mode: ParsedEmail['mode'];
  warnings: string[];
  size: number;
}): ParsedEmail {
  const isHtml = looksLikeHtml(p.body);
  const facts = isHtml ? readHtml(clipHtml(p.body, p.warnings) ?? '', p.warnings) : null;
  const text = (facts?.text ?? p.body).slice(0, MAX_TEXT_CHARS);
  const links = facts ? withTextLinks(facts.links, facts.text) : linksInText(text);
  for (const form of facts?.forms ?? [])
    if (form.action) links.push({ href: form.action, text: '', source: 'form' });
  return {
    mode: p.mode,
    subject: p.subject.slice(0, 2000),
    from: p.from,
    replyTo: [],
    to: [],
    returnPath: null,
    messageId: null,
    date: null,
    authResults: [],
    text,
    html: isHtml ? p.body : null,
    htmlChars: facts ? visibleChars(facts.text, HTML_CHARS_COUNTED) : null,
    links,
    forms: facts?.forms ?? [],
    hiddenText: facts?.hiddenText ?? [],
    tallestBlank: facts?.tallestBlank ?? 0,
    farIndent: facts?.farIndent ?? 0,
    scriptCount: facts?.scriptCount ?? 0,
    attachments: [],
    warnings: p.warnings,
    size: p.size,
  };
}

/** "Name <a@b>" or a bare address. */
export function parseSender(sender: string): MailAddress | null {
  const s = sender.trim();
  if (!s) return null;
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(s);
  if (m) return { name: (m[1] ?? '').trim(), address: (m[2] ?? '').trim().toLowerCase() };
  // A bare address typed or copied from a sentence may end with its full stop; between angle
  // brackets a dot ending the domain is the address as the mail client showed it (a forgery).
  return { name: '', address: s.replace(/\.$/, '').toLowerCase() };
}

function mailboxes(a: Address): MailAddress[] {
  if (a.group) return a.group.map((m) => ({ name: m.name, address: m.address.toLowerCase() }));
  return [{ name: a.name, address: (a.address ?? '').toLowerCase() }];
}

/**
 * The first mailbox of a From header. A malformed list such as `Brand, x <a@b>` or
 * `Brand ,_<a@b>` (a trick to show only the name) parses as a name-only entry followed by
 * the address: mail clients show that address under the first name, and so do we.
 */
function fromHeaderMailboxes(value: string | undefined): Address[] | undefined {
  if (!value) return undefined;
  try {
    return addressParser(value).map((a) => ({ ...a, name: a.name ? decodeWords(a.name) : a.name }));
  } catch {
    return undefined;
  }
}

/**
 * A From header read: its first mailbox, and the name it shows alone in place of an address. A
 * list that lists a name with no address first and then an address with no name of its own
 * (`Brand ,_<a@b>`, `Brand, <a@b>, Brand,`) makes a mail client show the name alone above that
 * address: read as the address under that name, and the name kept as `fromNameAlone`. No mail
 * system writes a From line so. An unquoted comma in a person's name ("Smith, John <a@b>") gives
 * the address a name of its own, and is not one. A From line with no address in it at all
 * (`"Facebook" <>`, a name alone) also shows its name alone, and keeps it the same way.
 */
function fromLine(a: Address | Address[] | undefined): Pick<ParsedEmail, 'from' | 'fromNameAlone'> {
  const all = a ? (Array.isArray(a) ? a : [a]).flatMap(mailboxes) : [];
  const first = all[0];
  // No address at all (`"Facebook" <>`, a name alone, `"" <>`): the client shows the name alone.
  if (first && !all.some((m) => m.address.includes('@')))
    return { from: first, fromNameAlone: first.name.trim() };
  if (!first || first.address) return { from: first ?? null };
  const withAddress = all.find((m) => m.address);
  if (!withAddress) return { from: first };
  const from = { name: first.name || withAddress.name, address: withAddress.address };
  return HAS_WORD.test(first.name) && !HAS_WORD.test(withAddress.name)
    ? { from, fromNameAlone: first.name.trim() }
    : { from };
}
const HAS_WORD = /[\p{L}\p{N}]/u;

function toAttachment(a: Email['attachments'][number]): EmailAttachment {
  const content =
    a.content instanceof ArrayBuffer
      ? new Uint8Array(a.content)
      : a.content instanceof Uint8Array
        ? a.content
        : new TextEncoder().encode(a.content);
  return {
    filename: a.filename ?? '',
    mimeType: a.mimeType.toLowerCase(),
    size: content.byteLength,
    content,
  };
}

function hasHeaderBlock(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 2048));
  return /^[!-9;-~]+:/m.test(head.split(/\r?\n\r?\n/)[0] ?? '');
}
