import { TextDecoder } from 'node:util';

/*
 * Outlook keeps a message's formatted body as compressed RTF (PidTagRtfCompressed) and, for mail
 * that arrived as HTML, often keeps the HTML only there: encapsulated in the RTF ([MS-OXRTFEX],
 * `\fromhtml1`, the HTML's tags in `{\*\htmltag …}` groups). An item saved without its HTML
 * property would otherwise be read from its plain text alone, without the addresses its links
 * hide behind their words. The compression ([MS-OXRTFCP]) and the encapsulation are undone here.
 */

/** Decompressed RTF read at most: parse.ts reads 512 KB of HTML, and encapsulation adds to it. */
export const MAX_RTF_BYTES = 1024 * 1024;

const LZFU = 0x75465a4c; // "LZFu": compressed
const MELA = 0x414c454d; // "MELA": stored as it is

/** What the compressor's dictionary holds before the first byte ([MS-OXRTFCP] 2.1.2.1). */
const PREBUF = new TextEncoder().encode(
  '{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss \\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx',
);

/**
 * The RTF of a PidTagRtfCompressed value, at most `max` bytes of it. A damaged stream gives what
 * it holds up to the damage (the CRC is not checked, so a truncated body is still read); a header
 * that is neither compressed nor stored throws.
 */
export function decompressRtf(data: Uint8Array, max = MAX_RTF_BYTES): Uint8Array {
  if (data.byteLength < 16) throw new Error('compressed RTF shorter than its header');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const compSize = view.getUint32(0, true);
  const rawSize = view.getUint32(4, true);
  const type = view.getUint32(8, true);
  // COMPSIZE counts the bytes after itself.
  const end = Math.min(data.byteLength, 4 + compSize);
  if (type === MELA) return data.slice(16, Math.min(end, 16 + rawSize, 16 + max));
  if (type !== LZFU) throw new Error('compressed RTF of an unknown kind');
  // A reference is two bytes and yields at most 17, so nothing larger can come out.
  const out = new Uint8Array(Math.min(rawSize, max, (end - 16) * 9));
  const dict = new Uint8Array(4096);
  dict.set(PREBUF);
  let write = PREBUF.length;
  let o = 0;
  let i = 16;
  while (i < end && o < out.length) {
    const control = data[i++]!;
    for (let bit = 0; bit < 8 && i < end && o < out.length; bit++) {
      if (((control >> bit) & 1) === 0) {
        const b = data[i++]!;
        out[o++] = b;
        dict[write] = b;
        write = (write + 1) & 4095;
        continue;
      }
      if (i + 1 >= end) return out.slice(0, o);
      const ref = (data[i]! << 8) | data[i + 1]!;
      i += 2;
      const offset = ref >> 4;
      // A reference to the write position ends the stream.
      if (offset === write) return out.slice(0, o);
      const length = (ref & 15) + 2;
      for (let k = 0; k < length && o < out.length; k++) {
        const b = dict[(offset + k) & 4095]!;
        out[o++] = b;
        dict[write] = b;
        write = (write + 1) & 4095;
      }
    }
  }
  return out.slice(0, o);
}

/** The body an RTF encapsulates: Outlook's HTML (`\fromhtml1`) or plain text (`\fromtext`). */
export interface RtfBody {
  mode: 'html' | 'text';
  text: string;
}

/** Characters of body read at most. */
const MAX_BODY_CHARS = 2 * 1024 * 1024;
/** Groups nested deeper than this share the deepest one's state (Outlook nests a dozen). */
const MAX_GROUP_DEPTH = 256;

/** Destinations that hold no body text: read past, as every `{\*\…}` but an HTML tag is. */
const NO_TEXT = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'pntext',
  'info',
  'pict',
  'object',
  'listtable',
]);

/** Control words that stand for a character. */
const CHARACTER: Record<string, string> = {
  par: '\r\n',
  line: '\r\n',
  tab: '\t',
  lquote: '\u2018',
  rquote: '\u2019',
  ldblquote: '\u201c',
  rdblquote: '\u201d',
  bullet: '\u2022',
  endash: '\u2013',
  emdash: '\u2014',
};

/** `\fcharsetN` as the code page its bytes are in. */
const CHARSET_CODEPAGE: Record<number, number> = {
  0: 1252,
  77: 10000,
  128: 932,
  129: 949,
  134: 936,
  136: 950,
  161: 1253,
  162: 1254,
  163: 1258,
  177: 1255,
  178: 1256,
  186: 1257,
  204: 1251,
  222: 874,
  238: 1250,
};

/** What a group opened inside another starts with: its parent's state. */
class Group {
  /** Inside `\htmlrtf`: RTF written for RTF readers only, not part of the HTML. */
  htmlrtf = false;
  /** Inside a destination that holds no body text. */
  skip = false;
  /** Inside `{\*\htmltag…}`: the HTML's own markup, written out as it is. */
  tag = false;
  /** Inside the font table, whose fonts say their code pages. */
  fonts = false;
  /** Characters a reader without Unicode reads in place of each `\uN` (`\ucN`). */
  uc = 1;
  font = -1;

  child(): Group {
    const g = new Group();
    g.htmlrtf = this.htmlrtf;
    g.skip = this.skip;
    g.tag = this.tag;
    g.fonts = this.fonts;
    g.uc = this.uc;
    g.font = this.font;
    return g;
  }
}

/**
 * The HTML or plain text the RTF encapsulates ([MS-OXRTFEX]), or null for RTF written as RTF (its
 * text is in the item's plain body). Read in one pass, in time linear in its length whatever its
 * nesting: rtf-stream-parser, tried first, walks a chain as long as the nesting for each token
 * (4 MB of groups nested 20 deep took 4.9 s, a single nest of 16,000 1.4 s) and prints a damaged
 * escape to the console. Damaged RTF gives what could be read.
 */
export function encapsulatedBody(rtf: Uint8Array): RtfBody | null {
  const head = Buffer.from(rtf.subarray(0, 4096)).toString('latin1');
  if (!/^\{\\rtf/.test(head)) return null;
  const mode = /\\fromhtml\d*(?![a-z])/.exec(head)
    ? 'html'
    : /\\fromtext(?![a-z])/.exec(head)
      ? 'text'
      : null;
  if (!mode) return null;
  let ansi = 1252;
  const codepageOf = new Map<number, number>();
  const out: string[] = [];
  let length = 0;
  /** Text bytes not yet decoded, all in one code page. */
  const pending = new Uint8Array(64 * 1024);
  let pendingLength = 0;
  let pendingPage = ansi;
  const stack: Group[] = [];
  let g = new Group();
  let unicodeSkip = 0;
  /** The font table entry being read, and whether the last token opened a group (`{` or `{\*`). */
  let fontEntry = -1;
  let opened: 'group' | 'star' | null = null;

  const visible = () => !g.htmlrtf && !g.skip;
  const page = () => (g.tag || g.font < 0 ? ansi : (codepageOf.get(g.font) ?? ansi));
  const emit = (text: string) => {
    if (!visible() || text === '') return;
    const escape = mode === 'html' && !g.tag && (text.includes('<') || text.includes('>'));
    out.push(escape ? text.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;')) : text);
    length += text.length;
  };
  const flush = () => {
    if (pendingLength === 0) return;
    const text = decoder(`cp${pendingPage}`).decode(pending.subarray(0, pendingLength));
    pendingLength = 0;
    emit(text);
  };
  /** Text bytes `from` to `to` of the RTF, kept to be decoded together. */
  const bytes = (from: number, to: number) => {
    for (; unicodeSkip > 0 && from < to; from++) unicodeSkip--;
    if (!visible() || from >= to) return;
    if (pendingLength > 0 && pendingPage !== page()) flush();
    pendingPage = page();
    while (from < to) {
      if (pendingLength === pending.length) flush();
      const take = Math.min(to - from, pending.length - pendingLength);
      pending.set(rtf.subarray(from, from + take), pendingLength);
      pendingLength += take;
      from += take;
    }
  };
  /** One byte written as `\'hh`. */
  const byte = (b: number) => {
    if (unicodeSkip > 0) {
      unicodeSkip--;
      return;
    }
    if (!visible()) return;
    if (pendingLength > 0 && pendingPage !== page()) flush();
    pendingPage = page();
    if (pendingLength === pending.length) flush();
    pending[pendingLength++] = b;
  };

  const n = rtf.byteLength;
  let i = 0;
  while (i < n && length < MAX_BODY_CHARS) {
    const c = rtf[i]!;
    if (c === 0x7b /* { */) {
      flush();
      unicodeSkip = 0;
      stack.push(g);
      if (stack.length <= MAX_GROUP_DEPTH) g = g.child();
      opened = 'group';
      i++;
      continue;
    }
    if (c === 0x7d /* } */) {
      flush();
      unicodeSkip = 0;
      if (g.fonts && fontEntry >= 0 && stack.at(-1)?.fonts) fontEntry = -1;
      g = stack.pop() ?? g;
      opened = null;
      i++;
      continue;
    }
    if (c === 0x0d || c === 0x0a) {
      i++;
      continue;
    }
    if (c !== 0x5c /* \ */) {
      // A run of text, up to the next brace, backslash or line end.
      opened = null;
      let j = i + 1;
      while (j < n && !SPECIAL[rtf[j]!]) j++;
      if (!g.fonts) bytes(i, j);
      i = j;
      continue;
    }
    // A control symbol or word.
    const next = rtf[i + 1];
    if (next === undefined) break;
    if (!isLetter(next)) {
      i += 2;
      const wasOpened = opened;
      opened = null;
      if (next === 0x27 /* ' */) {
        const hex = Number.parseInt(String.fromCharCode(rtf[i] ?? 0, rtf[i + 1] ?? 0), 16);
        if (Number.isNaN(hex)) continue;
        i += 2;
        if (!g.fonts) byte(hex);
        continue;
      }
      flush();
      unicodeSkip = 0;
      if (next === 0x2a /* * */) {
        if (wasOpened === 'group') opened = 'star';
      } else if (next === 0x5c || next === 0x7b || next === 0x7d) emit(String.fromCharCode(next));
      else if (next === 0x7e /* ~ */) emit('\u00a0');
      else if (next === 0x5f /* _ */) emit('\u00ad');
      continue;
    }
    let j = i + 1;
    while (j < n && j - i < 40 && isLetter(rtf[j]!)) j++;
    let word = '';
    for (let w = i + 1; w < j; w++) word += String.fromCharCode(rtf[w]!);
    let k = j;
    const negative = rtf[k] === 0x2d; /* - */
    if (negative) k++;
    let param: number | null = null;
    while (k < n && k - j < 12 && rtf[k]! >= 0x30 && rtf[k]! <= 0x39)
      param = (param ?? 0) * 10 + rtf[k++]! - 0x30;
    if (negative && param !== null) param = -param;
    i = rtf[k] === 0x20 ? k + 1 : k;
    const wasOpened = opened;
    opened = null;

    if (word === 'u' && param !== null) {
      flush();
      emit(String.fromCharCode(param < 0 ? param + 0x10000 : param & 0xffff));
      unicodeSkip = g.uc;
      continue;
    }
    if (word !== 'bin') unicodeSkip = 0;
    if (wasOpened === 'star') {
      flush();
      if (word === 'htmltag') g.tag = true;
      else g.skip = true;
      continue;
    }
    if (wasOpened === 'group' && NO_TEXT.has(word)) {
      flush();
      g.skip = true;
      if (word === 'fonttbl') g.fonts = true;
      continue;
    }
    switch (word) {
      case 'bin':
        // Binary data: as many bytes as it says, never read as text.
        i += Math.max(0, Math.min(param ?? 0, n - i));
        break;
      case 'htmlrtf':
        flush();
        g.htmlrtf = param !== 0;
        break;
      case 'ansicpg':
        if (param !== null && param > 0) ansi = param;
        break;
      case 'uc':
        if (param !== null && param >= 0 && param < 10) g.uc = param;
        break;
      case 'f':
        if (param === null) break;
        if (g.fonts) fontEntry = param;
        else {
          flush();
          g.font = param;
        }
        break;
      case 'fcharset': {
        const codepage = param === null ? undefined : CHARSET_CODEPAGE[param];
        if (g.fonts && fontEntry >= 0 && codepage !== undefined && !codepageOf.has(fontEntry))
          codepageOf.set(fontEntry, codepage);
        break;
      }
      case 'cpg':
        if (g.fonts && fontEntry >= 0 && param !== null && param > 0) codepageOf.set(fontEntry, param);
        break;
      default: {
        const character = CHARACTER[word];
        if (character !== undefined) {
          flush();
          emit(character);
        }
      }
    }
  }
  flush();
  return { mode, text: out.join('').slice(0, MAX_BODY_CHARS) };
}

/** Bytes that end a run of text. */
const SPECIAL = new Uint8Array(256);
for (const c of [0x5c, 0x7b, 0x7d, 0x0d, 0x0a]) SPECIAL[c] = 1;

const isLetter = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/** Code pages RTF names (`cp1252`) by the labels TextDecoder knows; anything else as Windows-1252. */
const CODEPAGE_LABEL: Record<number, string> = {
  866: 'ibm866',
  874: 'windows-874',
  932: 'shift_jis',
  936: 'gbk',
  949: 'euc-kr',
  950: 'big5',
  10000: 'macintosh',
  20866: 'koi8-r',
  21866: 'koi8-u',
  54936: 'gb18030',
};
const decoders = new Map<string, TextDecoder>();
function decoder(codepage: string): TextDecoder {
  let d = decoders.get(codepage);
  if (d) return d;
  const n = Number(codepage.replace(/^cp/i, ''));
  const label =
    CODEPAGE_LABEL[n] ??
    (n >= 1250 && n <= 1258
      ? `windows-${n}`
      : n >= 28591 && n <= 28606
        ? `iso-8859-${n - 28590}`
        : 'windows-1252');
  try {
    d = new TextDecoder(label);
  } catch {
    d = new TextDecoder('windows-1252');
  }
  decoders.set(codepage, d);
  return d;
}
