import { TextDecoder } from 'node:util';
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
 * properties of its `attAttachment` attribute.
 */

const SIGNATURE = 0x223e9f78;
const LVL_ATTACHMENT = 0x02;
/** Attribute ids, without their type half. */
const ATT = {
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
  files: EmailAttachment[];
  /** Attached Outlook items inside it, not read (their names). */
  items: string[];
  /** Why reading stopped early, if it did. */
  damage: string | null;
}

interface Pending {
  title: string;
  longName: string | null;
  mime: string | null;
  data: Uint8Array | null;
  embedded: boolean;
}

/** The files of a TNEF stream, as far as it can be read. Never throws. */
export function readTnef(b: Uint8Array): TnefContents {
  const out: TnefContents = { files: [], items: [], damage: null };
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let current: Pending | null = null;
  const finish = () => {
    if (!current) return;
    const name = (current.longName ?? current.title).replace(/[\0\r\n]/g, '').trim() || 'attachment';
    if (current.embedded) out.items.push(name);
    else if (current.data && out.files.length < MAX_FILES)
      out.files.push({
        filename: name,
        mimeType: (current.mime ?? 'application/octet-stream').toLowerCase().trim(),
        size: current.data.byteLength,
        content: current.data,
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
      if (level !== LVL_ATTACHMENT) continue;
      if (id === ATT.attachRenddata) {
        finish();
        current = { title: '', longName: null, mime: null, data: null, embedded: false };
      } else if (current) {
        if (id === ATT.attachTitle) current.title = new TextDecoder('windows-1252').decode(data);
        else if (id === ATT.attachData) current.data = data;
        else if (id === ATT.attachment) readAttachmentProps(data, current);
      }
    }
  } catch (err) {
    out.damage = String((err as Error)?.message ?? err);
  }
  finish();
  return out;
}

/** PR_ATTACH_LONG_FILENAME, PR_ATTACH_MIME_TAG and whether it is an attached item, from `attAttachment`. */
function readAttachmentProps(d: Uint8Array, into: Pending): void {
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
        const value = d.subarray(at, at + n);
        at += n + pad(n);
        if (id === PR.attachLongFilename) into.longName = text(value, base);
        else if (id === PR.attachMimeTag) into.mime = text(value, base);
        else if (id === PR.attachDataObj && base === 0x000d) into.embedded = true;
        else if (id === PR.attachDataObj && base === 0x0102) into.data ??= value;
      } else {
        const size = FIXED[base];
        if (size === undefined) return; // a type this reader does not know: what follows cannot be found
        need(size);
        if (id === PR.attachMethod && base === 0x0003 && view.getUint32(at, true) === ATTACH_EMBEDDED_MSG)
          into.embedded = true;
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
const pad = (n: number) => (4 - (n % 4)) % 4;
const text = (value: Uint8Array, type: number) =>
  new TextDecoder(type === 0x001f ? 'utf-16le' : 'windows-1252').decode(value).replace(/\0+$/, '');
