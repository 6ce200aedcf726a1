// Writes fixtures/outlook/*.msg: Outlook items (Compound Files holding MAPI property streams, as
// [MS-OXMSG] lays them out) built with the cfb package, for tests of .msg reading. Run with
// `npx tsx scripts/make-outlook-fixtures.ts`; the files it writes are committed. Tests and the
// fuzzer also build items here, compressed RTF bodies (`compressRtf`, `encapsulateHtml`) and
// winmail.dat streams (`winmailDat`).
import CFB from 'cfb';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A property stream's name: __substg1.0_ + tag (property id and type, in hex). */
const UNICODE = '001F';
const BINARY = '0102';
const OBJECT = '000D';
export const PROPS = {
  subject: '0037',
  transportHeaders: '007D',
  body: '1000',
  html: '1013',
  rtfCompressed: '1009',
  senderName: '0C1A',
  senderEmail: '0C1F',
  senderSmtp: '5D01',
  attachLongName: '3707',
  attachData: '3701',
  attachMime: '370E',
  recipSmtp: '39FE',
  displayName: '3001',
} as const;

export interface Item {
  subject: string;
  senderName: string;
  senderSmtp: string;
  transportHeaders?: string;
  body: string;
  html?: string;
  /** PidTagRtfCompressed: this RTF, compressed by `compressRtf` (with `html` unset, as Outlook often saves HTML mail). */
  rtf?: string;
  /** PidTagRtfCompressed as these bytes, for damaged streams. */
  rtfBytes?: Buffer;
  recipients?: string[];
  /** Recipients on the Cc line (PidTagRecipientType 2). */
  cc?: string[];
  /** PidTagClientSubmitTime, written in the item's fixed-length property table. */
  submitted?: Date;
  files?: { name: string; mime: string; data: Buffer }[];
  items?: Item[];
}

/** A `__properties_version1.0` table: a header of `header` zero bytes, then 16-byte entries (tag, flags, value). */
function propertyTable(header: number, entries: [tag: number, value: bigint][]): Buffer {
  const b = Buffer.alloc(header + 16 * entries.length);
  entries.forEach(([tag, value], i) => {
    b.writeUInt32LE(tag, header + 16 * i);
    b.writeUInt32LE(2, header + 16 * i + 4); // PROPATTR_READABLE
    b.writeBigUInt64LE(value, header + 16 * i + 8);
  });
  return b;
}

/** A date as a FILETIME: 100 ns intervals since 1601-01-01. */
const filetime = (d: Date) => (BigInt(d.getTime()) + 11_644_473_600_000n) * 10_000n;

/** The item's streams under `prefix` ("" for the file's root). */
export function addItem(cfb: CFB.CFB$Container, prefix: string, item: Item): void {
  const add = (path: string, data: Buffer) => CFB.utils.cfb_add(cfb, `${prefix}/${path}`, data);
  const text = (id: string, s: string) => add(`__substg1.0_${id}${UNICODE}`, Buffer.from(s, 'utf16le'));
  text(PROPS.subject, item.subject);
  text(PROPS.senderName, item.senderName);
  text(PROPS.senderEmail, item.senderSmtp);
  text(PROPS.senderSmtp, item.senderSmtp);
  text(PROPS.body, item.body);
  if (item.transportHeaders) text(PROPS.transportHeaders, item.transportHeaders);
  if (item.html) add(`__substg1.0_${PROPS.html}${BINARY}`, Buffer.from(item.html, 'utf8'));
  const rtf = item.rtfBytes ?? (item.rtf ? compressRtf(Buffer.from(item.rtf, 'latin1')) : null);
  if (rtf) add(`__substg1.0_${PROPS.rtfCompressed}${BINARY}`, rtf);
  if (item.submitted)
    add('__properties_version1.0', propertyTable(prefix ? 24 : 32, [[0x00390040, filetime(item.submitted)]]));
  const recipients = [
    ...(item.recipients ?? []).map((r) => [r, 1] as const),
    ...(item.cc ?? []).map((r) => [r, 2] as const),
  ];
  recipients.forEach(([r, type], n) => {
    const dir = `__recip_version1.0_#${n.toString(16).toUpperCase().padStart(8, '0')}`;
    add(`${dir}/__substg1.0_${PROPS.displayName}${UNICODE}`, Buffer.from(r, 'utf16le'));
    add(`${dir}/__substg1.0_${PROPS.recipSmtp}${UNICODE}`, Buffer.from(r, 'utf16le'));
    add(`${dir}/__properties_version1.0`, propertyTable(8, [[0x0c150003, BigInt(type)]]));
  });
  let n = 0;
  const attachDir = () => `__attach_version1.0_#${(n++).toString(16).toUpperCase().padStart(8, '0')}`;
  for (const f of item.files ?? []) {
    const dir = attachDir();
    add(`${dir}/__substg1.0_${PROPS.attachLongName}${UNICODE}`, Buffer.from(f.name, 'utf16le'));
    add(`${dir}/__substg1.0_${PROPS.attachMime}${UNICODE}`, Buffer.from(f.mime, 'utf16le'));
    add(`${dir}/__substg1.0_${PROPS.attachData}${BINARY}`, f.data);
  }
  for (const inner of item.items ?? []) {
    const dir = attachDir();
    add(
      `${dir}/__substg1.0_${PROPS.attachLongName}${UNICODE}`,
      Buffer.from(`${inner.subject}.msg`, 'utf16le'),
    );
    addItem(cfb, `${prefix}/${dir}/__substg1.0_${PROPS.attachData}${OBJECT}`, inner);
  }
}

/**
 * RTF in [MS-OXRTFCP]'s compressed form, as Outlook stores it: a 16-byte header (sizes, "LZFu", the
 * CRC of what follows), then runs of a control byte and eight items. This writer makes every item
 * a literal byte, which any reader must take, and ends with the reference to the dictionary's
 * write position that marks the end. `stored` writes the uncompressed ("MELA") form instead.
 */
export function compressRtf(rtf: Buffer, stored = false): Buffer {
  const header = (comp: number, type: string, crc: number) => {
    const h = Buffer.alloc(16);
    h.writeUInt32LE(comp, 0);
    h.writeUInt32LE(rtf.length, 4);
    h.write(type, 8, 'latin1');
    h.writeUInt32LE(crc, 12);
    return h;
  };
  if (stored) return Buffer.concat([header(rtf.length + 12, 'MELA', 0), rtf]);
  const body: number[] = [];
  // The dictionary starts with 207 bytes of RTF the reader knows, so its write position does too.
  const end = (207 + rtf.length) & 4095;
  for (let i = 0; i <= rtf.length; i += 8) {
    const run = [...rtf.subarray(i, i + 8)];
    const control = run.length < 8 ? 1 << run.length : 0;
    body.push(control, ...run);
    if (run.length < 8) body.push(end >> 4, (end & 15) << 4);
  }
  const data = Buffer.from(body);
  return Buffer.concat([header(data.length + 12, 'LZFu', crc(data)), data]);
}

/**
 * HTML encapsulated in RTF as Outlook writes it ([MS-OXRTFEX]): `\fromhtml1` in the header, each
 * tag in a `{\*\htmltag}` group, a link's text inside the RTF hyperlink field Outlook shows, with
 * the RTF-only parts between `\htmlrtf` and `\htmlrtf0`.
 */
export function encapsulateHtml(html: string): string {
  const escape = (text: string) =>
    [...text.replace(/\s+/g, ' ')]
      .map((c) => {
        const code = c.codePointAt(0)!;
        if (c === '\\' || c === '{' || c === '}') return `\\${c}`;
        if (code < 0x80) return c;
        if (code < 0x100) return `\\'${code.toString(16).padStart(2, '0')}`;
        return code < 0x10000 ? `\\u${code > 0x7fff ? code - 0x10000 : code}?` : '?';
      })
      .join('');
  const out = [
    '{\\rtf1\\ansi\\ansicpg1252\\fromhtml1 \\fbidis \\deff0{\\fonttbl\r\n{\\f0\\fswiss\\fcharset0 Arial;}\r\n{\\f1\\fmodern Courier New;}}\r\n',
    '{\\colortbl\\red0\\green0\\blue0;\\red0\\green0\\blue255;}\r\n\\uc1\\pard\\plain\\deftab360 \\f0\\fs24 ',
  ];
  for (const [, tag, text] of html.matchAll(/(<[^>]*>)|([^<]+)/g)) {
    if (text) out.push(escape(text));
    else if (tag) {
      const href = /^<a\s[^>]*href="([^"]*)"/i.exec(tag)?.[1];
      if (/^<\/a>/i.test(tag)) out.push('\\htmlrtf }\\htmlrtf0 \\htmlrtf }\\htmlrtf0 ');
      out.push(`{\\*\\htmltag${href === undefined ? 64 : 84} ${escape(tag)}}`);
      if (href !== undefined)
        out.push(
          `\\htmlrtf {\\field{\\*\\fldinst{HYPERLINK "${escape(href)}"}}{\\fldrslt\\cf1\\ul \\htmlrtf0 `,
        );
      if (/^<\/p>/i.test(tag)) out.push('\\htmlrtf \\par\r\n\\htmlrtf0 ');
    }
  }
  out.push('}');
  return out.join('');
}

/** [MS-OXRTFCP]'s CRC: CRC-32's table, started at 0 and not inverted. */
function crc(data: Buffer): number {
  let c = 0;
  for (const byte of data) {
    let x = (c ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) x = x & 1 ? 0xedb88320 ^ (x >>> 1) : x >>> 1;
    c = (x ^ (c >>> 8)) >>> 0;
  }
  return c;
}

/** A file inside a TNEF stream; `item` writes it as an attached Outlook item (a nested stream). */
export interface TnefFile {
  name: string;
  mime?: string;
  data: Buffer;
  item?: boolean;
}

/**
 * A TNEF stream ([MS-OXTNEF]) as Exchange writes winmail.dat: the signature and a key, the TNEF
 * version, code page and message class, then for each file its rendering data, its 8-bit name,
 * its data, and its MAPI properties (long file name, MIME type, attach method). Each attribute
 * is a level, an id, a length, the data and a checksum (the sum of the data's bytes).
 */
export function winmailDat(files: TnefFile[], message?: Item): Buffer {
  const u16 = (v: number) => Buffer.from([v & 0xff, v >> 8]);
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v >>> 0);
    return b;
  };
  const attribute = (level: number, id: number, data: Buffer) => {
    let sum = 0;
    for (const byte of data) sum = (sum + byte) & 0xffff;
    return Buffer.concat([Buffer.from([level]), u32(id), u32(data.length), data, u16(sum)]);
  };
  const padded = (b: Buffer) => Buffer.concat([u32(b.length), b, Buffer.alloc((4 - (b.length % 4)) % 4)]);
  /** MAPI properties: a count, then each a type, an id and its value (variable ones as count, length, bytes). */
  const props = (list: [type: number, id: number, value: Buffer | number][]) =>
    Buffer.concat([
      u32(list.length),
      ...list.map(([type, id, value]) =>
        Buffer.concat([
          u16(type),
          u16(id),
          typeof value === 'number' ? u32(value) : Buffer.concat([u32(1), padded(value)]),
        ]),
      ),
    ]);
  const out = [u32(0x223e9f78), u16(0x5a3c)];
  out.push(attribute(1, 0x00089006, u32(0x00010000)));
  out.push(attribute(1, 0x00069007, Buffer.concat([u32(1252), u32(0)])));
  out.push(attribute(1, 0x00078008, Buffer.from('IPM.Microsoft Mail.Note\0', 'latin1')));
  if (message) {
    // An attached item's stream: its own message properties, as Unicode strings and binaries.
    const unicode = (id: number, value: string): [number, number, Buffer] => [
      0x001f,
      id,
      Buffer.from(`${value}\0`, 'utf16le'),
    ];
    out.push(
      attribute(
        1,
        0x00069003,
        props([
          unicode(0x0037, message.subject),
          unicode(0x0c1a, message.senderName),
          unicode(0x0c1f, message.senderSmtp),
          unicode(0x5d01, message.senderSmtp),
          unicode(0x1000, message.body),
          ...(message.transportHeaders ? [unicode(0x007d, message.transportHeaders)] : []),
          ...(message.html
            ? [[0x0102, 0x1013, Buffer.from(message.html, 'utf8')] as [number, number, Buffer]]
            : []),
          ...(message.rtf
            ? [[0x0102, 0x1009, compressRtf(Buffer.from(message.rtf, 'latin1'))] as [number, number, Buffer]]
            : []),
        ]),
      ),
    );
  }
  for (const f of files) {
    // RENDDATA: attachment type (1, a file), position (none), width, height, flags.
    out.push(attribute(2, 0x00069002, Buffer.concat([u16(1), u32(0xffffffff), u16(0), u16(0), u32(0)])));
    // The title is the 8.3 name, as Outlook writes it; the long name is among the properties.
    out.push(attribute(2, 0x00018010, Buffer.from(`${shortName(f.name)}\0`, 'latin1')));
    if (!f.item) out.push(attribute(2, 0x0006800f, f.data));
    out.push(
      attribute(
        2,
        0x00069005,
        props([
          [0x001f, 0x3707, Buffer.from(`${f.name}\0`, 'utf16le')],
          ...(f.mime
            ? [[0x001e, 0x370e, Buffer.from(`${f.mime}\0`, 'latin1')] as [number, number, Buffer]]
            : []),
          [0x0003, 0x3705, f.item ? 5 : 1],
          // An attached item's data: the interface id of IMessage, then the item's own TNEF stream.
          ...(f.item
            ? [[0x000d, 0x3701, Buffer.concat([Buffer.alloc(16, 0x07), f.data])] as [number, number, Buffer]]
            : []),
        ]),
      ),
    );
  }
  return Buffer.concat(out);
}

/** A file name as DOS's 8.3 form writes it: "Invoice 4471.pdf.exe" as "INVOIC~1.EXE". */
function shortName(name: string): string {
  const dot = name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
  if (base.length <= 8 && ext.length <= 3 && !/[^A-Za-z0-9_-]/.test(base)) return name;
  const short = `${base
    .replace(/[^A-Za-z0-9_-]/g, '')
    .slice(0, 6)
    .toUpperCase()}~1`;
  return ext ? `${short}.${ext.slice(0, 3).toUpperCase()}` : short;
}

export function outlookItem(item: Item): Buffer {
  const cfb = CFB.utils.cfb_new();
  addItem(cfb, '', item);
  return CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

const LURE: Item = {
  subject: 'Unusual sign-in activity',
  senderName: 'Microsoft account team',
  senderSmtp: 'account-security@ms-account-verify.example',
  transportHeaders: [
    'Received: from mail.ms-account-verify.example (mail.ms-account-verify.example [203.0.113.7])',
    '\tby mx.example.org with ESMTPS; Tue, 24 Nov 2026 06:40:12 +0000',
    'Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=ms-account-verify.example;',
    ' dkim=none; dmarc=none header.from=ms-account-verify.example',
    'From: "Microsoft account team" <account-security@ms-account-verify.example>',
    'To: alex@example.org',
    'Subject: Unusual sign-in activity',
    'Date: Tue, 24 Nov 2026 06:40:09 +0000',
    'Message-ID: <20261124064009.77@ms-account-verify.example>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="orig-boundary"',
    '',
  ].join('\r\n'),
  body: 'We detected something unusual about a recent sign-in to your Microsoft account.\r\n\r\nCountry/region: Nigeria\r\nIP address: 102.89.0.14\r\n\r\nIf this was not you, please secure your account within 24 hours or it will be suspended: https://ms-account-verify.example/secure?u=alex\r\n\r\nThanks,\r\nThe Microsoft account team',
  html: '<html><body><p>We detected something unusual about a recent sign-in to your Microsoft account.</p><p>Country/region: Nigeria<br>IP address: 102.89.0.14</p><p>If this was not you, please secure your account within 24 hours or it will be suspended.</p><p><a href="https://ms-account-verify.example/secure?u=alex">Review recent activity</a></p><p>Thanks,<br>The Microsoft account team</p></body></html>',
};

/**
 * The same lure as Outlook often saves HTML mail: the HTML only inside the compressed RTF body, and
 * a plain body that writes each link's address after its text. The link's text shows Microsoft's
 * own address; only the HTML says it leads elsewhere.
 */
export const RTF_LURE: Item = {
  ...LURE,
  html: undefined,
  body: LURE.body.replace(
    'suspended: https://ms-account-verify.example/secure?u=alex',
    'suspended.\r\n\r\nhttps://account.microsoft.com/activity<https://ms-account-verify.example/secure?u=alex>',
  ),
  rtf: encapsulateHtml(
    LURE.html!.replace('>Review recent activity</a>', '>https://account.microsoft.com/activity</a>').replace(
      'suspended.</p>',
      'suspended. Caf\u00e9 \u2013 \u4e2d</p>',
    ),
  ),
};

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'outlook');
  writeFileSync(join(dir, 'phishing-sign-in-alert.msg'), outlookItem(LURE));
  writeFileSync(join(dir, 'phishing-rtf-body.msg'), outlookItem(RTF_LURE));
  writeFileSync(
    join(dir, 'report-with-item-attached.msg'),
    outlookItem({
      subject: 'FW: Unusual sign-in activity',
      senderName: 'Sam Lee',
      senderSmtp: 'sam.lee@example.org',
      body: 'Hi, this came in this morning and looks off. The original is attached.\r\n\r\nSam',
      recipients: ['security@example.org'],
      items: [LURE],
    }),
  );
}
