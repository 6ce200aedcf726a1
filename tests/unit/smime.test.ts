import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { messageView, parseRawEmail } from '../../src/core/index.js';
import { readPkcs7 } from '../../src/core/email/smime.js';
import { FIXTURES } from '../helpers/engine.js';

const engine = createEngine();
const fixture = (name: string) => readFileSync(join(FIXTURES, 'smime', name));

/** A DER element: tag, then its length and content. */
function der(tag: number, ...content: Uint8Array[]): Buffer {
  const body = Buffer.concat(content);
  const n = body.length;
  const length =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}
const oid = (...bytes: number[]) => der(0x06, Buffer.from(bytes));
const SIGNED_DATA = oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x02);
const DATA = oid(0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x07, 0x01);
/** A CMS SignedData holding `entity` (no signer: the reader never looks at one). */
const signedData = (entity: Buffer | null) =>
  der(
    0x30,
    SIGNED_DATA,
    der(
      0xa0,
      der(
        0x30,
        der(0x02, Buffer.from([1])),
        der(0x31),
        der(0x30, DATA, ...(entity ? [der(0xa0, der(0x04, entity))] : [])),
      ),
    ),
  );
/** A message whose body is `cms`, as opaque S/MIME. */
const opaque = (cms: Buffer, from = 'kim.park@example.org') =>
  Buffer.concat([
    Buffer.from(
      `From: ${from}\r\nTo: alex@example.org\r\nSubject: Signed\r\nMIME-Version: 1.0\r\n` +
        'Content-Type: application/pkcs7-mime; smime-type=signed-data; name="smime.p7m"\r\n' +
        'Content-Transfer-Encoding: base64\r\n\r\n',
    ),
    Buffer.from(cms.toString('base64').replace(/.{64}/g, '$&\r\n')),
  ]);

describe('opaque S/MIME', () => {
  it('reads an opaquely signed message as its content, in DER and in BER with chunked content', async () => {
    for (const name of ['phishing-opaque-signed.eml', 'phishing-opaque-signed-ber.eml']) {
      const { parsed, analysis } = await engine.analyzeRaw(fixture(name));
      expect(parsed.from?.address).toBe('ap@northwind-supplies.example');
      expect(parsed.subject).toBe('Remittance 4471: action required');
      expect(parsed.links.find((l) => l.source === 'html')).toMatchObject({
        href: 'https://northwind-remit.top/confirm',
        text: 'https://portal.northwind-supplies.example/remittance',
      });
      expect([parsed.attachments, parsed.warnings]).toEqual([[], []]);
      expect(analysis.indicators.map((i) => i.id)).toContain('links.text_href_mismatch');
      expect(analysis.risk_level).toBe('HIGH');
    }
  });

  it("reads a colleague's signed note as the note it is", async () => {
    const { parsed, analysis } = await engine.analyzeRaw(fixture('legit-opaque-signed.eml'));
    expect(parsed.text).toContain("The minutes of Tuesday's meeting are below.");
    expect(analysis.risk_level).toBe('SAFE');
    const view = await messageView(fixture('legit-opaque-signed.eml'));
    expect(view.text).toContain('The minutes');
  });

  it('says an encrypted message cannot be read here, and keeps it as it came', async () => {
    const parsed = await parseRawEmail(fixture('encrypted.eml'));
    expect(parsed.warnings).toEqual([
      "an S/MIME encrypted message: its content can only be read with the recipient's key",
    ]);
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['smime.p7m']);
  });

  it('opens a signed message inside a signed message, and keeps the wrapper fields', async () => {
    const inner = Buffer.from(
      'Content-Type: text/plain\r\n\r\nPay the invoice at https://pay-now.example/x\r\n',
    );
    const middle = Buffer.concat([
      Buffer.from(
        'Content-Type: application/x-pkcs7-mime; smime-type=signed-data\r\nContent-Transfer-Encoding: base64\r\n\r\n',
      ),
      Buffer.from(signedData(inner).toString('base64')),
    ]);
    const parsed = await parseRawEmail(opaque(signedData(middle), 'ap@billing.example'));
    expect([parsed.from?.address, parsed.subject, parsed.text.trim()]).toEqual([
      'ap@billing.example',
      'Signed',
      'Pay the invoice at https://pay-now.example/x',
    ]);
  });

  it('says what could not be opened: a detached signature, damage, nesting, lengths past the end', async () => {
    expect(readPkcs7(signedData(null))).toEqual({
      kind: 'unreadable',
      reason: 'a signature without its content',
    });
    const whole = signedData(Buffer.from('Content-Type: text/plain\r\n\r\nhello\r\n'));
    expect(readPkcs7(whole.subarray(0, whole.length - 3)).kind).toBe('unreadable');
    const deep = Buffer.concat([Buffer.alloc(200_000).fill(Buffer.from([0x30, 0x80]))]);
    expect(readPkcs7(deep)).toEqual({ kind: 'unreadable', reason: 'nested too deep' });
    expect(readPkcs7(Buffer.from([0x30, 0x84, 0xff, 0xff, 0xff, 0xff, 0]))).toEqual({
      kind: 'unreadable',
      reason: 'cut short',
    });
    const pieces = Array.from({ length: 100_001 }, () => der(0x04, Buffer.from('x')));
    const chunked = der(
      0x30,
      SIGNED_DATA,
      der(
        0xa0,
        der(0x30, der(0x02, Buffer.from([1])), der(0x31), der(0x30, DATA, der(0xa0, der(0x24, ...pieces)))),
      ),
    );
    expect(readPkcs7(chunked)).toEqual({ kind: 'unreadable', reason: 'content in too many pieces' });
    const parsed = await parseRawEmail(opaque(whole.subarray(0, 40)));
    expect(parsed.warnings.join(' ')).toMatch(/S\/MIME body that could not be opened/);
  });
});
