import { afterEach, describe, expect, it, vi } from 'vitest';
import { decompressRtf, encapsulatedBody, MAX_RTF_BYTES } from '../../src/core/email/rtf.js';
import { compressRtf, encapsulateHtml } from '../../scripts/make-outlook-fixtures.js';

const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const rtf = (s: string) => Buffer.from(s, 'latin1');
const HEAD =
  '{\\rtf1\\ansi\\ansicpg1252\\fromhtml1 \\deff0{\\fonttbl{\\f0\\fswiss\\fcharset0 Arial;}{\\f1\\fnil\\fcharset204 Arial Cyr;}}';

describe('compressed RTF ([MS-OXRTFCP])', () => {
  it("decompresses the specification's two examples, references to the dictionary included", () => {
    // [MS-OXRTFCP] 4.1 and 4.2: the second copies a run from what it has just written.
    const simple = Buffer.from(
      '2d0000002b0000004c5a4675f1c5c7a703000a0072637067313235423' +
        '20af32068656c090020627705b06c647d0a800fa0',
      'hex',
    );
    expect(latin1(decompressRtf(simple))).toBe('{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n');
    const crossing = Buffer.from('1a0000001c0000004c5a4675e2d44b51410004205758595a0d6e7d010eb0', 'hex');
    expect(latin1(decompressRtf(crossing))).toBe('{\\rtf1 WXYZWXYZWXYZWXYZWXYZ}');
  });

  it('reads the stored form and the compressed one the fixtures write', () => {
    const text = '{\\rtf1\\ansi\\fromtext hello}';
    expect(latin1(decompressRtf(compressRtf(rtf(text))))).toBe(text);
    expect(latin1(decompressRtf(compressRtf(rtf(text), true)))).toBe(text);
    const eight = '{\\rtf1 }'; // a whole number of runs: the end marker starts a run of its own
    expect(latin1(decompressRtf(compressRtf(rtf(eight))))).toBe(eight);
  });

  it('gives what a damaged stream holds, stops at the size it allows, and refuses what is not RTF', () => {
    const text = `{\\rtf1 ${'x'.repeat(200)}}`;
    const whole = compressRtf(rtf(text));
    expect(latin1(decompressRtf(whole.subarray(0, 60)))).toMatch(/^\{\\rtf1 x+$/);
    expect(decompressRtf(whole, 10).byteLength).toBe(10);
    // A header that claims 4 GB is read as what its data holds.
    const claims = Buffer.from(whole);
    claims.writeUInt32LE(0xffffffff, 4);
    expect(latin1(decompressRtf(claims))).toBe(text);
    expect(() => decompressRtf(Buffer.from('LZFu'))).toThrow(/shorter than its header/);
    const other = Buffer.from(whole);
    other.write('ABCD', 8, 'latin1');
    expect(() => decompressRtf(other)).toThrow(/unknown kind/);
    expect(MAX_RTF_BYTES).toBeGreaterThanOrEqual(512 * 1024);
  });
});

describe('HTML encapsulated in RTF ([MS-OXRTFEX])', () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads Outlook's encapsulated HTML: tags, text, code page, Unicode, without the RTF-only parts", () => {
    const html =
      '<html><body><p>Caf\u00e9 \u2013 \u4e2d</p><p><a href="https://evil.example/x">https://bank.example/</a></p></body></html>';
    const body = encapsulatedBody(rtf(encapsulateHtml(html)));
    expect(body?.mode).toBe('html');
    // The hyperlink field Outlook shows and the paragraph marks it adds are RTF's, not the HTML's.
    expect(body?.text).toBe(html);
    // Text outside the tags is the HTML's text: a "<" in it is not markup.
    expect(encapsulatedBody(rtf(`${HEAD}{\\*\\htmltag64 <p>}1 < 2{\\*\\htmltag64 </p>}}`))?.text).toBe(
      '<p>1 &lt; 2</p>',
    );
  });

  it("decodes a font's own code page, and bytes after \\u as the fallback they are", () => {
    const cyrillic = `${HEAD}{\\*\\htmltag64 <p>}{\\f1 \\'cf\\'f0\\'e8\\'e2\\'e5\\'f2}\\u8364\\'80 {\\*\\htmltag64 </p>}}`;
    expect(encapsulatedBody(rtf(cyrillic))?.text).toBe('<p>Привет€ </p>');
  });

  it('reads plain text encapsulated with \\fromtext, and nothing from RTF written as RTF', () => {
    expect(
      encapsulatedBody(rtf('{\\rtf1\\ansi\\fromtext {\\fonttbl{\\f0 Arial;}}Call 555 0100\\par now}')),
    ).toEqual({
      mode: 'text',
      text: 'Call 555 0100\r\nnow',
    });
    expect(encapsulatedBody(rtf('{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Arial;}} Hello\\par}'))).toBeNull();
    expect(encapsulatedBody(rtf('<html>not rtf</html>'))).toBeNull();
  });

  it('skips what holds no body text: tables, starred destinations, binary data', () => {
    const text = `${HEAD}{\\colortbl\\red0;}{\\*\\generator Riched20;}{\\*\\mhtmltag84 <a href="cid:x">}{\\pict\\bin6 <b>x</b>}{\\*\\htmltag64 <b>}kept\\bin3 x}y{\\*\\htmltag64 </b>}}`;
    expect(encapsulatedBody(rtf(text))?.text).toBe('<b>kept</b>');
  });

  it('reads damaged RTF without writing to the console, and deep nesting in one pass', () => {
    const warn = vi.spyOn(console, 'warn');
    const damaged = `${HEAD}{\\*\\htmltag64 <p>}a\\'zz b\\bin99999999999 {{{{`;
    expect(encapsulatedBody(rtf(damaged))?.text).toBe('<p>azz b');
    expect(warn).not.toHaveBeenCalled();
    const deep = `${HEAD}${'{'.repeat(100_000)}{\\*\\htmltag64 <i>}deep${'}'.repeat(100_000)}}`;
    expect(encapsulatedBody(rtf(deep))?.text).toBe('<i>deep');
  });
});
