import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isOfficeDocument, readOfficeDocument } from '../../src/core/email/signals/office.js';
import { readZipEntries } from '../../src/core/email/signals/zip.js';
import { qrPng } from '../../scripts/make-qr-fixtures.js';
import { analyzeFixture, rulesEngine, shippedEngine } from '../helpers/engine.js';
import { noteWithFiles } from '../helpers/mime.js';
import { makeDocx, makeZip } from '../../scripts/make-office-fixtures.js';

const all = () => true;
const bounds = { maxEntries: 10, maxEntryBytes: 1000, maxTotalBytes: 10_000 };
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('reading a ZIP entry by entry', () => {
  it('reads stored and deflated entries, those asked for', () => {
    const zip = makeZip([
      { name: 'a.txt', data: 'hello', stored: true },
      { name: 'b.txt', data: 'world '.repeat(100) },
      { name: 'c.bin', data: 'skip me' },
    ]);
    const read = readZipEntries(zip, (n) => n.endsWith('.txt'), bounds);
    expect(read.map((e) => [e.name, Buffer.from(e.data).toString()])).toEqual([
      ['a.txt', 'hello'],
      ['b.txt', 'world '.repeat(100)],
    ]);
    expect(readZipEntries(zip, all, { ...bounds, maxEntries: 1 }).map((e) => e.name)).toEqual(['a.txt']);
  });

  it('skips what is too large, lies about its size, is encrypted or damaged', () => {
    const zip = makeZip([
      { name: 'big.txt', data: 'x'.repeat(1001) }, // over maxEntryBytes by its own word
      { name: 'big-stored.txt', data: 'x'.repeat(1001), stored: true },
      // A bomb: a megabyte of zeros said to be 100 bytes.
      { name: 'bomb.txt', data: Buffer.alloc(1 << 20), declaredSize: 100 },
      { name: 'secret.txt', data: 'pin 1234', encrypted: true },
      { name: 'ok.txt', data: 'y'.repeat(600) },
      { name: 'over-total.txt', data: 'z'.repeat(600) }, // past maxTotalBytes with ok.txt
    ]);
    expect(readZipEntries(zip, all, { ...bounds, maxTotalBytes: 1000 }).map((e) => e.name)).toEqual([
      'ok.txt',
    ]);
    expect(readZipEntries(Buffer.from('PK\u0003\u0004 not a zip at all'), all, bounds)).toEqual([]);
    expect(readZipEntries(zip.subarray(0, zip.length - 30), all, bounds)).toEqual([]); // end record cut off
    // A deflated entry whose data is not deflate: skipped, the rest read.
    const broken = makeZip([
      { name: 'a.txt', data: 'aaaa' },
      { name: 'b.txt', data: 'bb', stored: true },
    ]);
    const body = deflateRawSync(Buffer.from('aaaa'));
    broken.fill(0xff, 30 + 'a.txt'.length, 30 + 'a.txt'.length + body.length);
    expect(readZipEntries(broken, all, bounds).map((e) => e.name)).toEqual(['b.txt']);
  });
});

describe('Office documents', () => {
  it('are told by name or type and by their bytes', () => {
    const doc = makeDocx({ paragraphs: ['x'] });
    expect(
      isOfficeDocument({ filename: 'Invoice.docx', mimeType: 'application/octet-stream', content: doc }),
    ).toBe(true);
    expect(isOfficeDocument({ filename: 'a.bin', mimeType: DOCX, content: doc })).toBe(true);
    expect(
      isOfficeDocument({ filename: 'Q3.xlsm', mimeType: 'application/octet-stream', content: doc }),
    ).toBe(true);
    expect(
      isOfficeDocument({ filename: 'Invoice.docx', mimeType: DOCX, content: Buffer.from('%PDF-1.7') }),
    ).toBe(false);
    expect(isOfficeDocument({ filename: 'notes.zip', mimeType: 'application/zip', content: doc })).toBe(
      false,
    );
  });

  it("reads a document's external links, words and pictures", async () => {
    const png = await qrPng('https://example.com/', 4);
    const doc = readOfficeDocument(
      makeDocx({
        paragraphs: ['Your invoice is ready', 'Terms & conditions'],
        links: ['https://pay.example/inv?a=1&b=2', 'mailto:billing@pay.example', 'file:///C:/x'],
        pictures: [png],
      }),
    );
    expect(doc.links).toEqual(['https://pay.example/inv?a=1&b=2']);
    expect(doc.text).toBe('Your invoice is ready\nTerms & conditions\n');
    expect(doc.pictures.map((p) => Buffer.from(p).equals(png))).toEqual([true]);
  });
});

describe('an Office document in the analysis', () => {
  const withDocument = (
    doc: Buffer,
    from = 'Accounts <ap@supplier-pay.example>',
    note = 'Please find the invoice attached.',
  ) =>
    noteWithFiles([{ name: 'Invoice_0423.docx', type: DOCX, content: doc }], {
      from,
      to: 'alex@example.org',
      subject: 'Invoice 0423',
      note,
    });
  const analysis = async (raw: Buffer) => (await rulesEngine().analyzeRaw(raw)).analysis;

  it("says when it links to a site other than the sender's", async () => {
    const away = await analysis(
      withDocument(makeDocx({ paragraphs: ['View invoice'], links: ['https://docs-view-secure.top/inv'] })),
    );
    const found = away.indicators.find((i) => i.id === 'attachments.office_link');
    expect(found?.explanation).toContain('An Office document attached links to docs-view-secure.top');
    expect(found?.evidence).toEqual(['Invoice_0423.docx: https://docs-view-secure.top/inv']);
    const own = await analysis(
      withDocument(makeDocx({ links: ['https://billing.supplier-pay.example/inv'] })),
    );
    expect(own.indicators.map((i) => i.id)).not.toContain('attachments.office_link');
  });

  it('reads the first eight documents of a message only', async () => {
    const plain = makeDocx({ paragraphs: ['Invoice'] });
    const linked = makeDocx({ links: ['https://docs-view-secure.top/inv'] });
    const files = (docs: Buffer[]) =>
      noteWithFiles(
        docs.map((content, i) => ({ name: `Invoice_${i}.docx`, type: DOCX, content })),
        { from: 'Accounts <ap@supplier-pay.example>', to: 'alex@example.org', subject: 'Invoices' },
      );
    const ids = async (docs: Buffer[]) => (await analysis(files(docs))).indicators.map((i) => i.id);
    expect(await ids([...Array(7).fill(plain), linked])).toContain('attachments.office_link');
    expect(await ids([...Array(8).fill(plain), linked])).not.toContain('attachments.office_link');
  });

  it('reads a QR code in its pictures as a link', async () => {
    const lure = 'https://mfa-renewal-portal.example.top/auth/';
    const doc = makeDocx({
      paragraphs: ['Scan the code to keep access to your mailbox'],
      pictures: [await qrPng(lure)],
    });
    const { indicators } = await analysis(withDocument(doc));
    expect(indicators.find((i) => i.id === 'links.qr_code')?.evidence).toEqual([
      `${lure} (QR code in Invoice_0423.docx)`,
    ]);
    // Past the first eight documents of a message, none is read.
    const late = noteWithFiles(
      [...Array(8).fill(makeDocx({ paragraphs: ['x'] })), doc].map((content, i) => ({
        name: `Scan_${i}.docx`,
        type: DOCX,
        content,
      })),
      { from: 'Accounts <ap@supplier-pay.example>', to: 'alex@example.org', subject: 'Scan the code' },
    );
    expect((await analysis(late)).indicators.map((i) => i.id)).not.toContain('links.qr_code');
  });

  it('reads a call-back bill written in it, from a free mail address', async () => {
    const bill = makeDocx({
      paragraphs: [
        'Norton 360 Deluxe',
        'Your subscription was renewed automatically for $399.99 USD.',
        'If you did not authorize this charge, call our billing desk at +1 (808) 555-0143 within 24 hours.',
      ],
    });
    const { indicators } = await analysis(
      withDocument(bill, 'Billing Desk <norton.renewals.desk@outlook.com>', 'Hello,'),
    );
    const found = indicators.find((i) => i.id === 'content.callback_lure');
    expect(found?.explanation).toContain('The attached Invoice_0423.docx reads as a Norton bill');
  });

  it('scores the fixture call-back scam by its Word bill (SAFE 13 before Office documents were read)', async () => {
    const { analysis } = await analyzeFixture('phishing-norton-docx-callback.eml', shippedEngine());
    expect(analysis.indicators.map((i) => i.id)).toContain('content.callback_lure');
    expect(analysis.risk_score).toBeGreaterThanOrEqual(50);
  });
});
