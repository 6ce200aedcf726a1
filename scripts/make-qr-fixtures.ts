// Writes fixtures/email/phishing-qr-mfa.eml and legit-event-ticket-qr.eml: messages whose
// pictures hold QR codes (drawn with the qrcode package, written as PNG, or as JPEG with jpeg-js),
// for tests of QR reading (src/core/email/qr.ts). Run with `npx tsx scripts/make-qr-fixtures.ts`;
// the files it writes are committed. Tests build their own messages with `qrPng`, `qrJpeg` and
// `withPictures`.
import jpeg from 'jpeg-js';
import QRCode from 'qrcode';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A QR code of `text` as a PNG, `scale` pixels a module. */
export function qrPng(text: string, scale = 6): Promise<Buffer> {
  return QRCode.toBuffer(text, { scale, margin: 4, errorCorrectionLevel: 'M' });
}

/** A QR code's modules drawn as gray samples (0 dark, 255 light), `scale` pixels a module. */
/** A QR code's modules: its size, and whether the module at (y, x) is dark (light outside it). */
function qrModules(text: string): { size: number; dark: (y: number, x: number) => boolean } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  return { size, dark: (y, x) => x >= 0 && y >= 0 && x < size && y < size && !!modules.get(y, x) };
}

function qrSamples(text: string, scale: number): { side: number; gray: Buffer } {
  const { size, dark } = qrModules(text);
  const side = (size + 8) * scale;
  const gray = Buffer.alloc(side * side, 255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++)
      if (dark(Math.floor(y / scale) - 4, Math.floor(x / scale) - 4)) gray[y * side + x] = 0;
  return { side, gray };
}

/**
 * A one-page PDF drawing `words` (Helvetica) and a QR code of `text` as an image XObject of the
 * given kind: 8-bit gray Flate, 8-bit RGB Flate with PNG predictors (Sub and Paeth rows), a 1-bit
 * image mask, or a DCTDecode JPEG. No cross-reference table: the engine's reader indexes objects
 * by their headers, as it does for files whose table is broken.
 */
/** The same drawn as a JPEG (quality 85), as a photo or a screenshot carries one. */
export function qrJpeg(text: string, scale = 6): Buffer {
  const { side, gray } = qrSamples(text, scale);
  const data = Buffer.alloc(side * side * 4, 255);
  gray.forEach((v, i) => data.fill(v, i * 4, i * 4 + 3));
  return jpeg.encode({ data, width: side, height: side }, 85).data;
}

export function qrPdf(text: string, kind: 'gray' | 'rgb-predicted' | 'mask' | 'jpeg', words = ''): Buffer {
  const scale = 4;
  const { side, gray } = qrSamples(text, scale);
  let dict = `/Type /XObject /Subtype /Image /Width ${side} /Height ${side}`;
  let data: Buffer;
  if (kind === 'gray') {
    dict += ' /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode';
    data = deflateSync(gray);
  } else if (kind === 'rgb-predicted') {
    const rowBytes = side * 3;
    const rows = Buffer.alloc((rowBytes + 1) * side);
    const rgb = (y: number, x: number) =>
      x < 0 || y < 0 ? 0 : (gray[y * side + Math.floor(x / 3)] as number);
    for (let y = 0; y < side; y++) {
      const type = y % 2 === 0 ? 1 : 4; // Sub, Paeth
      rows[y * (rowBytes + 1)] = type;
      for (let x = 0; x < rowBytes; x++) {
        const left = x >= 3 ? rgb(y, x - 3) : 0;
        const up = y > 0 ? rgb(y - 1, x) : 0;
        const upLeft = x >= 3 && y > 0 ? rgb(y - 1, x - 3) : 0;
        const p = left + up - upLeft;
        const paeth =
          Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft)
            ? left
            : Math.abs(p - up) <= Math.abs(p - upLeft)
              ? up
              : upLeft;
        rows[y * (rowBytes + 1) + 1 + x] = (rgb(y, x) - (type === 1 ? left : paeth)) & 0xff;
      }
    }
    dict += ` /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns ${side} >>`;
    data = deflateSync(rows);
  } else if (kind === 'mask') {
    const rowBytes = Math.ceil(side / 8);
    const bits = Buffer.alloc(rowBytes * side);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        if (gray[y * side + x]) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    dict += ' /ImageMask true /Filter /FlateDecode';
    data = deflateSync(bits);
  } else {
    dict += ' /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode';
    data = qrJpeg(text, scale);
  }
  const page = Buffer.from(
    `BT /F1 12 Tf 72 720 Td (${words}) Tj ET\nq 200 0 0 200 72 400 cm /Im1 Do Q\n`,
    'latin1',
  );
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Contents 4 0 R >>',
    ),
    Buffer.concat([Buffer.from(`<< /Length ${page.length} >>\nstream\n`), page, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([
      Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]),
  ];
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    ...objects.map((o, i) => Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')])),
    Buffer.from('trailer << /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/** A QR code drawn as an HTML table, one empty cell a module, coloured by `bgcolor`. */
export function qrTable(text: string): string {
  const { size, dark } = qrModules(text);
  const rows: string[] = [];
  for (let y = -2; y < size + 2; y++) {
    const cells: string[] = [];
    for (let x = -2; x < size + 2; x++) {
      cells.push(`<td width="4" height="4" bgcolor="${dark(y, x) ? '#000000' : '#FFFFFF'}"></td>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table cellpadding="0" cellspacing="0" border="0">${rows.join('\n')}</table>`;
}

/** A QR code drawn with block characters: half blocks (a line two modules tall) or "██" a module. */
export function qrBlocks(text: string, style: 'half' | 'double'): string {
  const { size, dark } = qrModules(text);
  const lines: string[] = [];
  if (style === 'double')
    for (let y = 0; y < size; y++) {
      let line = '';
      for (let x = 0; x < size; x++) line += dark(y, x) ? '██' : '  ';
      lines.push(line);
    }
  else
    for (let y = 0; y < size; y += 2) {
      let line = '';
      for (let x = 0; x < size; x++) {
        const [top, bottom] = [dark(y, x), dark(y + 1, x)];
        line += top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
      }
      lines.push(line);
    }
  return lines.join('\n');
}

export interface Picture {
  filename: string;
  type: string;
  content: Buffer;
  /** Shown in the HTML (a Content-ID) rather than attached. */
  inline?: boolean;
}

/** A message of HTML with pictures, inline (multipart/related) or attached (multipart/mixed). */
export function withPictures(headers: string, html: string, pictures: Picture[]): string {
  const parts = [`Content-Type: text/html; charset="utf-8"\n\n${html}\n`];
  pictures.forEach((p, i) => {
    const base64 = p.content.toString('base64').replace(/.{76}/g, '$&\n');
    parts.push(
      `Content-Type: ${p.type}; name="${p.filename}"\n` +
        (p.inline ? `Content-ID: <pic${i}>\nContent-Disposition: inline; filename="${p.filename}"\n` : '') +
        (p.inline ? '' : `Content-Disposition: attachment; filename="${p.filename}"\n`) +
        `Content-Transfer-Encoding: base64\n\n${base64}\n`,
    );
  });
  const type = pictures.some((p) => p.inline) ? 'multipart/related' : 'multipart/mixed';
  return (
    `${headers.trim()}\nMIME-Version: 1.0\nContent-Type: ${type}; boundary="qr-boundary"\n\n` +
    parts.map((p) => `--qr-boundary\n${p}`).join('') +
    '--qr-boundary--\n'
  );
}

async function main(): Promise<void> {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'email');
  // A sign-in lure whose one link is the QR code: nothing in the text to click or to check.
  const phishing = withPictures(
    `From: "IT Service Desk" <servicedesk@mfa-renewal.example.net>
To: alex@example.org
Subject: Action required: renew your multi-factor authentication
Date: Mon, 07 Dec 2026 07:41:12 +0000
Message-ID: <mfa-7781-2026@mfa-renewal.example.net>`,
    `<html><body><p>Dear user,</p>
<p>Your multi-factor authentication settings expire today. To keep access to your mailbox,
scan the QR code below with your phone's camera and sign in to confirm your details.</p>
<p><img src="cid:pic0" alt="" width="246" height="246"></p>
<p>If you do not renew within 24 hours your account will be suspended.</p>
<p>IT Service Desk</p></body></html>`,
    [
      {
        filename: 'image001.png',
        type: 'image/png',
        inline: true,
        content: await qrPng('https://mfa-renewal-portal.example.top/auth/?email=alex@example.org'),
      },
    ],
  );
  // An event ticket: its QR code holds the ticket's number, no address; its links stay on the
  // organiser's site.
  const ticket = withPictures(
    `From: "Lindenhof Concert Hall" <tickets@lindenhof-hall.example.com>
To: alex@example.org
Subject: Your tickets for Saturday, 12 December 2026
Date: Sun, 06 Dec 2026 18:02:44 +0000
Message-ID: <order-55102-tickets@lindenhof-hall.example.com>`,
    `<html><body><p>Hello Alex,</p>
<p>Thank you for your order 55102. Show the QR code below at the entrance; it can be scanned from
your phone's screen or from a printout.</p>
<p><img src="cid:pic0" alt="Ticket QR code" width="180" height="180"></p>
<p>Doors open at 19:00. Your order is in
<a href="https://www.lindenhof-hall.example.com/account/orders/55102">your account</a>.</p>
<p>Lindenhof Concert Hall</p></body></html>`,
    [
      {
        filename: 'ticket-55102.png',
        type: 'image/png',
        inline: true,
        content: await qrPng('LH-55102-0001-SAT1212'),
      },
    ],
  );
  writeFileSync(join(dir, 'phishing-qr-mfa.eml'), phishing);
  writeFileSync(join(dir, 'legit-event-ticket-qr.eml'), ticket);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
