/*
 * S/MIME's opaque forms ([RFC 8551]): a message whose body is `application/pkcs7-mime` holds its
 * content inside a CMS structure ([RFC 5652]) instead of beside a signature. Signed that way
 * ("opaque signing", Outlook's choice when clear signing is off) the content is there to read;
 * encrypted, only the recipient's key opens it. Mail clients show the signed content, so it is
 * read here as the message: a sender who signs opaquely must not hide the body from the analysis.
 * The signature is not checked (no trust roots are configured), and nothing here says it is valid.
 */

/** What the CMS structure of an `application/pkcs7-mime` body holds. */
export type Pkcs7Content =
  { kind: 'signed'; content: Uint8Array } | { kind: 'encrypted' } | { kind: 'unreadable'; reason: string };

/** Object identifiers as their DER content bytes. */
const OID = {
  signedData: [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02],
  envelopedData: [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x03],
  /** id-ct-authEnvelopedData (1.2.840.113549.1.9.16.1.23), S/MIME 4's encryption. */
  authEnvelopedData: [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x10, 0x01, 0x17],
};

/** Nesting read at most: a signed message is six deep; BER's chunked strings add a few. */
const MAX_DEPTH = 24;
/** Pieces of BER's chunked content read at most (streaming signers write a few thousand bytes a piece). */
const MAX_CHUNKS = 100_000;

/**
 * One BER element's header: its tag, where its content starts, and where it ends (`end`, and
 * `next` after it), or -1 for an indefinite length, whose end is found only by reading its content.
 */
interface Element {
  tag: number;
  start: number;
  end: number;
}

class Malformed extends Error {}

/** The header of the element at `at`, which must end by `limit`. */
function header(b: Uint8Array, at: number, limit: number): Element {
  if (at + 2 > limit) throw new Malformed('cut short');
  const tag = b[at]!;
  if ((tag & 0x1f) === 0x1f) throw new Malformed('a tag number CMS does not use');
  let pos = at + 1;
  const first = b[pos++]!;
  if (first === 0x80) {
    if ((tag & 0x20) === 0) throw new Malformed('an indefinite length on a primitive element');
    return { tag, start: pos, end: -1 };
  }
  let length = first;
  if (first > 0x80) {
    const n = first & 0x7f;
    if (n > 4 || pos + n > limit) throw new Malformed('a length CMS does not use');
    length = 0;
    for (let k = 0; k < n; k++) length = length * 256 + b[pos++]!;
  }
  if (pos + length > limit) throw new Malformed('cut short');
  return { tag, start: pos, end: pos + length };
}

/** Where the element `e` ends, its end-of-contents included: each element inside read once. */
function after(b: Uint8Array, e: Element, limit: number, depth: number): number {
  if (depth > MAX_DEPTH) throw new Malformed('nested too deep');
  if (e.end >= 0) return e.end;
  let at = e.start;
  while (!(b[at] === 0 && b[at + 1] === 0)) {
    if (at + 2 > limit) throw new Malformed('no end-of-contents');
    at = after(b, header(b, at, limit), limit, depth + 1);
  }
  return at + 2;
}

/** The `index`th element inside `parent`, reading past the ones before it only. */
function child(
  b: Uint8Array,
  parent: Element,
  index: number,
  limit: number,
  depth: number,
): Element | undefined {
  if (depth > MAX_DEPTH) throw new Malformed('nested too deep');
  const end = parent.end >= 0 ? parent.end : limit;
  let at = parent.start;
  for (let k = 0; ; k++) {
    if (at >= end || (parent.end < 0 && b[at] === 0 && b[at + 1] === 0)) return undefined;
    const e = header(b, at, end);
    if (k === index) return e;
    at = after(b, e, end, depth + 1);
  }
}

const isOid = (b: Uint8Array, e: Element | undefined, oid: readonly number[]) =>
  e !== undefined &&
  e.tag === 0x06 &&
  e.end - e.start === oid.length &&
  oid.every((x, k) => b[e.start + k] === x);

/**
 * An OCTET STRING's bytes, primitive or in BER's chunks, added to `out`; returns where the
 * string ends, so that each chunk is read once however deep the chunks nest.
 */
function octets(b: Uint8Array, e: Element, limit: number, depth: number, out: Uint8Array[]): number {
  if (depth > MAX_DEPTH) throw new Malformed('nested too deep');
  if (e.tag === 0x04) {
    if (out.length >= MAX_CHUNKS) throw new Malformed('content in too many pieces');
    out.push(b.subarray(e.start, e.end));
    return e.end;
  }
  if (e.tag !== 0x24) throw new Malformed('content that is not an octet string');
  const end = e.end >= 0 ? e.end : limit;
  let at = e.start;
  while (at < end) {
    if (e.end < 0 && b[at] === 0 && b[at + 1] === 0) return at + 2;
    at = octets(b, header(b, at, end), end, depth + 1, out);
  }
  if (e.end < 0) throw new Malformed('no end-of-contents');
  return at;
}

/** The content of a CMS ContentInfo (the decoded body of an `application/pkcs7-mime` part). */
export function readPkcs7(der: Uint8Array): Pkcs7Content {
  const n = der.byteLength;
  try {
    const info = header(der, 0, n);
    if (info.tag !== 0x30) return { kind: 'unreadable', reason: 'not signed or encrypted data' };
    const type = child(der, info, 0, n, 1);
    if (isOid(der, type, OID.envelopedData) || isOid(der, type, OID.authEnvelopedData))
      return { kind: 'encrypted' };
    const wrapped = child(der, info, 1, n, 1);
    if (!isOid(der, type, OID.signedData) || wrapped?.tag !== 0xa0)
      return { kind: 'unreadable', reason: 'not signed or encrypted data' };
    // SignedData: version, digest algorithms, then the encapsulated content.
    const signed = child(der, wrapped, 0, n, 2);
    if (signed?.tag !== 0x30) throw new Malformed('no signed data');
    const encapsulated = child(der, signed, 2, n, 3);
    if (encapsulated?.tag !== 0x30) throw new Malformed('no encapsulated content');
    const explicit = child(der, encapsulated, 1, n, 4);
    // A signature without its content (detached): nothing here to read.
    if (explicit?.tag !== 0xa0) return { kind: 'unreadable', reason: 'a signature without its content' };
    const content = child(der, explicit, 0, n, 5);
    if (!content) throw new Malformed('empty content');
    const parts: Uint8Array[] = [];
    octets(der, content, explicit.end >= 0 ? explicit.end : n, 6, parts);
    return { kind: 'signed', content: Buffer.concat(parts) };
  } catch (err) {
    if (err instanceof Malformed) return { kind: 'unreadable', reason: err.message };
    // A recursion past the stack or an allocation is damage too, never a crash.
    return { kind: 'unreadable', reason: 'damaged' };
  }
}

/** How many opaque layers are opened (signed, then encrypted, then signed is the deepest S/MIME nests). */
const MAX_LAYERS = 3;

/** Header fields of the wrapper that the content's own replace: the content says what it is. */
const WRAPPER_FIELD = /^(?:content-[a-z-]+|mime-version)$/i;

/**
 * A message whose body is opaque S/MIME, as the message a mail client shows: the wrapper's header
 * fields (From, Subject, Received…) with the signed content's own MIME entity in place of the
 * body. Anything else, and a body that cannot be opened, as it is; an encrypted body with a warning
 * that its content cannot be read here.
 */
export function openOpaqueSmime(raw: Uint8Array, warnings: string[]): Uint8Array {
  let message = raw;
  for (let layer = 0; layer < MAX_LAYERS; layer++) {
    const split = headerSplit(message);
    if (!split) return message;
    const head = Buffer.from(message.buffer, message.byteOffset, split.headEnd).toString('latin1');
    // Most mail is not S/MIME: its header block is looked through once, not read field by field.
    if (!/pkcs7-mime/i.test(head)) return message;
    const fields = head.replace(/\r?\n(?=[ \t])/g, ' ').split(/\r?\n/);
    const field = (name: string) =>
      fields.find((f) => f.slice(0, f.indexOf(':')).trim().toLowerCase() === name)?.slice(name.length + 1) ??
      '';
    if (!/^\s*application\/(?:x-)?pkcs7-mime\b/i.test(field('content-type'))) return message;
    const encoding = field('content-transfer-encoding').trim().toLowerCase();
    const body = message.subarray(split.bodyStart);
    const der = encoding === 'base64' ? Buffer.from(Buffer.from(body).toString('latin1'), 'base64') : body;
    const opened = readPkcs7(der);
    if (opened.kind === 'encrypted') {
      warnings.push("an S/MIME encrypted message: its content can only be read with the recipient's key");
      return message;
    }
    if (opened.kind === 'unreadable') {
      warnings.push(`an S/MIME body that could not be opened (${opened.reason})`);
      return message;
    }
    const kept = fields.filter((f) => f !== '' && !WRAPPER_FIELD.test(f.slice(0, f.indexOf(':')).trim()));
    message = Buffer.concat([
      Buffer.from(`${kept.join('\r\n')}\r\nMIME-Version: 1.0\r\n`, 'latin1'),
      opened.content,
    ]);
  }
  return message;
}

/** Where a message's header block ends and its body starts, or null without a blank line. */
function headerSplit(message: Uint8Array): { headEnd: number; bodyStart: number } | null {
  const scan = Buffer.from(message.buffer, message.byteOffset, Math.min(message.byteLength, 1024 * 1024));
  const crlf = scan.indexOf('\r\n\r\n');
  const lf = scan.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { headEnd: crlf, bodyStart: crlf + 4 };
  if (lf >= 0) return { headEnd: lf, bodyStart: lf + 2 };
  return null;
}
