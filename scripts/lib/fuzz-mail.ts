import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import type { Engine } from '../../src/app/engine.js';
import { PhishguardError } from '../../src/errors.js';
import { mulberry32 } from './logreg.js';
import { compressRtf, outlookItem, RTF_LURE, winmailDat } from '../make-outlook-fixtures.js';

/** Seeded (mulberry32, as training uses): the same seed gives the same mutations on every machine. */
export const prng = mulberry32;

type Mutator = (m: Buffer, r: () => number) => Buffer;
const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)] as T;
const at = (m: Buffer, r: () => number) => Math.floor(r() * Math.max(1, m.length));
const headerEnd = (m: Buffer) => {
  const i = m.indexOf('\r\n\r\n');
  const j = m.indexOf('\n\n');
  return i === -1 ? (j === -1 ? m.length : j) : j === -1 ? i : Math.min(i, j);
};

/** A stored zip whose one entry claims to inflate to 4 GB: a zip bomb as a mail attachment. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(1 << 20));
  const name = Buffer.from('invoice.pdf.exe');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(0xffffffff, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(0xffffffff, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
/** An Outlook item (.msg): a Compound File, whose damaged copies test the .msg reader. */
const OUTLOOK = readFileSync(
  join(import.meta.dirname, '..', '..', 'fixtures', 'outlook', 'report-with-item-attached.msg'),
);

/** An opaquely signed message in BER, whose damaged copies test the S/MIME reader. */
const SMIME = readFileSync(
  join(import.meta.dirname, '..', '..', 'fixtures', 'smime', 'phishing-opaque-signed-ber.eml'),
);

const BOMB = zipBomb().toString('base64').replace(/.{76}/g, '$&\n');

export const MUTATORS: Record<string, Mutator> = {
  flip: (m, r) => {
    const c = Buffer.from(m);
    for (let i = 0, n = 1 + Math.floor(r() * 16); i < n && c.length; i++) c[at(c, r)] = Math.floor(r() * 256);
    return c;
  },
  truncate: (m, r) => m.subarray(0, at(m, r)),
  duplicateHeaders: (m, r) => {
    const end = headerEnd(m);
    const head = m.subarray(0, end).toString('latin1');
    const lines = head.split(/\r?\n/);
    const line = pick(lines, r);
    const copies = Array.from({ length: 1 + Math.floor(r() * 2000) }, () => line.slice(0, 2000)).join('\n');
    return Buffer.concat([Buffer.from(`${copies}\n`, 'latin1'), m]);
  },
  enormousHeader: (m, r) =>
    Buffer.concat([
      Buffer.from(
        `${pick(['Subject', 'From', 'To', 'Received', 'Content-Type', 'X-Junk'], r)}: ${'A'.repeat(1 + Math.floor(r() * 2_000_000))}\n`,
      ),
      m,
    ]),
  brokenBoundary: (m, r) => {
    const s = m.toString('latin1');
    const b = /boundary="?([^";\r\n]+)/i.exec(s)?.[1];
    if (!b)
      return Buffer.from(`Content-Type: multipart/mixed; boundary="${'-'.repeat(r() * 80)}"\n${s}`, 'latin1');
    return Buffer.from(
      s.split(`--${b}`).join(pick([`--${b}x`, '--', `--${b.slice(0, -1)}`, ''], r)),
      'latin1',
    );
  },
  deepNesting: (_m, r) => {
    const depth = 50 + Math.floor(r() * 5000);
    let body = 'Content-Type: text/plain\n\ninner';
    for (let i = 0; i < depth; i++)
      body = `Content-Type: multipart/mixed; boundary="b${i}"\n\n--b${i}\n${body}\n--b${i}--\n`;
    return Buffer.from(`From: a@example.com\nSubject: nest\nMIME-Version: 1.0\n${body}`);
  },
  // HTML that costs a tree parser per tag as much as its depth, or sends a search to the end of
  // the text from every tag: nested and stray tags, unclosed frames.
  deepHtml: (_m, r) => {
    const unit = pick(['<b>', '<div>', '<b></x>', '<iframe>', '<xmp>', '<a href=x>', '<span><i>'], r);
    return Buffer.from(
      `From: a@example.com\nSubject: deep\nMIME-Version: 1.0\nContent-Type: text/html\n\n${unit.repeat(1 + Math.floor(r() * 150_000))}<a href="https://x.example/">end</a>`,
    );
  },
  // An attached page (signals/attached-page.ts) made of one pattern's opening, repeated.
  attachedPage: (_m, r) => {
    const unit = pick(
      [
        '<b>',
        '<meta http-equiv=refresh ',
        'location="https://',
        'atob("',
        '<input ',
        'fetch("https://',
        "unescape('%3C",
        'data:text/html;base64,',
        'https://api.telegram.org/bot',
      ],
      r,
    );
    const page = Buffer.from(unit.repeat(1 + Math.floor(r() * 300_000))).toString('base64');
    return Buffer.from(
      `From: a@example.com\nSubject: page\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="p"\n\n--p\nContent-Type: text/plain\n\nattached\n--p\nContent-Type: text/html\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename="page.html"\n\n${page}\n--p--\n`,
    );
  },
  // A damaged Outlook item: bytes flipped (sector tables, directory entries, stream sizes) or cut.
  outlookItem: (_m, r) => {
    const c = Buffer.from(OUTLOOK);
    for (let i = 0, n = 1 + Math.floor(r() * 40); i < n; i++)
      c[512 + Math.floor(r() * (c.length - 512))] = Math.floor(r() * 256);
    return r() < 0.3 ? c.subarray(0, 512 + Math.floor(r() * (c.length - 512))) : c;
  },
  // An Outlook item whose HTML is only in its compressed RTF body (rtf.ts): one pattern's opening
  // repeated, or the fixture's RTF with bytes of its compressed stream changed.
  rtfBody: (_m, r) => {
    const unit = pick(
      [
        '{',
        '}',
        '{\\*\\htmltag64 <b>}',
        "\\'e9",
        '\\u8364?',
        '\\par',
        '\\bin',
        '\\htmlrtf ',
        '<a href="https://',
        '\\',
      ],
      r,
    );
    const rtf = Buffer.from(
      r() < 0.5 ? `{\\rtf1\\ansi\\fromhtml1 ${unit.repeat(1 + Math.floor(r() * 400_000))}}` : RTF_LURE.rtf!,
      'latin1',
    );
    const rtfBytes = compressRtf(rtf, r() < 0.2);
    for (let i = 0, n = Math.floor(r() * 8); i < n; i++) rtfBytes[at(rtfBytes, r)] = Math.floor(r() * 256);
    return outlookItem({ ...RTF_LURE, rtfBytes });
  },
  // An opaque S/MIME message (smime.ts) with bytes of its CMS structure changed or cut.
  opaqueSmime: (_m, r) => {
    const text = SMIME.toString('latin1');
    const split = text.indexOf('\r\n\r\n') + 4;
    const cms = Buffer.from(text.slice(split), 'base64');
    for (let i = 0, n = 1 + Math.floor(r() * 12); i < n; i++) cms[at(cms, r)] = Math.floor(r() * 256);
    const body = r() < 0.3 ? cms.subarray(0, at(cms, r)) : cms;
    return Buffer.from(`${text.slice(0, split)}${body.toString('base64')}\r\n`, 'latin1');
  },
  // winmail.dat (tnef.ts) with bytes of its attributes and properties changed or cut.
  winmail: (_m, r) => {
    const dat = winmailDat([
      { name: 'Invoice 4471.pdf.exe', mime: 'application/x-msdownload', data: Buffer.from('MZ program') },
      {
        name: 'Statement.html',
        mime: 'text/html',
        data: Buffer.from('<form action="https://p.example/"></form>'),
      },
      { name: 'Original.msg', data: winmailDat([], RTF_LURE), item: true },
    ]);
    for (let i = 0, n = 1 + Math.floor(r() * 12); i < n; i++) dat[at(dat, r)] = Math.floor(r() * 256);
    const body = (r() < 0.3 ? dat.subarray(0, at(dat, r)) : dat).toString('base64');
    return Buffer.from(
      `From: a@example.com\nSubject: winmail\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="w"\n\n--w\nContent-Type: text/plain\n\nsee attached\n--w\nContent-Type: application/ms-tnef; name="winmail.dat"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename="winmail.dat"\n\n${body}\n--w--\n`,
    );
  },
  badCharset: (m, r) => {
    const s = m.toString('latin1');
    const cs = pick(
      ['x-unknown-42', 'utf-7', 'iso-2022-jp', 'utf-16', 'gb18030', '"', 'utf-8\u0000', 'ébc'],
      r,
    );
    const enc = pick(['base64', 'quoted-printable', 'x-uuencode', '8bit', 'binary', '7bit; junk'], r);
    return Buffer.from(
      s
        .replace(/charset="?[^";\r\n]+"?/gi, `charset=${cs}`)
        .replace(/Content-Transfer-Encoding: *[^\r\n]+/gi, `Content-Transfer-Encoding: ${enc}`)
        .replace(/=\?([^?]+)\?([BQ])\?/gi, `=?${cs}?${pick(['B', 'Q', 'X'], r)}?`),
      'latin1',
    );
  },
  giantLine: (m, r) => {
    const i = headerEnd(m);
    return Buffer.concat([
      m.subarray(0, i),
      Buffer.from(`\n\n${'x'.repeat(1 + Math.floor(r() * 4_000_000))}`),
      m.subarray(i),
    ]);
  },
  zipBomb: () =>
    Buffer.from(
      `From: billing@example.com\nSubject: invoice\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="z"\n\n--z\nContent-Type: text/plain\n\nsee attachment\n--z\nContent-Type: application/zip; name="invoice.zip"\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; filename="invoice.zip"\n\n${BOMB}\n--z--\n`,
    ),
  htmlSoup: (m, r) => {
    const tags = [
      '<a href="',
      '<form action="',
      '<div style="display:none">',
      '<!--',
      '<script>',
      '</',
      '<![CDATA[',
      '&#x',
      '<img src=x onerror=',
    ];
    const soup = Array.from({ length: 1 + Math.floor(r() * 20_000) }, () => pick(tags, r)).join('');
    return Buffer.concat([
      Buffer.from('From: a@example.com\nSubject: soup\nMIME-Version: 1.0\nContent-Type: text/html\n\n'),
      Buffer.from(soup),
      m.subarray(0, at(m, r) % 5000),
    ]);
  },
  splice: (m, r) => Buffer.concat([m.subarray(0, at(m, r)), m.subarray(at(m, r))]),
  whitespaceRun: (_m, r) => {
    const ch = pick(['\r', '\u2003', '\v', '\f', '\u3000', ' \t'], r);
    return Buffer.from(
      `From: a@example.com\nSubject: spaces\nMIME-Version: 1.0\nContent-Type: text/html; charset=utf-8\n\n<p>a${ch.repeat(1 + Math.floor(r() * 300_000))}b</p>`,
    );
  },
};

export interface MailFuzzReport {
  runs: number;
  uncaught: { mutator: string; error: string }[];
  refused: number;
  timesMs: number[];
  slowest: { mutator: string; ms: number }[];
  byMutator: Record<string, number>;
  heapMb: { start: number; end: number };
  rssMb: { start: number; end: number; peak: number };
}

/**
 * Analyses `runs` mutations of the base messages through the whole engine (parse, signals,
 * model, score). An error other than a PhishguardError (a clear refusal, such as a message over
 * the size limit) counts as uncaught.
 */
export async function fuzzMail(
  engine: Engine,
  bases: readonly Buffer[],
  opts: {
    runs: number;
    seed: number;
    onProgress?: (done: number) => void;
    /** Called with each input slower than 50 ms, to keep for study (PHISHGUARD_FUZZ_DUMP). */
    onSlow?: (input: Buffer, mutator: string, ms: number) => void;
  },
): Promise<MailFuzzReport> {
  const r = prng(opts.seed);
  const names = Object.keys(MUTATORS);
  const report: MailFuzzReport = {
    runs: 0,
    uncaught: [],
    refused: 0,
    timesMs: [],
    slowest: [],
    byMutator: {},
    heapMb: { start: process.memoryUsage().heapUsed / 2 ** 20, end: 0 },
    rssMb: { start: process.memoryUsage().rss / 2 ** 20, end: 0, peak: 0 },
  };
  for (let i = 0; i < opts.runs; i++) {
    const name = pick(names, r);
    let m = pick(bases, r);
    // Sometimes two mutations stacked.
    m = (MUTATORS[name] as Mutator)(m, r);
    if (r() < 0.2) m = (MUTATORS[pick(names, r)] as Mutator)(m, r);
    const t = performance.now();
    try {
      await engine.analyzeRaw(m);
    } catch (err) {
      if (err instanceof PhishguardError) report.refused++;
      else report.uncaught.push({ mutator: name, error: String((err as Error)?.stack ?? err).slice(0, 400) });
    }
    const ms = performance.now() - t;
    report.timesMs.push(ms);
    report.byMutator[name] = (report.byMutator[name] ?? 0) + 1;
    if (ms > 50) {
      report.slowest.push({ mutator: name, ms });
      opts.onSlow?.(m, name, ms);
    }
    report.runs++;
    if (i % 1000 === 0) {
      report.rssMb.peak = Math.max(report.rssMb.peak, process.memoryUsage().rss / 2 ** 20);
      opts.onProgress?.(i);
    }
  }
  report.heapMb.end = process.memoryUsage().heapUsed / 2 ** 20;
  report.rssMb.end = process.memoryUsage().rss / 2 ** 20;
  report.rssMb.peak = Math.max(report.rssMb.peak, report.rssMb.end);
  report.slowest.sort((a, b) => b.ms - a.ms);
  return report;
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
