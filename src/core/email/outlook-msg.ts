import { createHash } from 'node:crypto';
import CFB from 'cfb';
import { decompressRtf, encapsulatedBody, type RtfBody } from './rtf.js';

/** The first bytes of a Compound File (OLE2), the container of Outlook's saved items (.msg). */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Items inside items read as attached messages, at most this deep (parse.ts reads two). */
const MAX_INNER_DEPTH = 3;
/** Attachments and recipients read per item. */
const MAX_ATTACHMENTS = 50;
const MAX_RECIPIENTS = 50;

/** Whether bytes are a Compound File: what Outlook writes when a message is saved or dragged out. */
export function isOutlookItem(raw: Uint8Array): boolean {
  return raw.byteLength >= 512 && COMPOUND_FILE.every((b, i) => raw[i] === b);
}

/*
 * An Outlook item is a Compound File of MAPI properties ([MS-OXMSG]): each variable-length
 * property a stream named `__substg1.0_` + its tag (id and type in hex), recipients and
 * attachments in `__recip_version1.0_#…` and `__attach_version1.0_#…` storages, an attached item
 * as a storage of its own (`__substg1.0_3701000D`), and the fixed-length ones (times, the
 * recipient type) in the 16-byte entries of a `__properties_version1.0` stream. The container is
 * read by SheetJS's cfb, which 3,000 damaged items could not make slow or hungry (a reader
 * built for .msg, tried first, ran out of memory on one); the properties are read here.
 */

/** Property ids read (the tag's high half); types are 001F (UTF-16), 001E (8-bit), 0102 (binary). */
const PR = {
  subject: 0x0037,
  transportHeaders: 0x007d,
  clientSubmitTime: 0x0039,
  deliveryTime: 0x0e06,
  body: 0x1000,
  html: 0x1013,
  rtfCompressed: 0x1009,
  messageId: 0x1035,
  senderName: 0x0c1a,
  senderEmail: 0x0c1f,
  senderSmtp: 0x5d01,
  sentRepresentingSmtp: 0x5d02,
  recipientType: 0x0c15,
  displayName: 0x3001,
  emailAddress: 0x3003,
  smtpAddress: 0x39fe,
  attachData: 0x3701,
  attachShortName: 0x3704,
  attachLongName: 0x3707,
  attachMime: 0x370e,
} as const;

/** One item's storage: its streams by name, relative to the storage. */
export type Storage = Map<string, Uint8Array>;

/**
 * An Outlook item (.msg) as the Internet message it stands for, so that the one parser reads it:
 * - its header block is the transport headers Outlook kept from delivery when it has them (mail
 *   from outside the organisation: From, Reply-To, Received, Authentication-Results…), without
 *   their MIME structure; otherwise From, To, Subject and Date made from the item's properties;
 * - its body is the item's plain text and HTML, and its attachments as files, an attached item
 *   in turn as a message/rfc822 part.
 * Throws on a file that is not a readable Outlook item. Nothing is run or fetched. An item
 * without an HTML property is read from the HTML or text its compressed RTF body encapsulates
 * (rtf.ts); an RTF body written as RTF is not read, its plain text is.
 */
export function outlookItemToMime(raw: Uint8Array): Buffer {
  assertDirectoryIsATree(raw);
  const file = CFB.read(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), { type: 'buffer' });
  const streams: Storage = new Map();
  file.FullPaths.forEach((path, i) => {
    const entry = file.FileIndex[i];
    // Paths start with the root's name ("Root Entry/"); storages end with "/".
    if (entry?.type === 2 && entry.content)
      streams.set(path.slice(path.indexOf('/') + 1), toBytes(entry.content));
  });
  if (![...streams.keys()].some((k) => k.startsWith('__substg1.0_')))
    throw new Error('no message properties in the file');
  return storageToMime(streams, raw);
}

/**
 * An item given as the streams an Outlook file would hold (TNEF's attached items are, tnef.ts),
 * as the Internet message it stands for. Its boundaries come from the hash of `seed`, the item's
 * own bytes: the same item converts to the same bytes, and no text in it can be written to end a
 * part early.
 */
export function storageToMime(streams: Storage, seed: Uint8Array): Buffer {
  const tag = createHash('sha256').update(seed).digest('hex').slice(0, 24);
  return toMime(streams, '', `=_phishguard_${tag}`, 0);
}

/** Sector ids with a meaning of their own: the end of a chain, and the free and special ones above it. */
const END_OF_CHAIN = 0xfffffffe;
const NO_STREAM = 0xffffffff;

/**
 * Refuses a Compound File whose directory is not a tree ([MS-CFB] 2.6): each entry's left and
 * right siblings and child are other entries, each entry the target of at most one of them, and
 * no chain of them leads back to where it began. cfb builds each entry's path by walking up to
 * its parent, and a directory that loops makes it walk for ever, doubling the path until the
 * string is too long: an 8 KB item damaged so took 7.8 s and hundreds of megabytes before
 * failing (`npm run fuzz`, seed 5, 2026-12-06). Read here first, from the header, the FAT and the
 * directory's sector chain: a few thousand steps at most.
 */
export function assertDirectoryIsATree(raw: Uint8Array): void {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const u32 = (at: number) => (at + 4 <= raw.byteLength ? view.getUint32(at, true) : NO_STREAM);
  if (raw.byteLength < 512) throw new Error('too short for a Compound File');
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) throw new Error(`a sector size of 2^${shift} bytes`);
  const size = 1 << shift;
  // The header fills the first sector (512 bytes of it used): sector n starts at (n + 1) sectors.
  const sectorAt = (id: number) => (id + 1) * size;
  const sectors = Math.ceil(raw.byteLength / size) - 1;
  // The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(u32(0x4c + 4 * i));
  for (let id = u32(0x44), hops = 0; id < sectors && hops <= sectors; hops++) {
    const at = sectorAt(id);
    for (let i = 0; i < size / 4 - 1; i++) fatSectors.push(u32(at + 4 * i));
    id = u32(at + size - 4);
  }
  const perSector = size / 4;
  const next = (id: number) => {
    const fat = fatSectors[Math.floor(id / perSector)];
    return fat === undefined || fat >= sectors ? END_OF_CHAIN : u32(sectorAt(fat) + 4 * (id % perSector));
  };
  // The directory: 128-byte entries in the chain that starts at the header's 0x30.
  const links: [number, number, number][] = [];
  for (let id = u32(0x30), hops = 0; id < sectors; id = next(id)) {
    if (++hops > sectors) throw new Error('the directory chain loops');
    for (let at = sectorAt(id); at + 128 <= Math.min(sectorAt(id) + size, raw.byteLength); at += 128)
      links.push([u32(at + 0x44), u32(at + 0x48), u32(at + 0x4c)]);
  }
  const parent = new Int32Array(links.length).fill(-1);
  links.forEach((targets, from) => {
    for (const to of targets) {
      if (to >= links.length) continue;
      if (to === from || parent[to] !== -1) throw new Error('the directory is not a tree');
      parent[to] = from;
    }
  });
  // One parent each, so a loop is a ring of entries whose parents lead round it. Each walk up
  // stops at the top or at an entry an earlier walk cleared: every entry is walked once.
  const state = new Uint8Array(links.length); // 0 unseen, 1 on this walk, 2 cleared
  for (let i = 0; i < links.length; i++) {
    let j = i;
    while (j !== -1 && state[j] === 0) {
      state[j] = 1;
      j = parent[j] as number;
    }
    if (j !== -1 && state[j] === 1) throw new Error('the directory loops');
    for (let k = i; k !== -1 && state[k] === 1; k = parent[k] as number) state[k] = 2;
  }
}

function toBytes(content: CFB.CFB$Blob): Uint8Array {
  return content instanceof Uint8Array ? content : Uint8Array.from(content as ArrayLike<number>);
}

/** The string or binary value of property `id` of the storage at `dir`. */
function prop(streams: Storage, dir: string, id: number): string | null {
  const base = `${dir}__substg1.0_${id.toString(16).toUpperCase().padStart(4, '0')}`;
  const unicode = streams.get(`${base}001F`);
  if (unicode) return withoutNul(new TextDecoder('utf-16le').decode(unicode));
  const ansi = streams.get(`${base}001E`);
  if (ansi) return withoutNul(new TextDecoder('windows-1252').decode(ansi));
  return null;
}

function binary(streams: Storage, dir: string, id: number): Uint8Array | null {
  return streams.get(`${dir}__substg1.0_${id.toString(16).toUpperCase().padStart(4, '0')}0102`) ?? null;
}

/**
 * A fixed-length property's 8 value bytes from the storage's `__properties_version1.0`: entries
 * of 16 bytes (tag, flags, value) after a header of 32 bytes for the file's item, 24 for an
 * attached item, 8 for a recipient or an attachment.
 */
function fixed(streams: Storage, dir: string, id: number, header: number): DataView | null {
  const table = streams.get(`${dir}__properties_version1.0`);
  if (!table) return null;
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  for (let at = header; at + 16 <= table.byteLength; at += 16)
    if (view.getUint16(at + 2, true) === id) return new DataView(table.buffer, table.byteOffset + at + 8, 8);
  return null;
}

/** A PT_SYSTIME property (100 ns since 1601) as a date, if it holds a plausible one. */
function time(streams: Storage, dir: string, id: number, header: number): Date | null {
  const v = fixed(streams, dir, id, header);
  if (!v) return null;
  const ms = Number(v.getBigUint64(0, true) / 10_000n) - 11_644_473_600_000;
  const date = new Date(ms);
  return ms > 0 && ms < 4_102_444_800_000 ? date : null;
}

/** The storages under `dir` whose names start with `prefix` ("__attach_version1.0_#"), in order. */
function children(streams: Storage, dir: string, prefix: string): string[] {
  const out = new Set<string>();
  for (const key of streams.keys()) {
    if (!key.startsWith(`${dir}${prefix}`)) continue;
    const rest = key.slice(dir.length);
    if (rest.includes('/')) out.add(`${dir}${rest.slice(0, rest.indexOf('/') + 1)}`);
  }
  return [...out].sort();
}

/** The body the item's compressed RTF encapsulates, if it has one that can be read. */
function rtfBody(streams: Storage, dir: string): RtfBody | null {
  const compressed = binary(streams, dir, PR.rtfCompressed);
  if (!compressed) return null;
  try {
    return encapsulatedBody(decompressRtf(compressed));
  } catch {
    return null;
  }
}

/** Fields the rebuilt body structure replaces: the transport headers' own say how the original was laid out. */
const STRUCTURE = /^(?:content-type|content-transfer-encoding|mime-version|content-disposition)$/i;

/**
 * An item's body as Outlook shows it: its HTML property, else the HTML its compressed RTF
 * encapsulates; its plain text, else the text the RTF encapsulates. `dir` is the item's storage.
 */
export function itemBody(streams: Storage, dir: string): { text: string; html: string | null } {
  const htmlBytes = binary(streams, dir, PR.html);
  let html = htmlBytes ? new TextDecoder('utf-8').decode(htmlBytes) : prop(streams, dir, PR.html);
  let text = prop(streams, dir, PR.body) ?? '';
  if (html === null) {
    const rtf = rtfBody(streams, dir);
    if (rtf?.mode === 'html') html = rtf.text;
    else if (rtf?.mode === 'text' && text.trim() === '') text = rtf.text;
  }
  return { text, html };
}

function toMime(streams: Storage, dir: string, tag: string, depth: number): Buffer {
  const boundary = `${tag}_${depth}`;
  const alt = `${boundary}_alt`;
  const { text, html } = itemBody(streams, dir);
  const parts: Buffer[] = [
    Buffer.from(
      [
        `Content-Type: multipart/alternative; boundary="${alt}"`,
        '',
        `--${alt}`,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        base64Lines(Buffer.from(text, 'utf8')),
        ...(html === null
          ? []
          : [
              `--${alt}`,
              'Content-Type: text/html; charset=utf-8',
              'Content-Transfer-Encoding: base64',
              '',
              base64Lines(Buffer.from(html, 'utf8')),
            ]),
        `--${alt}--`,
        '',
      ].join('\r\n'),
    ),
  ];
  for (const at of children(streams, dir, '__attach_version1.0_#').slice(0, MAX_ATTACHMENTS)) {
    const name = headerSafe(
      prop(streams, at, PR.attachLongName) ??
        prop(streams, at, PR.attachShortName) ??
        prop(streams, at, PR.displayName) ??
        'attachment',
    );
    const innerDir = `${at}__substg1.0_3701000D/`;
    if ([...streams.keys()].some((k) => k.startsWith(innerDir))) {
      if (depth >= MAX_INNER_DEPTH) continue;
      parts.push(
        Buffer.concat([
          Buffer.from(
            `Content-Type: message/rfc822\r\nContent-Disposition: attachment; filename="${name.replace(/\.msg$/i, '')}.eml"\r\n\r\n`,
          ),
          toMime(streams, innerDir, tag, depth + 1),
          Buffer.from('\r\n'),
        ]),
      );
      continue;
    }
    const type = headerSafe(prop(streams, at, PR.attachMime) ?? 'application/octet-stream');
    parts.push(
      Buffer.from(
        [
          `Content-Type: ${type}; name="${name}"`,
          'Content-Transfer-Encoding: base64',
          `Content-Disposition: attachment; filename="${name}"`,
          '',
          base64Lines(Buffer.from(binary(streams, at, PR.attachData) ?? new Uint8Array())),
          '',
        ].join('\r\n'),
      ),
    );
  }
  const head = headerBlock(streams, dir, depth === 0 ? 32 : 24);
  const body: Buffer[] = [
    Buffer.from(`${head}MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n`),
  ];
  for (const p of parts) body.push(Buffer.from(`--${boundary}\r\n`), p, Buffer.from('\r\n'));
  body.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(body);
}

/** The transport headers without their structure fields, or header fields made from the item's properties. */
function headerBlock(streams: Storage, dir: string, header: number): string {
  const kept = (prop(streams, dir, PR.transportHeaders) ?? '')
    .replace(/\r?\n(?=[ \t])/g, FOLD)
    .split(/\r?\n/)
    .filter((line) => /^[!-9;-~]+:/.test(line) && !STRUCTURE.test(line.slice(0, line.indexOf(':'))))
    .map((line) => line.replaceAll(FOLD, '\r\n'));
  if (kept.some((line) => /^from:/i.test(line))) return `${kept.join('\r\n')}\r\n`;
  const sender =
    [PR.senderSmtp, PR.sentRepresentingSmtp, PR.senderEmail]
      .map((id) => prop(streams, dir, id))
      .find((a) => a?.includes('@')) ?? '';
  const recipients = { to: [] as string[], cc: [] as string[] };
  for (const r of children(streams, dir, '__recip_version1.0_#').slice(0, MAX_RECIPIENTS)) {
    const address = [PR.smtpAddress, PR.emailAddress]
      .map((id) => prop(streams, r, id))
      .find((a) => a?.includes('@'));
    if (!address) continue;
    const type = fixed(streams, r, PR.recipientType, 8)?.getUint32(0, true) ?? 1;
    if (type === 1) recipients.to.push(headerSafe(address));
    else if (type === 2) recipients.cc.push(headerSafe(address));
  }
  const date = time(streams, dir, PR.clientSubmitTime, header) ?? time(streams, dir, PR.deliveryTime, header);
  const messageId = prop(streams, dir, PR.messageId);
  return [
    `From: ${encodedWord(prop(streams, dir, PR.senderName) ?? '')} <${headerSafe(sender)}>`,
    ...(recipients.to.length ? [`To: ${recipients.to.join(', ')}`] : []),
    ...(recipients.cc.length ? [`Cc: ${recipients.cc.join(', ')}`] : []),
    `Subject: ${encodedWord(prop(streams, dir, PR.subject) ?? '')}`,
    ...(date ? [`Date: ${date.toUTCString()}`] : []),
    ...(messageId ? [`Message-ID: ${headerSafe(messageId)}`] : []),
    '',
  ].join('\r\n');
}

/** Stands for a folded header line's break while lines are filtered (a private-use character). */
const FOLD = '\uE000';
/** A string property without the NUL characters that end it (or, in a hostile file, sit in it). */
const withoutNul = (s: string) => s.split('\0').join('');
const headerSafe = (s: string) =>
  withoutNul(s)
    .replace(/[\r\n"]/g, ' ')
    .slice(0, 1000);
const encodedWord = (s: string) =>
  s === '' ? '' : `=?utf-8?B?${Buffer.from(s.replace(/[\r\n]/g, ' ').slice(0, 2000)).toString('base64')}?=`;
const base64Lines = (b: Buffer) => b.toString('base64').replace(/.{76}/g, '$&\r\n');
