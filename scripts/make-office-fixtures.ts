// Writes fixtures/email/phishing-norton-docx-callback.eml, a call-back scam whose bill is a Word
// document, and fixtures/email/phishing-pdf-account-hold.eml, a lure whose words are all in a PDF,
// for tests of reading attached documents (src/core/email/signals/office.ts, pdf.ts, and the
// document read as the message, analyze.ts). Run with `npx tsx scripts/make-office-fixtures.ts`;
// the files it writes are committed. Tests build their own documents with `makeDocx`, `makePdf`
// and ZIPs with `makeZip`.
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

/**
 * A one-page PDF: its lines drawn in Helvetica, one under another, and a link annotation for each
 * of `links` (`/URI`). Objects are found by their headers, as readers do when the table is off.
 */
export function makePdf({ lines = [], links = [] }: { lines?: string[]; links?: string[] }): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, '\\$&');
  const drawn = lines.map((l, i) => `1 0 0 1 72 ${740 - i * 18} Tm (${escape(l)}) Tj`).join('\n');
  const content = `BT /F1 11 Tf\n${drawn}\nET`;
  const annots = links.map((_, i) => `${6 + i} 0 R`).join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R /Annots [${annots}] >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ...links.map(
      (href, i) =>
        `<< /Type /Annot /Subtype /Link /Rect [72 ${600 - i * 20} 400 ${615 - i * 20}] /A << /S /URI /URI (${escape(href)}) >> >>`,
    ),
  ];
  const body = objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('');
  return Buffer.from(`%PDF-1.4\n${body}trailer\n<< /Root 1 0 R >>\n%%EOF\n`, 'latin1');
}

/** A message of a short note and one attached file, as a mail client writes it. */
function noteWithFile(
  headers: string[],
  note: string,
  file: { name: string; type: string; data: Buffer },
): string {
  return [
    ...headers,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="invoice-boundary"',
    '',
    '--invoice-boundary',
    'Content-Type: text/plain; charset=utf-8',
    '',
    note,
    '',
    '--invoice-boundary',
    `Content-Type: ${file.type}; name="${file.name}"`,
    `Content-Disposition: attachment; filename="${file.name}"`,
    'Content-Transfer-Encoding: base64',
    '',
    file.data.toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--invoice-boundary--',
    '',
  ].join('\r\n');
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
  const fixtures = join(import.meta.dirname, '..', 'fixtures', 'email');
  writeFileSync(
    join(fixtures, 'phishing-norton-docx-callback.eml'),
    noteWithFile(
      [
        'From: Billing Desk <norton.renewals.desk@gmail.com>',
        'To: alex@example.org',
        'Subject: Your order confirmation #NP00X0056987923',
        'Date: Fri, 04 Dec 2026 09:12:31 +0000',
        'Message-ID: <np-0056987923@mail.gmail.com>',
      ],
      'Hello, please find attached the invoice for your renewal.',
      {
        name: 'Invoice_NP00X0056987923.docx',
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        data: doc,
      },
    ),
  );
  const notice = makePdf({
    lines: [
      'Amazon',
      'Your account is temporarily on hold',
      'Dear Customer,',
      'We were unable to verify the billing information on your account, so your orders and',
      'subscriptions have been put on hold. To restore access, confirm your identity and update',
      'your payment details within 24 hours. If we do not hear from you, your account will be',
      'permanently closed and any remaining balance forfeited.',
      'Confirm your account: https://amazon-account-restore.top/verify',
      'Case ID: 7063-TOT-9187',
    ],
    links: ['https://amazon-account-restore.top/verify?case=7063TOT9187'],
  });
  writeFileSync(
    join(fixtures, 'phishing-pdf-account-hold.eml'),
    noteWithFile(
      [
        'From: Account Services <notice@acct-review-center.com>',
        'To: alex@example.org',
        'Subject: Case 7063-TOT-9187',
        'Date: Mon, 07 Dec 2026 08:40:12 +0000',
        'Message-ID: <case-7063tot9187@acct-review-center.com>',
      ],
      'Please see the attached notice.',
      { name: 'Case_7063TOT9187.pdf', type: 'application/pdf', data: notice },
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
