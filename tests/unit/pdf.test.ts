import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfLinks, pdfText } from '../../src/core/email/signals/pdf.js';
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

type PdfPart = string | { dict: string; data: string } | null;

/** A PDF whose objects may carry streams (Flate-compressed), numbered from 1 as given (null: none). */
function pdfWithStreams(objects: PdfPart[]): Buffer {
  const parts = objects.map((o, i) => {
    if (o === null) return Buffer.alloc(0);
    if (typeof o === 'string') return Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1');
    const data = deflateSync(Buffer.from(o.data, 'latin1'));
    return Buffer.concat([
      Buffer.from(
        `${i + 1} 0 obj\n<< ${o.dict} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);
  });
  return Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), ...parts, Buffer.from('%%EOF\n', 'latin1')]);
}

const hex = (s: string) => [...s].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('');
/** A two-byte font's codes for `s`: each character's code is its place in GLYPHS, plus one. */
const GLYPHS = 'NORTONLifeckSupp:+1(828)423-16Yusbsriptwlaenw$9.USDIfyoddhz';
const glyphs = (s: string) =>
  [...s].map((c) => (GLYPHS.indexOf(c) + 1).toString(16).padStart(4, '0')).join('');

/**
 * A call-back scam's one-page bill, drawn as such PDFs are: a subset font whose codes are glyph
 * numbers (read only through its ToUnicode map), one glyph placed at a time, words apart by a
 * gap, lines by a move down; and a plain font's strings, kerned with TJ.
 */
function callbackBill(lines: string[]): Buffer {
  return pdfWithStreams(billObjects(lines));
}

function billObjects(lines: string[]): PdfPart[] {
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    `${GLYPHS.length} beginbfchar`,
    ...[...GLYPHS].map((c, i) => `<${(i + 1).toString(16).padStart(4, '0')}> <${hex(c)}>`),
    'endbfchar endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  // Every glyph is 500/1000 of an em wide; a word gap is a further 300.
  const drawn = lines.map((line, n) => {
    const moves: string[] = [`1 0 0 1 72 ${720 - n * 20} Tm`];
    let gap = 0;
    for (const c of line) {
      if (c === ' ') {
        gap += 3;
        continue;
      }
      moves.push(`${gap === 0 ? (moves.length === 1 ? 0 : 6) : 6 + gap} 0 Td <${glyphs(c)}> Tj`);
      gap = 0;
    }
    return moves.join('\n');
  });
  const content = [
    'BT /F1 12 Tf',
    ...drawn,
    'ET BT /F2 10 Tf 1 0 0 1 72 500 Tm [(Thank)-20( you for )-400(your order)] TJ ET',
    'BI /W 2 /H 2 /BPC 8 /CS /G ID \x00(\xff) Tj EI',
  ].join('\n');
  return [
    '<< /Type /Page /Resources << /Font << /F1 3 0 R /F2 6 0 R >> >> /Contents 2 0 R >>',
    { dict: '', data: content },
    '<< /Type /Font /Subtype /Type0 /BaseFont /AAAAAA+Arial /Encoding /Identity-H /DescendantFonts [5 0 R] /ToUnicode 4 0 R >>',
    { dict: '', data: toUnicode },
    '<< /Type /Font /Subtype /CIDFontType2 /DW 500 /W [1 [500 500] 3 4 500] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
}

const NORTON = ['NORTON LifeLock', 'Support: +1 (828) 423-1316', 'Your subscription renews: $499.99 USD'];

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

describe('text inside PDF attachments', () => {
  it('reads the text a page shows, through a subset font’s ToUnicode map, one glyph at a time', () => {
    const text = pdfText(callbackBill(NORTON));
    expect(text.split('\n')).toEqual([...NORTON, 'Thank you for your order']);
  });

  it('reads a compressed file’s pages, fonts and maps from its object streams', () => {
    // The same bill with its page and font dictionaries inside an object stream (PDF 1.5).
    const objects = billObjects(NORTON);
    const packed = [1, 3, 5, 6];
    const dicts = packed.map((n) => objects[n - 1] as string);
    const offsets = dicts.map((_, k) => dicts.slice(0, k).join('\n').length + (k > 0 ? 1 : 0));
    const header = `${packed.map((n, k) => `${n} ${offsets[k]}`).join(' ')}\n`;
    const file = pdfWithStreams([
      ...objects.map((o, k) => (packed.includes(k + 1) ? null : o)),
      { dict: `/Type /ObjStm /N 4 /First ${header.length}`, data: header + dicts.join('\n') },
    ]);
    expect(file.toString('latin1')).not.toContain('/Type /Page');
    expect(pdfText(file).split('\n')).toEqual([...NORTON, 'Thank you for your order']);
  });

  it('reads text drawn inside a form XObject, and names written with # escapes', () => {
    const file = pdfWithStreams([
      '<< /Type /Page /Resources << /XObject << /Fm#5F1 2 0 R >> >> /Contents 3 0 R >>',
      {
        dict: '/Type /XObject /Subtype /Form /Resources << /Font << /C2#5F0 4 0 R >> >>',
        data: 'BT /C2_0 11 Tf 1 0 0 1 40 700 Tm (Your payment method on file has been declined.) Tj ET',
      },
      { dict: '', data: 'q /Fm_1 Do Q /Fm_1 Do' },
      '<< /Type /Font /Subtype /TrueType /BaseFont /Arial >>',
    ]);
    expect(pdfText(file)).toBe('Your payment method on file has been declined.');
  });

  it('keeps its work bounded on hostile maps, width tables and content', () => {
    const ranges = Array.from({ length: 5000 }, () => '<0000> <FFFF> <0041>').join('\n');
    const widths = Array.from({ length: 20000 }, () => '0 60000 500').join(' ');
    const file = pdfWithStreams([
      '<< /Type /Page /Resources << /Font << /F1 3 0 R >> >> /Contents 2 0 R >>',
      { dict: '', data: `BT /F1 12 Tf <0001> Tj ${'BI '.repeat(50_000)} ET` },
      '<< /Type /Font /Subtype /Type0 /DescendantFonts [5 0 R] /ToUnicode 4 0 R >>',
      {
        dict: '',
        data: `begincodespacerange <0000> <FFFF> endcodespacerange beginbfrange ${ranges} endbfrange`,
      },
      `<< /Type /Font /W [${widths}] >>`,
    ]);
    expect(pdfText(file)).toBe('B');
    // A file's content streams are run to 1 MiB of operators in all, however many pages ask.
    const budgeted = (last: string) =>
      pdfWithStreams([
        '<< /Type /Page /Resources << /Font << /F1 7 0 R >> >> /Contents [2 0 R 3 0 R 4 0 R 5 0 R 6 0 R] >>',
        ...[0, 1, 2, 3].map(() => ({ dict: '', data: '0 0 m 1 1 l S\n'.repeat(250_000 / 14) })),
        { dict: '', data: last },
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ]);
    const junk = '0 0 m 1 1 l S\n'.repeat(60_000 / 14);
    expect(pdfText(budgeted(`BT /F1 12 Tf (early) Tj ET ${junk}`))).toBe('early');
    expect(pdfText(budgeted(`${junk} BT /F1 12 Tf (late) Tj ET`))).toBe('');
    // Damaged copies of a real bill: never an exception (text past the limit is cut by the
    // reader's last step, so its length is not what this can catch).
    const bill = callbackBill(NORTON);
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 300; n++) {
      const copy = Buffer.from(bill);
      for (let k = 0; k < 8; k++) copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256);
      const cut = copy.subarray(0, Math.floor(next() * copy.length) + 10);
      expect(() => [pdfText(cut), pdfLinks(cut)]).not.toThrow();
    }
  });
});

describe('a call-back scam’s bill in an attached PDF', () => {
  const analyse = (from: string, lines: string[]) =>
    rulesEngine().analyzeRaw(mailWithPdf(from, callbackBill(lines)));

  it('flags a brand’s bill with a number to call, sent from a free mail address', async () => {
    const { analysis } = await analyse('nortonbilling.dept@gmail.com', NORTON);
    const lure = analysis.indicators.find((i) => i.id === 'content.callback_lure');
    expect(lure?.explanation).toContain('The attached invoice.pdf reads as a Norton bill');
    expect(lure?.explanation).toContain('gmail.com');
    expect(lure?.evidence[1]).toContain('+1 (828) 423-1316');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
  });

  it('leaves the brand’s own bill, and a bill without a number to call, alone', async () => {
    expect(ids((await analyse('billing@norton.com', NORTON)).analysis)).not.toContain(
      'content.callback_lure',
    );
    const noPhone = [NORTON[0] as string, NORTON[2] as string];
    expect(ids((await analyse('nortonbilling.dept@gmail.com', noPhone)).analysis)).not.toContain(
      'content.callback_lure',
    );
    const noAmount = [NORTON[0] as string, NORTON[1] as string, 'Your subscription renews'];
    expect(ids((await analyse('nortonbilling.dept@gmail.com', noAmount)).analysis)).not.toContain(
      'content.callback_lure',
    );
  });
});
