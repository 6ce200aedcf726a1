import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { toTestResult } from '../../src/core/email/shapes.js';
import { parseRawEmail } from '../../src/core/index.js';
import { pictureSize, qrAddress } from '../../src/core/email/qr.js';
import { readQrCodes } from '../../src/adapters/data/qr-reader.js';
import { qrBlocks, qrJpeg, qrPdf, qrPng, qrTable, withPictures } from '../../scripts/make-qr-fixtures.js';
import { messageView } from '../../src/core/email/view.js';
import { analyzeFixture, fixture, rulesEngine, shippedEngine } from '../helpers/engine.js';

const LURE = 'https://mfa-renewal-portal.example.top/auth/?email=alex@example.org';
const FROM = `From: "IT Service Desk" <servicedesk@mfa-renewal.example.net>
To: alex@example.org
Subject: Renew your multi-factor authentication
Message-ID: <t1@mfa-renewal.example.net>`;
const SCAN = '<p>Scan the QR code with your phone to keep access to your mailbox.</p><img src="cid:pic0">';
const raw = (s: string) => new TextEncoder().encode(s.replace(/\n/g, '\r\n'));
const parse = (s: string) => parseRawEmail(raw(s), { readQrCodes });
const qrOf = async (s: string) => (await parse(s)).links.filter((l) => l.source === 'qr');

describe('QR codes in pictures', () => {
  it('reads a picture size from its own header, and nothing from other bytes', async () => {
    const png = await qrPng('https://example.com/', 4);
    expect(pictureSize(png)).toEqual({ type: 'png', width: 132, height: 132 });
    expect(pictureSize(qrJpeg('https://example.com/', 4))).toEqual({ type: 'jpeg', width: 132, height: 132 });
    const gif = Buffer.from('474946383961400120000000', 'hex'); // GIF89a, 320 x 32
    expect(pictureSize(gif)).toEqual({ type: 'gif', width: 320, height: 32 });
    expect(pictureSize(Buffer.from('%PDF-1.7\n'))).toBeNull();
    // A JPEG cut before its frame header, and one whose segment lengths run off its end.
    expect(pictureSize(Buffer.from('ffd8ffe000104a464946', 'hex'))).toBeNull();
    expect(pictureSize(Buffer.from('ffd8ffe0ffff00000000000000', 'hex'))).toBeNull();
  });

  it('takes web addresses from a code, and no other payload', () => {
    expect(qrAddress(' https://a.example/x?y=1 ')).toBe('https://a.example/x?y=1');
    expect(qrAddress('HTTP://A.EXAMPLE/X')).toBe('HTTP://A.EXAMPLE/X');
    expect(qrAddress('www.a.example/p')).toBe('http://www.a.example/p');
    expect(qrAddress('WIFI:S:Guest;T:WPA;P:secret;;')).toBeNull();
    expect(qrAddress('otpauth://totp/Example:alex?secret=JBSWY3DPEHPK3PXP')).toBeNull();
    expect(qrAddress('https://a.example/ and more')).toBeNull();
  });

  it('reads the one link of a sign-in lure from its QR code, and says where it leads', async () => {
    const { analysis } = await analyzeFixture('phishing-qr-mfa.eml', rulesEngine());
    const qr = analysis.indicators.find((i) => i.id === 'links.qr_code');
    expect(qr?.evidence).toEqual([`${LURE} (QR code in image001.png)`]);
    // The code's address is read by every other link check too.
    expect(analysis.indicators.find((i) => i.id === 'links.risky_tld')?.evidence).toEqual([LURE]);
    expect(toTestResult(analysis, new Date(0)).recommendations.join(' ')).toMatch(/Do not scan the QR code/);
    const shipped = (await analyzeFixture('phishing-qr-mfa.eml', shippedEngine())).analysis;
    expect(shipped.risk_level).toBe('HIGH');
    // The message view names the picture holding it.
    expect((await messageView(fixture('phishing-qr-mfa.eml'), [], readQrCodes)).links).toEqual([
      { url: LURE, text: '', qr_picture: 'image001.png' },
    ]);
  });

  it('scores the lure higher for the code it reads', async () => {
    const withCode = withPictures(FROM, SCAN, [
      { filename: 'code.png', type: 'image/png', inline: true, content: await qrPng(LURE) },
    ]);
    const blank = withPictures(FROM, SCAN, [
      { filename: 'code.png', type: 'image/png', inline: true, content: await qrPng('nothing to open here') },
    ]);
    const [a, b] = await Promise.all([withCode, blank].map((m) => rulesEngine().analyzeRaw(raw(m))));
    expect(a!.analysis.risk_score).toBeGreaterThan(b!.analysis.risk_score + 20);
    expect(b!.analysis.indicators.map((i) => i.id)).not.toContain('links.qr_code');
  });

  it('reads JPEG pictures attached as files', async () => {
    const links = await qrOf(
      withPictures(FROM, '<p>Scan the attached code.</p>', [
        { filename: 'scan-me.jpg', type: 'image/jpeg', content: qrJpeg(LURE) },
      ]),
    );
    expect(links).toEqual([{ href: LURE, text: '', source: 'qr', picture: 'scan-me.jpg' }]);
  });

  it("raises nothing for a code on the sender's own site, an app store or a ticket number", async () => {
    const { analysis } = await analyzeFixture('legit-event-ticket-qr.eml', shippedEngine());
    expect(analysis.risk_level).toBe('SAFE');
    expect(analysis.indicators.map((i) => i.id)).not.toContain('links.qr_code');
    const shop = `From: Example Shop <news@shop.example.com>\nTo: alex@example.org\nSubject: Our app`;
    for (const target of [
      'https://www.shop.example.com/app',
      'https://apps.apple.com/app/id1234567890',
      'https://play.google.com/store/apps/details?id=com.example.shop',
    ]) {
      const m = withPictures(shop, '<p>Scan to get our app.</p>', [
        { filename: 'app.png', type: 'image/png', inline: true, content: await qrPng(target) },
      ]);
      const { analysis: a } = await rulesEngine().analyzeRaw(raw(m));
      expect(a.indicators.map((i) => i.id)).not.toContain('links.qr_code');
    }
  });

  it('reads pictures only of mail that names scanning or is mostly pictures', async () => {
    const long = `<p>${'Minutes of the committee meeting, with the budget table attached. '.repeat(8)}</p>`;
    const picture = { filename: 'chart.png', type: 'image/png', inline: true, content: await qrPng(LURE) };
    expect(await qrOf(withPictures(FROM, long, [picture]))).toEqual([]);
    expect(await qrOf(withPictures(FROM, '<img src="cid:pic0">', [picture]))).toHaveLength(1);
    expect(await qrOf(withPictures(FROM, `${long}<p>Use your phone's camera.</p>`, [picture]))).toHaveLength(
      1,
    );
  });

  it('leaves large and broken pictures unread, and reads at most a few', async () => {
    // 37 modules and a margin of 8, 60 px a module: 2,700 px square, over 4 million pixels.
    const large = await qrPng(LURE, 60);
    expect(pictureSize(large)!.width * pictureSize(large)!.height).toBeGreaterThan(4_000_000);
    const png = await qrPng(LURE);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(400, 0x5a)]);
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16); // IHDR width and height
    huge.writeUInt32BE(100_000, 20);
    for (const content of [large, broken, huge]) {
      expect(
        await qrOf(
          withPictures(FROM, SCAN, [{ filename: 'x.png', type: 'image/png', inline: true, content }]),
        ),
      ).toEqual([]);
    }
    // Three square codes are read, and a fourth left; banners are read after every square one.
    const banner = jpeg.encode({ data: Buffer.alloc(600 * 120 * 4, 200), width: 600, height: 120 }, 80).data;
    const many = [
      ...[1, 2, 3, 4].map((n) => ({ filename: `banner${n}.jpg`, type: 'image/jpeg', content: banner })),
      ...(await Promise.all(
        [1, 2, 3, 4].map(async (n) => ({
          filename: `p${n}.png`,
          type: 'image/png',
          content: await qrPng(`https://site${n}.example.top/`),
        })),
      )),
    ];
    const parsed = await parse(withPictures(FROM, SCAN, many));
    expect(parsed.links.filter((l) => l.source === 'qr').map((l) => l.picture)).toEqual([
      'p1.png',
      'p2.png',
      'p3.png',
    ]);
  });

  it('reads the QR code a PDF attachment holds, as the kinds of image PDF writers store', async () => {
    for (const kind of ['gray', 'rgb-predicted', 'mask', 'jpeg'] as const) {
      const links = await qrOf(
        withPictures(FROM, '<p>Please review the attached document.</p>', [
          { filename: 'Document_7781.pdf', type: 'application/pdf', content: qrPdf(LURE, kind) },
        ]),
      );
      expect(links, kind).toEqual([{ href: LURE, text: '', source: 'qr', picture: 'Document_7781.pdf' }]);
    }
  });

  it("reads a PDF's pictures when the PDF itself names scanning or shows little text", async () => {
    const long = `<p>${'Minutes of the committee meeting, with the budget table attached. '.repeat(8)}</p>`;
    const pdf = (words: string) =>
      withPictures(FROM, long, [
        { filename: 'minutes.pdf', type: 'application/pdf', content: qrPdf(LURE, 'gray', words) },
      ]);
    expect(await qrOf(pdf('Scan the code with your phone to sign the contract.'))).toHaveLength(1);
    expect(await qrOf(pdf(''))).toHaveLength(1);
    expect(await qrOf(pdf('The committee approved the budget for the coming year. '.repeat(10)))).toEqual([]);
  });

  it('reads a picture written into the HTML as a data: address', async () => {
    const uri = `data:image/png;base64,${(await qrPng(LURE)).toString('base64')}`;
    const html = (body: string) =>
      `${FROM}\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n${body}\n`;
    expect(await qrOf(html(`<p>Scan the code below.</p><img src="${uri}">`))).toEqual([
      { href: LURE, text: '', source: 'qr', picture: 'a picture in the HTML' },
    ]);
    // Not an image type it reads, or not base64: left alone.
    expect(
      await qrOf(html(`<p>Scan it.</p><img src="${uri.replace('image/png', 'image/svg+xml')}">`)),
    ).toEqual([]);
  });

  it('reads a code drawn without a picture: a table of coloured cells, block characters', async () => {
    const html = (body: string) =>
      `${FROM}\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n${body}\n`;
    const plain = (body: string) =>
      `${FROM}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n${body}\n`;
    expect(await qrOf(html(`<p>Scan to continue.</p>${qrTable(LURE)}`))).toEqual([
      { href: LURE, text: '', source: 'qr', picture: 'a table of coloured cells' },
    ]);
    for (const style of ['half', 'double'] as const)
      expect(
        await qrOf(plain(`Scan to continue:\n\n${qrBlocks(LURE, style)}\n\nIT Service Desk`)),
        style,
      ).toEqual([{ href: LURE, text: '', source: 'qr', picture: 'block characters in the text' }]);
    // A table of words, or of cells without colours, draws nothing.
    const words = qrTable(LURE).replace(/<td([^>]*)><\/td>/, '<td$1>Total</td>');
    expect(await qrOf(html(words))).toEqual([]);
    expect(await qrOf(html(qrTable(LURE).replace(/ bgcolor="#FFFFFF"/g, '')))).toEqual([]);
  });

  it('reads at most six pictures over a message and the messages attached to it', async () => {
    const inner = await Promise.all(
      [1, 2, 3, 4, 5].map(async (n) =>
        withPictures(
          FROM,
          SCAN,
          await Promise.all(
            [1, 2, 3].map(async (k) => ({
              filename: `m${n}-${k}.png`,
              type: 'image/png',
              content: await qrPng(`https://m${n}-${k}.example.top/`),
            })),
          ),
        ),
      ),
    );
    const carrier =
      `${FROM}\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="outer"\n\n--outer\nContent-Type: text/plain\n\nFYI\n` +
      inner
        .map(
          (m) =>
            `--outer\nContent-Type: message/rfc822\nContent-Disposition: attachment; filename="m.eml"\n\n${m}\n`,
        )
        .join('') +
      '--outer--\n';
    const parsed = await parse(carrier);
    const read = (parsed.attachedMessages ?? []).flatMap((m) => m.links.filter((l) => l.source === 'qr'));
    expect(parsed.attachedMessages).toHaveLength(5);
    expect(read.map((l) => l.picture)).toEqual([
      'm1-1.png',
      'm1-2.png',
      'm1-3.png',
      'm2-1.png',
      'm2-2.png',
      'm2-3.png',
    ]);
  });

  it("sizes a PDF's JPEG by its own header, not by the PDF's word for it", async () => {
    const pdf = qrPdf(LURE, 'jpeg');
    // The JPEG's frame header (SOF0) made to say 30,000 x 30,000; the PDF still says 132 x 132.
    const sof = pdf.indexOf(Buffer.from([0xff, 0xc0]), pdf.indexOf('/DCTDecode'));
    pdf.writeUInt16BE(30_000, sof + 5);
    pdf.writeUInt16BE(30_000, sof + 7);
    const seen: number[] = [];
    const spy = async (p: Parameters<typeof readQrCodes>[0]) => {
      seen.push(p instanceof Uint8Array ? p.byteLength : p.data.length);
      return readQrCodes(p);
    };
    const m = withPictures(FROM, SCAN, [{ filename: 'scan.pdf', type: 'application/pdf', content: pdf }]);
    const parsed = await parseRawEmail(raw(m), { readQrCodes: spy });
    expect(seen).toEqual([]);
    expect(parsed.links.filter((l) => l.source === 'qr')).toEqual([]);
  });
});
