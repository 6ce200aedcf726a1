// Writes fixtures/email/phishing-norton-docx-callback.eml: a call-back scam whose bill is a Word
// document, for tests of reading Office documents (src/core/email/signals/office.ts). Run with
// `npx tsx scripts/make-office-fixtures.ts`; the file it writes is committed. Tests build their
// own documents with `makeDocx` and ZIPs with `makeZip`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';

/** An entry to write: deflated unless `stored`; `declaredSize` overrides the size written. */
export interface ZipInput {
  name: string;
  data: Buffer | string;
  stored?: boolean;
  encrypted?: boolean;
  declaredSize?: number;
}

/** A ZIP file (local headers, central directory, end record) holding `entries`. */
export function makeZip(entries: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const data = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data);
    const body = e.stored ? data : deflateRawSync(data);
    const name = Buffer.from(e.name);
    const size = e.declaredSize ?? data.length;
    // The fields both headers hold, in the same order: the central one's two bytes further on.
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(e.encrypted ? 1 : 0, at);
      header.writeUInt16LE(e.stored ? 0 : 8, at + 2);
      header.writeUInt32LE(crc32(data), at + 8);
      header.writeUInt32LE(body.length, at + 12);
      header.writeUInt32LE(size, at + 16);
      header.writeUInt16LE(name.length, at + 20);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    fields(local, 6);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    fields(central, 8);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document: its paragraphs, its external hyperlinks and its pictures (word/media). */
export function makeDocx({
  paragraphs = [],
  links = [],
  pictures = [],
}: {
  paragraphs?: string[];
  links?: string[];
  pictures?: Buffer[];
}): Buffer {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const body = paragraphs.map((p) => `<w:p><w:r><w:t>${escape(p)}</w:t></w:r></w:p>`).join('');
  const rels = [
    ...links.map(
      (href, i) =>
        `<Relationship Id="rIdL${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${escape(href)}" TargetMode="External"/>`,
    ),
    ...pictures.map(
      (_, i) =>
        `<Relationship Id="rIdP${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image${i + 1}.png"/>`,
    ),
  ].join('');
  return makeZip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
    {
      name: 'word/_rels/document.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    },
    ...pictures.map((data, i) => ({ name: `word/media/image${i + 1}.png`, data, stored: true })),
  ]);
}

async function main() {
  const doc = makeDocx({
    paragraphs: [
      'INVOICE',
      'Norton 360 Deluxe - 1 Year, 5 Devices',
      'Invoice number: NP00X0056987923',
      'Date: 04 December 2026',
      'Your subscription was renewed automatically and $399.99 USD has been charged to your card.',
      'If you did not authorize this charge or wish to cancel, call our billing desk at +1 (808) 555-0143 within 24 hours for a full refund.',
      'Thank you for choosing Norton.',
    ],
  });
  const b64 = doc.toString('base64').replace(/.{76}/g, '$&\r\n');
  const eml = [
    'From: Billing Desk <norton.renewals.desk@gmail.com>',
    'To: alex@example.org',
    'Subject: Your order confirmation #NP00X0056987923',
    'Date: Fri, 04 Dec 2026 09:12:31 +0000',
    'Message-ID: <np-0056987923@mail.gmail.com>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="invoice-boundary"',
    '',
    '--invoice-boundary',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello, please find attached the invoice for your renewal.',
    '',
    '--invoice-boundary',
    'Content-Type: application/vnd.openxmlformats-officedocument.wordprocessingml.document; name="Invoice_NP00X0056987923.docx"',
    'Content-Disposition: attachment; filename="Invoice_NP00X0056987923.docx"',
    'Content-Transfer-Encoding: base64',
    '',
    b64,
    '--invoice-boundary--',
    '',
  ].join('\r\n');
  writeFileSync(
    join(import.meta.dirname, '..', 'fixtures', 'email', 'phishing-norton-docx-callback.eml'),
    eml,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
