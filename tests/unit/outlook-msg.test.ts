import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/app/engine.js';
import { scanMailPaths } from '../../src/app/scan-files.js';
import { messageView, parseRawEmail } from '../../src/core/index.js';
import { isOutlookItem, outlookItemToMime } from '../../src/core/email/outlook-msg.js';
import { compressRtf, outlookItem, RTF_LURE } from '../../scripts/make-outlook-fixtures.js';
import { FIXTURES } from '../helpers/engine.js';
import { noteWithFiles } from '../helpers/mime.js';

const engine = createEngine({ trustedAuthServIds: ['mx.example.org'] });
const item = (name: string) => readFileSync(join(FIXTURES, 'outlook', name));

/** A colleague's short note with one file attached. */
const withFile = (name: string, type: string, bytes: Buffer) =>
  noteWithFiles([{ name, type, content: bytes }], { note: 'The original is attached.' });

describe('Outlook items (.msg)', () => {
  it('reads a saved item as the message it was delivered as: its transport headers, HTML and links', async () => {
    const raw = item('phishing-sign-in-alert.msg');
    expect(isOutlookItem(raw)).toBe(true);
    const { parsed, analysis } = await engine.analyzeRaw(raw);
    expect(parsed.from?.address).toBe('account-security@ms-account-verify.example');
    expect(parsed.subject).toBe('Unusual sign-in activity');
    expect(parsed.authResults[0]).toContain('spf=pass smtp.mailfrom=ms-account-verify.example');
    expect(parsed.links.map((l) => l.href)).toContain('https://ms-account-verify.example/secure?u=alex');
    expect(parsed.links.find((l) => l.source === 'html')?.text).toBe('Review recent activity');
    expect(parsed.warnings).toEqual([]);
    expect(analysis.risk_level).toBe('HIGH');
    // The same file converts to the same bytes.
    expect(outlookItemToMime(raw).equals(outlookItemToMime(raw))).toBe(true);
  });

  it('reads the HTML an item keeps only in its compressed RTF body, where its links show their disguise', async () => {
    const raw = item('phishing-rtf-body.msg');
    const { parsed, analysis } = await engine.analyzeRaw(raw);
    expect(parsed.html).toContain('Café – 中');
    expect(parsed.links.find((l) => l.source === 'html')).toMatchObject({
      text: 'https://account.microsoft.com/activity',
      href: 'https://ms-account-verify.example/secure?u=alex',
    });
    // The plain body writes both addresses out; only the HTML says one hides behind the other.
    expect(analysis.indicators.map((i) => i.id)).toContain('links.text_href_mismatch');
    expect(parsed.warnings).toEqual([]);
  });

  it('keeps the plain body where the RTF body is RTF, encapsulated text or damaged', async () => {
    const plain = { ...RTF_LURE, body: 'The plain body.', transportHeaders: undefined };
    const native = await parseRawEmail(outlookItem({ ...plain, rtf: '{\\rtf1\\ansi The RTF body.\\par}' }));
    expect([native.text.trim(), native.html]).toEqual(['The plain body.', null]);
    const text = await parseRawEmail(
      outlookItem({
        ...plain,
        body: '',
        rtf: '{\\rtf1\\ansi\\fromtext {\\fonttbl{\\f0 Arial;}}Only in RTF.}',
      }),
    );
    expect(text.text.trim()).toBe('Only in RTF.');
    const broken = compressRtf(Buffer.from(RTF_LURE.rtf!, 'latin1'));
    broken.write('ABCD', 8, 'latin1');
    for (const rtfBytes of [broken, broken.subarray(0, 9), Buffer.alloc(0)]) {
      const damaged = await parseRawEmail(outlookItem({ ...plain, rtfBytes }));
      expect([damaged.text.trim(), damaged.html, damaged.warnings]).toEqual(['The plain body.', null, []]);
    }
  });

  it("shows an item's header fields as the message it stands for", async () => {
    const view = await messageView(item('phishing-sign-in-alert.msg'));
    expect(view.headers.find((h) => h.name === 'From')?.value).toBe(
      '"Microsoft account team" <account-security@ms-account-verify.example>',
    );
    expect(view.links.map((l) => l.url)).toContain('https://ms-account-verify.example/secure?u=alex');
  });

  it('reads an item attached to an item as an attached message: a report saved from Outlook', async () => {
    const { parsed, analysis } = await engine.analyzeRaw(item('report-with-item-attached.msg'));
    expect(parsed.from?.address).toBe('sam.lee@example.org');
    expect(parsed.attachedMessages?.[0]?.subject).toBe('Unusual sign-in activity');
    const attached = analysis.indicators.find((i) => i.id === 'attachments.attached_message');
    expect(attached?.evidence[0]).toContain('from account-security@ms-account-verify.example: HIGH');
    expect(analysis.risk_level).toBe('HIGH');
  });

  it('makes the header block from the properties of an item without transport headers', async () => {
    const raw = outlookItem({
      subject: 'Quarterly figures',
      senderName: 'Kim Park',
      senderSmtp: 'kim.park@example.org',
      body: 'The figures are attached.',
      recipients: ['alex@example.org'],
      cc: ['lee@example.org'],
      submitted: new Date('2026-11-23T09:30:00Z'),
      files: [{ name: 'figures.csv', mime: 'text/csv', data: Buffer.from('q,value\n1,2\n') }],
    });
    const parsed = await parseRawEmail(raw);
    expect([parsed.from?.name, parsed.from?.address, parsed.subject]).toEqual([
      'Kim Park',
      'kim.park@example.org',
      'Quarterly figures',
    ]);
    expect(parsed.to.map((a) => a.address)).toEqual(['alex@example.org']);
    // The Cc line and the time it was sent, from the item's fixed-length property tables.
    expect(outlookItemToMime(raw).toString('latin1')).toMatch(/\r\nCc: lee@example\.org\r\n/);
    expect(parsed.date).toBe('2026-11-23T09:30:00.000Z');
    expect(parsed.text.trim()).toBe('The figures are attached.');
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType, a.size])).toEqual([
      ['figures.csv', 'text/csv', 12],
    ]);
  });

  it("reads an item's attached page like any other attachment", async () => {
    const raw = outlookItem({
      subject: 'Remittance advice',
      senderName: 'Accounts',
      senderSmtp: 'ap@supplier-pay.example',
      body: 'Please find the remittance advice attached.',
      files: [
        {
          name: 'Remittance.html',
          mime: 'text/html',
          data: Buffer.from('<form action="https://pay-check.example/p"><input type="password"></form>'),
        },
      ],
    });
    const { analysis } = await engine.analyzeRaw(raw);
    expect(analysis.indicators.find((i) => i.id === 'attachments.page_form')?.evidence).toEqual([
      'Remittance.html: https://pay-check.example/p',
    ]);
  });

  it('reads an Outlook item attached to mail as an attached message', async () => {
    const raw = withFile(
      'Unusual sign-in activity.msg',
      'application/vnd.ms-outlook',
      item('phishing-sign-in-alert.msg'),
    );
    const { parsed, analysis } = await engine.analyzeRaw(raw);
    expect(parsed.attachedMessages?.map((m) => m.from?.address)).toEqual([
      'account-security@ms-account-verify.example',
    ]);
    expect(analysis.risk_level).toBe('HIGH');
  });

  it('leaves other Compound Files attached (a .doc, an .xls) as the files they are', async () => {
    const doc = CFB.utils.cfb_new();
    CFB.utils.cfb_add(doc, '/WordDocument', Buffer.alloc(4096, 1));
    const bytes = CFB.write(doc, { type: 'buffer' }) as Buffer;
    expect(isOutlookItem(bytes)).toBe(true);
    const raw = withFile('minutes.doc', 'application/msword', bytes);
    const parsed = await parseRawEmail(raw);
    expect([parsed.attachedMessages, parsed.warnings, parsed.attachments.map((a) => a.filename)]).toEqual([
      undefined,
      [],
      ['minutes.doc'],
    ]);
  });

  it('says so when an Outlook file cannot be read, and never throws', async () => {
    const raw = item('phishing-sign-in-alert.msg');
    const truncated = raw.subarray(0, 1536);
    const parsed = await parseRawEmail(truncated);
    expect(parsed.warnings.join(' ')).toMatch(/Outlook item that could not be read/);
    const flipped = Buffer.from(raw);
    for (let i = 600; i < flipped.length; i += 97) flipped[i] = (flipped[i] as number) ^ 0x5a;
    await expect(parseRawEmail(flipped)).resolves.toBeDefined();
  });

  it('refuses an item whose directory loops, which would make the container reader walk it for ever', async () => {
    // Found by `npm run fuzz` (seed 5): an item whose directory entries lead round in a ring.
    // cfb walks from child to parent to build each path, doubling it until the string is too
    // long: 7.8 s and hundreds of megabytes for these 8 KB before it failed.
    const parsed = await parseRawEmail(item('damaged-directory-loop.msg'));
    expect(parsed.warnings.join(' ')).toMatch(/Outlook item that could not be read \(the directory/);
    // Two entries made each other's child: no tree either.
    const looped = Buffer.from(item('phishing-sign-in-alert.msg'));
    const sector = 1 << looped.readUInt16LE(0x1e);
    const directory = 512 + looped.readUInt32LE(0x30) * sector;
    looped.writeUInt32LE(2, directory + 128 + 0x4c);
    looped.writeUInt32LE(1, directory + 256 + 0x4c);
    expect((await parseRawEmail(looped)).warnings.join(' ')).toMatch(/could not be read \(the directory/);
    // A ring with one parent each: three entries each the left sibling of the next.
    const ring = Buffer.from(item('phishing-sign-in-alert.msg'));
    for (let e = 0; e < sector / 128; e++)
      for (const field of [0x44, 0x48, 0x4c]) ring.writeUInt32LE(0xffffffff, directory + e * 128 + field);
    [2, 3, 1].forEach((left, e) => ring.writeUInt32LE(left, directory + (e + 1) * 128 + 0x44));
    expect((await parseRawEmail(ring)).warnings.join(' ')).toMatch(/could not be read \(the directory loops/);
    // The item as saved is a tree, and reads.
    expect((await parseRawEmail(item('phishing-sign-in-alert.msg'))).warnings).toEqual([]);
  });

  it('scans .msg files in a folder with the mail around them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pg-msg-'));
    writeFileSync(join(dir, 'alert.msg'), item('phishing-sign-in-alert.msg'));
    const seen = [];
    for await (const m of scanMailPaths(engine, [dir], { workers: 0 })) seen.push(m);
    expect(seen.map((m) => [m.summary.subject, m.analysis.risk_level])).toEqual([
      ['Unusual sign-in activity', 'HIGH'],
    ]);
  });
});
