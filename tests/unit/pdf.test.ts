import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfLinks } from '../../src/core/email/signals/pdf.js';
import { ids, rulesEngine } from '../helpers/engine.js';

const annotation = (uri: string) => `<< /Type /Annot /Subtype /Link /A << /S /URI /URI (${uri}) >> >>`;

/** A minimal PDF: its objects as given, plain or inside one Flate-compressed stream. */
function pdf(objects: string[], compressed = false): Buffer {
  if (!compressed)
    return Buffer.from(
      `%PDF-1.7\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}%%EOF\n`,
      'latin1',
    );
  const body = deflateSync(Buffer.from(objects.join('\n'), 'latin1'));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /ObjStm /N ${objects.length} /Filter /FlateDecode /Length ${body.length} >>\nstream\n`,
      'latin1',
    ),
    body,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
}

function mailWithPdf(from: string, file: Buffer): Buffer {
  return Buffer.from(
    [
      `From: Billing <${from}>`,
      'To: you@example.net',
      'Subject: Requested invoice',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Your invoice is attached.',
      '--b',
      'Content-Type: application/pdf; name="invoice.pdf"',
      'Content-Disposition: attachment; filename="invoice.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      file.toString('base64').replace(/.{76}/g, '$&\n'),
      '--b--',
      '',
    ].join('\r\n'),
  );
}

describe('links inside PDF attachments', () => {
  it('reads link annotations from plain objects and from compressed object streams', () => {
    expect(pdfLinks(pdf([annotation('https://evil.example/login')]))).toEqual(['https://evil.example/login']);
    expect(pdfLinks(pdf(['<< /Type /Page >>', annotation('https://evil.example/pay')], true))).toEqual([
      'https://evil.example/pay',
    ]);
    expect(pdfLinks(pdf([annotation('https://x.example/a\\(b\\)')]))).toEqual(['https://x.example/a(b)']);
    expect(pdfLinks(pdf([annotation('mailto:a@b.example')]))).toEqual([]);
    expect(pdfLinks(Buffer.from(annotation('https://evil.example/')))).toEqual([]); // not a PDF
  });

  it('stops a compression bomb without reading it whole, and keeps what else it finds', () => {
    const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024));
    const file = Buffer.concat([
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'),
      bomb,
      Buffer.from(
        `\nendstream\nendobj\n2 0 obj\n${annotation('https://evil.example/after')}\nendobj\n`,
        'latin1',
      ),
    ]);
    expect(pdfLinks(file)).toEqual(['https://evil.example/after']);
  });

  it('flags a PDF that links away from the sender’s site, not one linking to the sender’s own', async () => {
    const away = await rulesEngine().analyzeRaw(
      mailWithPdf('billing@shop.example', pdf([annotation('https://evil.example/login')])),
    );
    const i = away.analysis.indicators.find((x) => x.id === 'attachments.pdf_link');
    expect(i?.explanation).toContain('evil.example');
    expect(i?.evidence[0]).toBe('invoice.pdf: https://evil.example/login');

    const own = await rulesEngine().analyzeRaw(
      mailWithPdf('billing@shop.example', pdf([annotation('https://www.shop.example/account')])),
    );
    expect(ids(own.analysis)).not.toContain('attachments.pdf_link');
  });
});
