import { TextDecoder } from 'node:util';
import { itemBody, storageToMime, type Storage } from './outlook-msg.js';
import type { EmailAttachment } from './types.js';

/*
 * TNEF ([MS-OXTNEF]), the "winmail.dat" (`application/ms-tnef`) that Exchange and Outlook attach
 * when they send their own formatting to the Internet. Outlook shows the files inside it as the
 * message's attachments; other mail clients show one opaque file. A program or a fake sign-in page
 * inside it would otherwise go unseen here, so its files are read as the message's attachments.
 *
 * A stream is a signature and a key, then attributes: a level (message or attachment), an id, a
 * length, the data and a checksum. Each attachment starts with its rendering attribute and has
 * its name and data as attributes, and its long file name and MIME type among the MAPI
 * properties of its `attAttachment` attribute. An attached Outlook item is a TNEF stream of its
 * own inside those properties; its message properties are laid out as an Outlook file's streams
 * and converted by outlook-msg.ts, so it is read as an attached message.
 */

const SIGNATURE = 0x223e9f78;
const LVL_ATTACHMENT = 0x02;
/** Attribute ids, without their type half. */
const ATT = {
  subject: 0x8004,
  body: 0x800c,
  mapiProps: 0x9003,
  attachData: 0x800f,
  attachTitle: 0x8010,
  attachRenddata: 0x9002,
  attachment: 0x9005,
} as const;
/** MAPI property ids read from `attAttachment`. */
const PR = { attachLongFilename: 0x3707, attachMimeTag: 0x370e, attachMethod: 0x3705, attachDataObj: 0x3701 };
/** PR_ATTACH_METHOD for an attached Outlook item, which TNEF holds as another TNEF stream. */
const ATTACH_EMBEDDED_MSG = 5;

/** Files read from one stream at most. */
const MAX_FILES = 50;
/** MAPI properties read from one attribute at most. */
const MAX_PROPS = 500;

/** Whether bytes start as a TNEF stream does. */
export function isTnef(b: Uint8Array): boolean {
  return b.byteLength >= 6 && new DataView(b.buffer, b.byteOffset, 4).getUint32(0, true) === SIGNATURE;
}

/** What a TNEF stream holds: its files, and what could not be read of it. */
export interface TnefContents {
  /** Its files; an attached Outlook item as the Internet message it stands for (`message/rfc822`). */
  files: EmailAttachment[];
  /** Attached Outlook items inside it that could not be read (their names). */
  items: string[];
  /** Why reading stopped early, if it did. */
  damage: string | null;
}

interface Pending {
  title: string;
  longName: string | null;
  mime: string | null;
  data: Uint8Array | null;
  /** An attached Outlook item: its own TNEF stream, or an empty array if it has none to read. */
  item: Uint8Array | null;
}

/** Attached items inside attached items read at most, as an Outlook file's are (outlook-msg.ts). */
const MAX_ITEM_DEPTH = 3;

/** The files of a TNEF stream, as far as it can be read. Never throws. */
export function readTnef(b: Uint8Array): TnefContents {
  const out: TnefContents = { files: [], items: [], damage: null };
  const stream = readStream(b, 0);
  out.damage = stream.damage;
  for (const f of stream.files) {
    if (!f.item) {
      out.files.push(f.file);
      continue;
    }
    const message = f.item.byteLength > 0 ? itemToMime(f.item, 1) : null;
    if (!message) out.items.push(f.file.filename);
    else
      out.files.push({
        filename: `${f.file.filename.replace(/\.msg$/i, '')}.eml`,
        mimeType: 'message/rfc822',
        size: message.byteLength,
        content: message,
      });
  }
  return out;
}

/**
 * The body of the message a TNEF stream carries (its own message-level properties: plain text,
 * HTML, or what its compressed RTF encapsulates), or null when it carries none. Exchange sends mail
 * written in Outlook's rich text as winmail.dat alone, with no text part: its body is only here.
 */
export function readTnefBody(b: Uint8Array): { text: string; html: string | null } | null {
  const stream = readStream(b, 0, true);
  const body = itemBody(withBodyAttribute(stream), '');
  return body.text.trim() !== '' || (body.html ?? '').trim() !== '' ? body : null;
}

/** The stream's properties, with its 8-bit body attribute standing in for a missing plain-text body. */
function withBodyAttribute(stream: Stream): Storage {
  const storage: Storage = new Map(stream.props);
  if (stream.body && !storage.has('__substg1.0_1000001F') && !storage.has('__substg1.0_1000001E'))
    storage.set('__substg1.0_1000001E', stream.body);
  return storage;
}

interface Stream {
  /** Message-level MAPI properties (`attMAPIProps`) by the name of the stream an Outlook file keeps each in. */
  props: Storage;
  /** The 8-bit subject and body attributes, for streams without the properties. */
  subject: Uint8Array | null;
  body: Uint8Array | null;
  files: { file: EmailAttachment; item: Uint8Array | null }[];
  damage: string | null;
}

/**
 * An attached Outlook item's own TNEF stream as the Internet message it stands for: its
 * properties laid out as an Outlook file's streams, for outlook-msg.ts to convert. Null if it
 * holds nothing to read.
 */
function itemToMime(b: Uint8Array, depth: number): Buffer | null {
  const stream = readStream(b, depth);
  const storage = withBodyAttribute(stream);
  if (stream.subject && !storage.has('__substg1.0_0037001F') && !storage.has('__substg1.0_0037001E'))
    storage.set('__substg1.0_0037001E', stream.subject);
  stream.files.forEach(({ file, item }, n) => {
    const dir = `__attach_version1.0_#${n.toString(16).toUpperCase().padStart(8, '0')}/`;
    storage.set(`${dir}__substg1.0_3707001F`, Buffer.from(file.filename, 'utf16le'));
    if (item) {
      const inner = depth < MAX_ITEM_DEPTH ? itemToMime(item, depth + 1) : null;
      // outlook-msg.ts reads an attached item from its storage; one made here is already a message.
      storage.set(`${dir}__substg1.0_370E001F`, Buffer.from('message/rfc822', 'utf16le'));
      storage.set(`${dir}__substg1.0_37010102`, inner ?? new Uint8Array());
    } else {
      storage.set(`${dir}__substg1.0_370E001F`, Buffer.from(file.mimeType, 'utf16le'));
      storage.set(`${dir}__substg1.0_37010102`, file.content ?? new Uint8Array());
    }
  });
  if (![...storage.keys()].some((k) => k.startsWith('__substg1.0_'))) return null;
  return storageToMime(storage, b);
}

/**
 * A TNEF stream's files and, below the top (an attached item's stream) or when `messageLevel` is
 * asked for, its message-level attributes and properties.
 */
function readStream(b: Uint8Array, depth: number, messageLevel = depth > 0): Stream {
  const out: Stream = { props: new Map(), subject: null, body: null, files: [], damage: null };
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let current: Pending | null = null;
  const finish = () => {
    if (!current) return;
    const name = (current.longName ?? current.title).replace(/[\0\r\n]/g, '').trim() || 'attachment';
    if ((current.item || current.data) && out.files.length < MAX_FILES)
      out.files.push({
        file: {
          filename: name,
          mimeType: (current.mime ?? 'application/octet-stream').toLowerCase().trim(),
          size: current.data?.byteLength ?? 0,
          content: current.data ?? new Uint8Array(),
        },
        item: current.item,
      });
    current = null;
  };
  try {
    if (!isTnef(b)) throw new Error('not a TNEF stream');
    let at = 6;
    while (at < b.byteLength) {
      if (at + 9 > b.byteLength) throw new Error('an attribute cut short');
      const level = b[at]!;
      const id = view.getUint32(at + 1, true) & 0xffff;
      const length = view.getUint32(at + 5, true);
      const start = at + 9;
      if (start + length + 2 > b.byteLength) throw new Error('an attribute longer than the stream');
      const data = b.subarray(start, start + length);
      at = start + length + 2; // the checksum is not checked: damage shows itself elsewhere
      if (level !== LVL_ATTACHMENT) {
        // The carrier's own properties are the mail's headers and text part, read only for a body
        // the mail lacks (readTnefBody).
        if (!messageLevel) continue;
        if (id === ATT.subject) out.subject = data;
        else if (id === ATT.body) out.body = data;
        else if (id === ATT.mapiProps)
          readProps(data, (prop, type, value) => {
            if (VARIABLE.has(type) && type !== 0x000d)
              out.props.set(`__substg1.0_${hex(prop)}${hex(type)}`, value);
          });
        continue;
      }
      if (id === ATT.attachRenddata) {
        finish();
        current = { title: '', longName: null, mime: null, data: null, item: null };
      } else if (current) {
        const into: Pending = current;
        if (id === ATT.attachTitle) into.title = new TextDecoder('windows-1252').decode(data);
        else if (id === ATT.attachData) into.data = data;
        else if (id === ATT.attachment)
          readProps(data, (prop, type, value, fixed) => {
            if (prop === PR.attachLongFilename && (type === 0x001e || type === 0x001f))
              into.longName = text(value, type);
            else if (prop === PR.attachMimeTag && (type === 0x001e || type === 0x001f))
              into.mime = text(value, type);
            // An attached item's data: the interface id (16 bytes), then the item's own TNEF stream.
            else if (prop === PR.attachDataObj && type === 0x000d)
              into.item = isTnef(value.subarray(16)) ? value.subarray(16) : new Uint8Array();
            else if (prop === PR.attachDataObj && type === 0x0102) into.data ??= value;
            else if (prop === PR.attachMethod && fixed?.getUint32(0, true) === ATTACH_EMBEDDED_MSG)
              into.item ??= new Uint8Array();
          });
      }
    }
  } catch (err) {
    out.damage = String((err as Error)?.message ?? err);
  }
  finish();
  return out;
}

/**
 * Each single-valued MAPI property of an `attMAPIProps` or `attAttachment` attribute, handed to
 * `each` with its id, type and value: the bytes of a variable-length one, or a view of a
 * fixed-length one's (multi-valued ones are read past). Stops at a type it does not know, as what
 * follows cannot be found.
 */
function readProps(
  d: Uint8Array,
  each: (id: number, type: number, value: Uint8Array, fixed: DataView | null) => void,
): void {
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength);
  let at = 0;
  const need = (n: number) => {
    if (at + n > d.byteLength) throw new Error('MAPI properties cut short');
  };
  const u32 = () => {
    need(4);
    const v = view.getUint32(at, true);
    at += 4;
    return v;
  };
  const count = Math.min(u32(), MAX_PROPS);
  for (let p = 0; p < count; p++) {
    need(4);
    const type = view.getUint16(at, true);
    const id = view.getUint16(at + 2, true);
    at += 4;
    if (id >= 0x8000) {
      // A named property: its GUID, then an id or a name.
      need(20);
      at += 16;
      if (u32() === 0) at += 4;
      else {
        const n = u32();
        need(n);
        at += n + pad(n);
      }
    }
    const multi = (type & 0x1000) !== 0;
    const base = type & 0x0fff;
    const values = multi || VARIABLE.has(base) ? u32() : 1;
    if (values > 10_000) throw new Error('a MAPI property with too many values');
    for (let v = 0; v < values; v++) {
      if (VARIABLE.has(base)) {
        const n = u32();
        need(n);
        if (!multi) each(id, base, d.subarray(at, at + n), null);
        at += n + pad(n);
      } else {
        const size = FIXED[base];
        if (size === undefined) return;
        need(size);
        if (!multi)
          each(id, base, d.subarray(at, at + size), new DataView(d.buffer, d.byteOffset + at, size));
        at += size;
      }
    }
  }
}

/** Types whose values are a length and bytes: 8-bit and Unicode strings, binary, objects. */
const VARIABLE = new Set([0x001e, 0x001f, 0x0102, 0x000d]);
/** Bytes a fixed-size value takes in TNEF (short and boolean values are padded to four). */
const FIXED: Record<number, number> = {
  0x0001: 4,
  0x0002: 4,
  0x0003: 4,
  0x0004: 4,
  0x0005: 8,
  0x0006: 8,
  0x0007: 8,
  0x000a: 4,
  0x000b: 4,
  0x0014: 8,
  0x0040: 8,
  0x0048: 16,
};
const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
const pad = (n: number) => (4 - (n % 4)) % 4;
const text = (value: Uint8Array, type: number) =>
  new TextDecoder(type === 0x001f ? 'utf-16le' : 'windows-1252').decode(value).replace(/\0+$/, '');
