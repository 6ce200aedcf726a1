// Writes fixtures/outlook/*.msg: Outlook items (Compound Files holding MAPI property streams, as
// [MS-OXMSG] lays them out) built with the cfb package, for tests of .msg reading. Run with
// `npx tsx scripts/make-outlook-fixtures.ts`; the files it writes are committed.
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

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'outlook');
  writeFileSync(join(dir, 'phishing-sign-in-alert.msg'), outlookItem(LURE));
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
