import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { parseRawEmail } from '../../src/core/index.js';
import { readTnef } from '../../src/core/email/tnef.js';
import { RTF_LURE, winmailDat } from '../../scripts/make-outlook-fixtures.js';
import { noteWithFiles } from '../helpers/mime.js';

const engine = createEngine();
const EXE = {
  name: 'Invoice 4471.pdf.exe',
  mime: 'application/x-msdownload',
  data: Buffer.from('MZ program'),
};
const PAGE = {
  name: 'Statement.html',
  mime: 'text/html',
  data: Buffer.from('<form action="https://pay-check.example/p"><input type="password"></form>'),
};
/** Mail as Exchange sends it with its own formatting: a text part, and winmail.dat. */
const withWinmail = (dat: Buffer, type = 'application/ms-tnef') =>
  noteWithFiles([{ name: 'winmail.dat', type, content: dat }], {
    from: 'Accounts <ap@supplier-pay.example>',
    subject: 'Invoice 4471',
    note: 'Please see the invoice attached.',
  });

describe('winmail.dat (TNEF)', () => {
  it('reads the files inside winmail.dat as the attachments Outlook shows', async () => {
    const raw = withWinmail(winmailDat([EXE, PAGE]));
    const { parsed, analysis } = await engine.analyzeRaw(raw);
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType, a.size])).toEqual([
      ['Invoice 4471.pdf.exe', 'application/x-msdownload', 10],
      ['Statement.html', 'text/html', PAGE.data.length],
    ]);
    const ids = analysis.indicators.map((i) => i.id);
    expect(ids).toContain('attachments.double_extension');
    expect(ids).toContain('attachments.page_form');
    expect(analysis.risk_level).toBe('HIGH');
    expect(parsed.warnings).toEqual([]);
  });

  it('finds it by its name when it is typed as any file, and leaves other files alone', async () => {
    const parsed = await parseRawEmail(withWinmail(winmailDat([EXE]), 'application/octet-stream'));
    expect(parsed.attachments.map((a) => a.filename)).toEqual(['Invoice 4471.pdf.exe']);
    const other = await parseRawEmail(withWinmail(Buffer.from('not a TNEF stream at all')));
    expect([other.attachments.map((a) => a.filename), other.warnings]).toEqual([['winmail.dat'], []]);
  });

  it('reads an Outlook item inside it as an attached message: a phish forwarded as an attachment through Exchange', async () => {
    // The item keeps its HTML only in its compressed RTF body, as Outlook often saves it.
    const lure = winmailDat([], RTF_LURE);
    const report = noteWithFiles(
      [
        {
          name: 'winmail.dat',
          type: 'application/ms-tnef',
          content: winmailDat([{ name: 'Unusual sign-in activity.msg', data: lure, item: true }]),
        },
      ],
      { note: 'Hi, this came in this morning and looks off.' },
    );
    const { parsed, analysis } = await engine.analyzeRaw(report);
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([
      ['Unusual sign-in activity.eml', 'message/rfc822'],
    ]);
    const attached = parsed.attachedMessages?.[0];
    expect([attached?.from?.address, attached?.subject]).toEqual([
      'account-security@ms-account-verify.example',
      'Unusual sign-in activity',
    ]);
    expect(attached?.links.find((l) => l.source === 'html')?.href).toBe(
      'https://ms-account-verify.example/secure?u=alex',
    );
    expect(analysis.indicators.find((i) => i.id === 'attachments.attached_message')?.evidence[0]).toContain(
      'from account-security@ms-account-verify.example: HIGH',
    );
    expect(parsed.warnings).toEqual([]);
  });

  it('says what it could not read: an attached Outlook item, a stream cut short', async () => {
    const withItem = await parseRawEmail(
      withWinmail(winmailDat([EXE, { name: 'Original.msg', data: winmailDat([]), item: true }])),
    );
    expect(withItem.attachments.map((a) => a.filename)).toEqual(['Invoice 4471.pdf.exe']);
    // An item with nothing in it: no properties, no files.
    expect(withItem.warnings).toEqual([
      'winmail.dat holds 1 attached Outlook item(s) that could not be read: Original.msg',
    ]);
    const whole = winmailDat([EXE, PAGE]);
    const cut = readTnef(whole.subarray(0, whole.length - 40));
    // The second file's properties are cut off: it keeps the 8.3 name its title gives.
    expect([cut.files.map((f) => f.filename), cut.damage]).toEqual([
      ['Invoice 4471.pdf.exe', 'STATEM~1.HTM'],
      'an attribute longer than the stream',
    ]);
    // An attribute that claims more than the stream holds: what came before it is kept.
    const claims = Buffer.from(whole);
    claims.writeUInt32LE(0xfffffff0, 6 + 1 + 4);
    expect(readTnef(claims)).toEqual({ files: [], items: [], damage: 'an attribute longer than the stream' });
    const parsed = await parseRawEmail(withWinmail(whole.subarray(0, 200)));
    expect(parsed.warnings.join(' ')).toMatch(/winmail\.dat that could not be read whole/);
  });

  it('reads the body of mail sent as winmail.dat alone, as Outlook shows it', async () => {
    /** The whole message a TNEF stream, as Exchange sends Outlook's rich text. */
    const tnefOnly = (dat: Buffer) =>
      Buffer.from(
        [
          'From: Microsoft account team <no-reply@ms-account-verify.example>',
          'To: alex@example.org',
          'Subject: Unusual sign-in activity',
          'MIME-Version: 1.0',
          'Content-Type: application/ms-tnef; name="winmail.dat"',
          'Content-Disposition: attachment; filename="winmail.dat"',
          'Content-Transfer-Encoding: base64',
          '',
          dat.toString('base64').replace(/.{76}/g, '$&\r\n'),
          '',
        ].join('\r\n'),
      );
    // Its HTML only inside the compressed RTF: the link's words and its address told apart.
    const { parsed, analysis } = await engine.analyzeRaw(tnefOnly(winmailDat([], RTF_LURE)));
    expect(parsed.html).toContain('Caf\u00e9 \u2013 \u4e2d');
    expect(parsed.links.map((l) => l.href)).toContain('https://ms-account-verify.example/secure?u=alex');
    expect(analysis.indicators.map((i) => i.id)).toContain('links.text_href_mismatch');
    // Plain text only.
    const plain = await parseRawEmail(
      tnefOnly(winmailDat([EXE], { ...RTF_LURE, rtf: undefined, body: 'Pay the attached invoice today.' })),
    );
    expect(plain.text).toBe('Pay the attached invoice today.');
    expect(plain.attachments.map((a) => a.filename)).toEqual(['Invoice 4471.pdf.exe']);
    // Mail with a text part of its own keeps it: winmail.dat's body is Outlook's copy of it.
    const withText = await parseRawEmail(withWinmail(winmailDat([EXE], RTF_LURE)));
    expect(withText.text.trim()).toBe('Please see the invoice attached.');
  });
});
