import { constants, inflateSync } from 'node:zlib';
import type { Picture, Pixels } from '../types.js';
import { readOnce } from './read-once.js';

/** PDFs larger than this are not read (a lure's PDF is a page or two). */
const MAX_PDF_BYTES = 8 * 1024 * 1024;
/** Objects indexed per file. */
const MAX_OBJECTS = 20_000;
/** At most this many compressed streams are opened, each to at most STREAM_OUTPUT bytes. */
const MAX_STREAMS = 96;
const STREAM_OUTPUT = 256 * 1024;
/** Links collected per PDF. */
const MAX_LINKS = 20;
/** Pages read for text, and the text kept (the mail's own text is read to 20,000 characters). */
const MAX_PAGES = 20;
const MAX_TEXT = 20_000;
/** Content-stream characters run per file (a lure's page or two is a few tens of KB). */
const MAX_CONTENT = 1024 * 1024;
/** How deep forms drawn inside forms are followed. */
const MAX_FORM_DEPTH = 4;
/** Entries read from one font's character map or width table. */
const MAX_MAP_ENTRIES = 65_536;

/** Whether an attachment is a PDF, by its name or its declared type. */
export function isPdf(a: { filename: string; mimeType: string }): boolean {
  return /\.pdf\s*$/i.test(a.filename) || a.mimeType.toLowerCase() === 'application/pdf';
}

/*
 * A PDF is read, never rendered, run or fetched: its objects are indexed (plain ones and those
 * inside Flate-compressed object streams) and its streams decompressed on demand, bounded per
 * stream and in number, so a compression bomb costs at most MAX_STREAMS × STREAM_OUTPUT bytes
 * of work. Links and text are read separately: a message's first PDFs are read for their links
 * (office.ts, documentsRead), and their text only when something needs it (the call-back bill,
 * the QR reader's test, a message that says little itself: analyze.ts).
 */

/** The web addresses a PDF's link annotations open (`/URI (https://…)`). */
export const pdfLinks = readOnce((content): string[] => open(content)?.links() ?? []);

/**
 * The pictures a PDF holds, at most `max`, each of `minSide` to `maxPixels` by its own
 * dictionary: DCTDecode images as the JPEG files they are, and Flate-compressed or plain images
 * of 1- or 8-bit gray or 8-bit RGB samples (with or without PNG predictors) as their pixels.
 * Other images (CCITT, JBIG2, JPX, indexed colours, other colour spaces) are not read.
 */
export function pdfPictures(
  content: Uint8Array,
  { max, minSide, maxPixels }: { max: number; minSide: number; maxPixels: number },
): Picture[] {
  return open(content)?.pictures(max, minSide, maxPixels) ?? [];
}

/**
 * The text a PDF's pages show, in drawing order, words and lines separated as laid out: each
 * page's text operators (and those of the form XObjects it draws) run through its fonts'
 * ToUnicode maps and glyph widths, so a subset font drawn one glyph at a time reads as words.
 * No font program is run. Text drawn as pictures, or through a font with neither a ToUnicode
 * map nor a one-byte encoding, is not read; a one-byte font's own /Differences are not read.
 */
export const pdfText = readOnce((content): string => open(content)?.pageText() ?? '');

function open(content: Uint8Array): PdfFile | null {
  if (content.byteLength > MAX_PDF_BYTES) return null;
  const raw = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  return raw.subarray(0, 1024).indexOf('%PDF-') < 0 ? null : new PdfFile(raw);
}

const URI = /\/URI\s*\(((?:\\.|[^\\)]){1,2000})\)/g;

function collectLinks(text: string, found: Set<string>): void {
  if (!text.includes('/URI')) return;
  URI.lastIndex = 0;
  for (let m = URI.exec(text); m && found.size < MAX_LINKS; m = URI.exec(text)) {
    const uri = String.fromCharCode(...literalBytes(m[1] ?? '')).trim();
    if (/^https?:\/\//i.test(uri)) found.add(uri);
  }
}

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

/**
 * A literal string's body (between its parentheses) as bytes, its backslash escapes decoded:
 * \n \r \t \b \f, octal codes, a backslash before a line break joining the lines, and any
 * other escaped character as itself (\( \) \\).
 */
function literalBytes(body: string): number[] {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    let ch = body.charCodeAt(i);
    if (ch === 0x5c) {
      const next = body[++i] ?? '';
      const octal = /^[0-7]{1,3}/.exec(body.slice(i, i + 3))?.[0];
      if (octal) {
        ch = parseInt(octal, 8) & 0xff;
        i += octal.length - 1;
      } else if (next === '\n' || next === '\r') continue;
      else ch = ESCAPES[next] ?? next.charCodeAt(0);
    }
    bytes.push(ch);
  }
  return bytes;
}

/** Where the literal string opening at `at` closes: its balancing ")", escapes skipped. */
function literalEnd(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return s.length;
}

interface PdfObject {
  /** The object's text before any stream: its dictionary, array or value. */
  dict: string;
  /** Where its stream's bytes start and end in the file, if it has one. */
  stream: [start: number, end: number] | null;
}

/** What a content stream can name: its fonts, and the form XObjects it can draw. */
interface Resources {
  fonts: Map<string, Font>;
  forms: Map<string, number>;
}

interface Font {
  /** Bytes per character code (Type0 fonts: two). */
  codeBytes: number;
  toUnicode: CharMap | null;
  widths: Map<number, number>;
  defaultWidth: number;
}

const OBJ = /(\d+)\s+\d+\s+obj\b/g;
const REF = (key: string) => new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`);

/** The objects of one PDF file, indexed once, with their streams decoded on demand. */
class PdfFile {
  readonly text: string;
  private readonly objects = new Map<number, PdfObject>();
  private readonly decoded = new Map<number, string | null>();
  private readonly fonts = new Map<number, Font>();
  private opened = 0;
  /** Content-stream characters still to be run: the text operators' work is bounded per file. */
  private contentLeft = MAX_CONTENT;

  constructor(private readonly raw: Buffer) {
    this.text = raw.toString('latin1');
    const text = this.text;
    OBJ.lastIndex = 0;
    for (let m = OBJ.exec(text); m && this.objects.size < MAX_OBJECTS; m = OBJ.exec(text)) {
      const start = m.index + m[0].length;
      const end = text.indexOf('endobj', start);
      if (end < 0) break;
      const s = text.indexOf('stream', start);
      let object: PdfObject;
      if (s >= 0 && s < end) {
        const dataStart = text[s + 6] === '\r' ? s + (text[s + 7] === '\n' ? 8 : 7) : s + 7;
        const dataEnd = text.indexOf('endstream', dataStart);
        object = { dict: text.slice(start, s), stream: [dataStart, dataEnd < 0 ? end : dataEnd] };
        OBJ.lastIndex = Math.max(end, dataEnd);
      } else {
        object = { dict: text.slice(start, end), stream: null };
        OBJ.lastIndex = end;
      }
      const num = Number(m[1]);
      if (!this.objects.has(num)) this.objects.set(num, object);
    }
    for (const num of [...this.objects.keys()]) this.unpackObjectStream(num);
  }

  /** The links of the file's annotations, in plain objects and in object streams. */
  links(): string[] {
    const found = new Set<string>();
    collectLinks(this.text, found);
    for (const [num, o] of this.objects)
      if (o.stream && /\/Type\s*\/ObjStm\b/.test(o.dict)) collectLinks(this.decode(num) ?? '', found);
    return [...found].slice(0, MAX_LINKS);
  }

  pictures(max: number, minSide: number, maxPixels: number): Picture[] {
    const out: Picture[] = [];
    for (const o of this.objects.values()) {
      if (out.length >= max) break;
      if (!o.stream || !/\/Subtype\s*\/Image\b/.test(o.dict)) continue;
      const width = Number(/\/Width\s+(\d+)/.exec(o.dict)?.[1] ?? 0);
      const height = Number(/\/Height\s+(\d+)/.exec(o.dict)?.[1] ?? 0);
      if (Math.min(width, height) < minSide || width * height > maxPixels) continue;
      const bytes = this.raw.subarray(o.stream[0], o.stream[1]);
      const filter = filterOf(o.dict);
      if (filter === '/DCTDecode') {
        out.push(new Uint8Array(bytes));
        continue;
      }
      const mask = /\/ImageMask\s+true\b/.test(o.dict);
      const colors = mask ? 1 : this.colours(o.dict);
      const bits = mask ? 1 : Number(/\/BitsPerComponent\s+(\d+)/.exec(o.dict)?.[1] ?? 0);
      if (colors === 0 || !(bits === 8 || (bits === 1 && colors === 1))) continue;
      const rowBytes = Math.ceil((width * colors * bits) / 8);
      const predictor = Number(/\/Predictor\s+(\d+)/.exec(o.dict)?.[1] ?? 1);
      const png = predictor >= 10;
      if (predictor !== 1 && !png) continue;
      const size = (rowBytes + (png ? 1 : 0)) * height;
      let samples: Buffer;
      if (filter === '') samples = bytes;
      else if (filter === '/FlateDecode' && this.opened < MAX_STREAMS) {
        this.opened++;
        try {
          samples = inflateSync(bytes, { maxOutputLength: size, finishFlush: constants.Z_SYNC_FLUSH });
        } catch {
          continue;
        }
      } else continue;
      if (samples.length < size) continue;
      const rows = png ? unpredict(samples, rowBytes, height, Math.max(1, (colors * bits) >> 3)) : samples;
      if (rows) out.push(toRgba(rows, width, height, colors, bits, rowBytes));
    }
    return out;
  }

  /** The number of colour components of an image's colour space: gray or RGB, named or ICC; else 0. */
  private colours(dict: string): number {
    const named = /\/ColorSpace\s*\/(DeviceGray|DeviceRGB|CalGray|CalRGB|G|RGB)\b/.exec(dict)?.[1];
    if (named) return /Gray|^G$/.test(named) ? 1 : 3;
    const ref = /\/ColorSpace\s*(?:\[\s*\/ICCBased\s+(\d+)\s+\d+\s+R\s*\]|(\d+)\s+\d+\s+R)/.exec(dict);
    if (!ref) return 0;
    let target = this.dict(Number(ref[1] ?? ref[2]));
    // A colour space given by reference: [/ICCBased n 0 R], whose stream says how many components.
    const icc = /^\s*\[\s*\/ICCBased\s+(\d+)\s+\d+\s+R\s*\]/.exec(target);
    if (icc) target = this.dict(Number(icc[1]));
    const n = Number(/\/N\s+(\d+)/.exec(target)?.[1] ?? 0);
    return n === 1 || n === 3 ? n : 0;
  }

  /** The text of the file's pages, page after page, to MAX_TEXT characters. */
  pageText(): string {
    const out = new TextOut();
    let pages = 0;
    let allFonts: Map<string, number> | null = null;
    const shown = new Set<number>();
    for (const o of this.objects.values()) {
      if (!/\/Type\s*\/Page(?![a-zA-Z])/.test(o.dict)) continue;
      if (pages++ >= MAX_PAGES || out.full()) break;
      const resources = this.resources(o.dict, null);
      if (resources.fonts.size === 0)
        for (const [name, num] of (allFonts ??= this.allFontNames()))
          resources.fonts.set(name, this.font(num));
      for (const num of this.contentRefs(o.dict)) this.show(num, resources, out, shown, 0);
      out.newline();
    }
    return out.toString();
  }

  /**
   * Runs one content stream (a page's, or a form XObject's it draws, to a depth of
   * MAX_FORM_DEPTH), each stream once however often it is drawn.
   */
  private show(num: number, resources: Resources, out: TextOut, shown: Set<number>, depth: number): void {
    if (shown.has(num) || out.full() || this.contentLeft <= 0) return;
    shown.add(num);
    const stream = this.decode(num)?.slice(0, this.contentLeft);
    if (!stream) return;
    this.contentLeft -= stream.length;
    showPage(stream, resources.fonts, out, (name) => {
      const form = resources.forms.get(name);
      const dict = form === undefined ? '' : this.dict(form);
      if (form !== undefined && depth < MAX_FORM_DEPTH && /\/Subtype\s*\/Form\b/.test(dict))
        this.show(form, this.resources(dict, resources), out, shown, depth + 1);
    });
  }

  /** The fonts and form XObjects a page or form names in its resources, over those it inherits. */
  private resources(dict: string, inherited: Resources | null): Resources {
    const own = this.valueOf(dict, 'Resources');
    const fonts = new Map(inherited?.fonts);
    for (const [name, num] of namedRefs(this.valueOf(own, 'Font'))) fonts.set(name, this.font(num));
    const forms = new Map(inherited?.forms);
    for (const [name, num] of namedRefs(this.valueOf(own, 'XObject'))) forms.set(name, num);
    return { fonts, forms };
  }

  /** The object numbers of a page's content streams (given as one, an array, or an array object). */
  private contentRefs(page: string): number[] {
    const m = /\/Contents\s*(\[[^\]]*\]|\d+\s+\d+\s+R)/.exec(page);
    const refs = [...(m?.[1] ?? '').matchAll(/(\d+)\s+\d+\s+R/g)].map((r) => Number(r[1]));
    const only = refs.length === 1 ? this.objects.get(refs[0] as number) : undefined;
    if (only && !only.stream && only.dict.trim().startsWith('['))
      return [...only.dict.matchAll(/(\d+)\s+\d+\s+R/g)].map((r) => Number(r[1]));
    return refs;
  }

  private unpackObjectStream(num: number): void {
    const o = this.objects.get(num);
    if (!o?.stream || !/\/Type\s*\/ObjStm\b/.test(o.dict)) return;
    const data = this.decode(num);
    const first = Number(/\/First\s+(\d+)/.exec(o.dict)?.[1] ?? NaN);
    if (!data || !Number.isFinite(first)) return;
    const header = data.slice(0, first).trim().split(/\s+/).map(Number);
    for (let i = 0; i + 1 < header.length && this.objects.size < MAX_OBJECTS; i += 2) {
      const inner = header[i] as number;
      const from = first + (header[i + 1] as number);
      const to = i + 3 < header.length ? first + (header[i + 3] as number) : data.length;
      if (!this.objects.has(inner)) this.objects.set(inner, { dict: data.slice(from, to), stream: null });
    }
  }

  private dict(num: number): string {
    return this.objects.get(num)?.dict ?? '';
  }

  /** A stream's bytes, Flate-decoded or as stored; null for other filters, images and fonts. */
  private decode(num: number): string | null {
    if (this.decoded.has(num)) return this.decoded.get(num) ?? null;
    let out: string | null = null;
    const o = this.objects.get(num);
    if (o?.stream && !/\/Subtype\s*\/Image\b|\/Length[123]\b/.test(o.dict)) {
      const bytes = this.raw.subarray(o.stream[0], o.stream[1]);
      const filter = filterOf(o.dict);
      if (filter === '') out = bytes.toString('latin1');
      else if (filter === '/FlateDecode' && this.opened < MAX_STREAMS) {
        this.opened++;
        try {
          out = inflateSync(bytes, {
            maxOutputLength: STREAM_OUTPUT,
            finishFlush: constants.Z_SYNC_FLUSH,
          }).toString('latin1');
        } catch {
          // A damaged or oversized stream is skipped; the rest of the file is still read.
        }
      }
    }
    this.decoded.set(num, out);
    return out;
  }

  /** A value given inline after `/key` (a dictionary or array), or the object it refers to. */
  private valueOf(dict: string, key: string): string {
    const ref = REF(key).exec(dict);
    if (ref) return this.dict(Number(ref[1]));
    const at = new RegExp(`/${key}\\s*(?=<<|\\[)`).exec(dict);
    return at ? balanced(dict, at.index + at[0].length) : '';
  }

  /** Every font name any resource dictionary in the file gives (the first use of a name wins). */
  private allFontNames(): Map<string, number> {
    const names = new Map<string, number>();
    for (const o of this.objects.values())
      if (o.dict.includes('/Font'))
        for (const [name, num] of namedRefs(this.valueOf(o.dict, 'Font')))
          if (!names.has(name)) names.set(name, num);
    return names;
  }

  private font(num: number): Font {
    let font = this.fonts.get(num);
    if (font) return font;
    const dict = this.dict(num);
    const mapRef = REF('ToUnicode').exec(dict);
    const mapText = mapRef ? this.decode(Number(mapRef[1])) : null;
    const toUnicode = mapText ? parseCharMap(mapText) : null;
    const widths = new Map<number, number>();
    let defaultWidth = 500;
    const composite = /\/Subtype\s*\/Type0\b/.test(dict);
    if (composite) {
      const descendant = /(\d+)\s+\d+\s+R/.exec(this.valueOf(dict, 'DescendantFonts'))?.[1];
      const cid = descendant ? this.dict(Number(descendant)) : '';
      defaultWidth = Number(/\/DW\s+([\d.]+)/.exec(cid)?.[1] ?? 1000);
      readCidWidths(this.valueOf(cid, 'W'), widths);
    } else {
      const firstChar = Number(/\/FirstChar\s+(\d+)/.exec(dict)?.[1] ?? 0);
      numbers(this.valueOf(dict, 'Widths')).forEach((w, i) => widths.set(firstChar + i, w));
    }
    font = {
      codeBytes: toUnicode?.codeBytes ?? (composite ? 2 : 1),
      toUnicode,
      widths,
      defaultWidth,
    };
    this.fonts.set(num, font);
    return font;
  }
}

/** A stream's filter as written (`/FlateDecode`; an array of one filter read as that filter). */
function filterOf(dict: string): string {
  return /\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1]?.replace(/[[\]\s]/g, '') ?? '';
}

/** Rows of samples with PNG predictors (a filter byte before each row) undone; null if one is unknown. */
function unpredict(data: Buffer, rowBytes: number, height: number, bpp: number): Buffer | null {
  const out = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    const type = data[y * (rowBytes + 1)];
    const src = y * (rowBytes + 1) + 1;
    const row = y * rowBytes;
    for (let x = 0; x < rowBytes; x++) {
      const raw = data[src + x] as number;
      const left = x >= bpp ? (out[row + x - bpp] as number) : 0;
      const up = y > 0 ? (out[row - rowBytes + x] as number) : 0;
      const upLeft = x >= bpp && y > 0 ? (out[row - rowBytes + x - bpp] as number) : 0;
      let value: number;
      if (type === 0) value = raw;
      else if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else return null;
      out[row + x] = value & 0xff;
    }
  }
  return out;
}

/** Gray (1 or 8 bits) or RGB (8 bits) sample rows as RGBA pixels. */
function toRgba(
  rows: Buffer,
  width: number,
  height: number,
  colors: number,
  bits: number,
  rowBytes: number,
): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const row = y * rowBytes;
      if (bits === 1) data.fill((rows[row + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0, at, at + 3);
      else if (colors === 1) data.fill(rows[row + x]!, at, at + 3);
      else {
        data[at] = rows[row + x * 3]!;
        data[at + 1] = rows[row + x * 3 + 1]!;
        data[at + 2] = rows[row + x * 3 + 2]!;
      }
      data[at + 3] = 255;
    }
  return { data, width, height };
}

/** The names a resource dictionary gives (fonts, XObjects), each with its object's number. */
function namedRefs(dict: string): Map<string, number> {
  const names = new Map<string, number>();
  for (const m of dict.matchAll(/\/([^\s/<>[\]()]+)\s+(\d+)\s+\d+\s+R/g))
    names.set(nameOf(m[1] ?? ''), Number(m[2]));
  return names;
}

/** A name as written in a PDF, its #xx escapes decoded (`C2#5F0` is `C2_0`). */
function nameOf(written: string): string {
  return written.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

function numbers(array: string): number[] {
  return [...array.matchAll(/-?\d*\.?\d+/g)].slice(0, MAX_MAP_ENTRIES).map((m) => Number(m[0]));
}

/** A CID font's /W array: `c [w1 w2 …]` gives widths from c on, `c1 c2 w` one width for a range. */
function readCidWidths(array: string, widths: Map<number, number>): void {
  const tokens = [...array.slice(1).matchAll(/\[|\]|-?\d*\.?\d+/g)].map((m) => m[0]);
  // Entries written, overlapping ranges included: the work a hostile table can ask is bounded.
  let work = 0;
  for (let i = 0; i < tokens.length && work < MAX_MAP_ENTRIES;) {
    const first = Number(tokens[i]);
    if (!Number.isFinite(first)) break;
    if (tokens[i + 1] === '[') {
      let code = first;
      for (i += 2; i < tokens.length && tokens[i] !== ']'; i++, work++) widths.set(code++, Number(tokens[i]));
      i++;
    } else {
      const last = Math.min(Number(tokens[i + 1]), first + MAX_MAP_ENTRIES - work);
      const w = Number(tokens[i + 2]);
      for (let code = first; code <= last; code++, work++) widths.set(code, w);
      i += 3;
    }
  }
}

/** The text from `at` (which opens with `<<` or `[`) to its matching close. */
function balanced(s: string, at: number): string {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '(') {
      for (i++; i < s.length && s[i] !== ')'; i++) if (s[i] === '\\') i++;
    } else if (c === '<' && s[i + 1] === '<') {
      depth++;
      i++;
    } else if (c === '>' && s[i + 1] === '>') {
      depth--;
      i++;
    } else if (c === '[') depth++;
    else if (c === ']') depth--;
    if (depth === 0) return s.slice(at, i + 1);
  }
  return s.slice(at);
}

/** A ToUnicode map: character codes to the text they stand for. */
interface CharMap {
  codeBytes: number;
  chars: Map<number, string>;
}

/**
 * Reads a ToUnicode CMap's single codes (bfchar) and ranges (bfrange), ranges expanded so that
 * a lookup costs one map read; at most MAX_MAP_ENTRIES codes are written, however the ranges
 * overlap, so a hostile map costs bounded work.
 */
function parseCharMap(text: string): CharMap {
  const space = /begincodespacerange\s*<([0-9a-fA-F]+)>/.exec(text);
  const chars = new Map<number, string>();
  let work = 0;
  for (const block of text.matchAll(/beginbfchar([^]*?)endbfchar/g))
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) {
      if (++work > MAX_MAP_ENTRIES) break;
      chars.set(parseInt(m[1] ?? '', 16), utf16(m[2] ?? ''));
    }
  for (const block of text.matchAll(/beginbfrange([^]*?)endbfrange/g))
    for (const m of (block[1] ?? '').matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:<([0-9a-fA-F]*)>|\[([^\]]*)\])/g,
    )) {
      const low = parseInt(m[1] ?? '', 16);
      const high = Math.min(parseInt(m[2] ?? '', 16), low + MAX_MAP_ENTRIES - work);
      const list =
        m[4] === undefined ? null : [...m[4].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => utf16(x[1] ?? ''));
      const units = hexUnits(m[3] ?? '');
      for (let code = low; code <= high; code++, work++) {
        if (list) {
          const c = list[code - low];
          if (c === undefined) break;
          chars.set(code, c);
        } else if (units.length > 0) {
          const u = [...units];
          u[u.length - 1] = (u[u.length - 1] as number) + code - low;
          chars.set(code, String.fromCharCode(...u));
        }
      }
      if (work >= MAX_MAP_ENTRIES) break;
    }
  return { codeBytes: Math.min(4, Math.max(1, Math.ceil((space?.[1]?.length ?? 4) / 2))), chars };
}

function hexUnits(hex: string): number[] {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  if (units.length === 0 && hex.length > 0) units.push(parseInt(hex, 16));
  return units;
}

function utf16(hex: string): string {
  return String.fromCharCode(...hexUnits(hex));
}

/** Windows-1252's printable characters in 0x80–0x9F, which one-byte fonts commonly use. */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x99: '™',
};

/** The page text as it is drawn, with spaces and line breaks where the layout puts them. */
class TextOut {
  private parts: string[] = [];
  private length = 0;
  private last = '\n';

  full(): boolean {
    return this.length >= MAX_TEXT;
  }
  add(s: string): void {
    if (s === '' || this.full()) return;
    this.parts.push(s);
    this.length += s.length;
    this.last = s[s.length - 1] as string;
  }
  space(): void {
    if (this.last !== ' ' && this.last !== '\n') this.add(' ');
  }
  newline(): void {
    if (this.last !== '\n') this.add('\n');
  }
  toString(): string {
    return this.parts
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .slice(0, MAX_TEXT)
      .trim();
  }
}

const INLINE_IMAGE_END = /\sEI(?=\s|$)/g;

type Operand = number | string | { bytes: number[] } | Operand[];

/** Runs a content stream's text operators, writing what they show to `out`. */
function showPage(
  content: string,
  fonts: ReadonlyMap<string, Font>,
  out: TextOut,
  drawForm: (name: string) => void,
): void {
  let font: Font | null = null;
  let size = 12;
  let scale = 1;
  let leading = 0;
  let charSpace = 0;
  let wordSpace = 0;
  let stretch = 1;
  // Positions in user-space units: where the current line starts and where the next glyph goes.
  let lineX = 0;
  let lineY = 0;
  let x = 0;
  const moveTo = (nx: number, ny: number) => {
    const em = Math.abs(size * scale) || 1;
    if (Math.abs(ny - lineY) > em * 0.5) out.newline();
    else if (nx - x > em * 0.15 || nx < x - em * 4) out.space();
    lineX = nx;
    lineY = ny;
    x = nx;
  };
  const show = (s: Operand) => {
    if (typeof s !== 'object' || Array.isArray(s)) return;
    const bytes = s.bytes;
    const n = font?.codeBytes ?? 1;
    for (let i = 0; i + n <= bytes.length; i += n) {
      let code = 0;
      for (let k = 0; k < n; k++) code = code * 256 + (bytes[i + k] as number);
      const mapped = font?.toUnicode?.chars.get(code);
      const ch =
        mapped ?? (n === 1 ? (WIN_ANSI[code] ?? (code >= 0x20 ? String.fromCharCode(code) : ' ')) : '');
      if (ch === ' ') out.space();
      else out.add(ch.replace(/\p{Cc}/gu, ' '));
      const w = font ? (font.widths.get(code) ?? font.defaultWidth) : 500;
      x += ((w / 1000) * size + charSpace + (n === 1 && code === 32 ? wordSpace : 0)) * scale * stretch;
    }
  };
  const stack: Operand[] = [];
  const arrays: Operand[][] = [];
  const push = (o: Operand) => (arrays.length > 0 ? (arrays[arrays.length - 1] as Operand[]) : stack).push(o);
  const num = (i: number) => {
    const v = stack[stack.length - i];
    return typeof v === 'number' ? v : 0;
  };
  let i = 0;
  const len = content.length;
  while (i < len && !out.full()) {
    const c = content[i] as string;
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || c === '\f' || c === '\0') {
      i++;
    } else if (c === '%') {
      while (i < len && content[i] !== '\n' && content[i] !== '\r') i++;
    } else if (c === '(') {
      const end = literalEnd(content, i);
      push({ bytes: literalBytes(content.slice(i + 1, end)) });
      i = end + 1;
    } else if (c === '<' && content[i + 1] === '<') {
      const dict = balanced(content, i);
      i += dict.length;
      push(dict);
    } else if (c === '<') {
      const end = content.indexOf('>', i);
      const hex = content.slice(i + 1, end < 0 ? len : end).replace(/[^0-9a-fA-F]/g, '');
      const bytes: number[] = [];
      for (let k = 0; k < hex.length; k += 2) bytes.push(parseInt(hex.slice(k, k + 2).padEnd(2, '0'), 16));
      i = end < 0 ? len : end + 1;
      push({ bytes });
    } else if (c === '[') {
      arrays.push([]);
      i++;
    } else if (c === ']') {
      const a = arrays.pop() ?? [];
      push(a);
      i++;
    } else if (c === '/') {
      const m = /^\/[^\s/<>[\]()%]*/.exec(content.slice(i, i + 128))?.[0] ?? '/';
      push(m);
      i += m.length;
    } else if (/[-+.\d]/.test(c)) {
      const m = /^[-+]?\d*\.?\d*/.exec(content.slice(i, i + 32))?.[0] ?? c;
      push(Number(m) || 0);
      i += Math.max(1, m.length);
    } else {
      const op = /^[A-Za-z'"*]+/.exec(content.slice(i, i + 16))?.[0] ?? c;
      i += op.length;
      switch (op) {
        case 'BI': {
          // An inline image: its bytes run to EI and are not text.
          INLINE_IMAGE_END.lastIndex = i;
          const end = INLINE_IMAGE_END.exec(content);
          i = end ? end.index + end[0].length : len;
          break;
        }
        case 'Do': {
          const name = stack[stack.length - 1];
          if (typeof name === 'string') drawForm(nameOf(name.slice(1)));
          break;
        }
        case 'BT':
          lineX = lineY = x = 0;
          scale = 1;
          break;
        case 'Tf': {
          const name = stack[stack.length - 2];
          font = typeof name === 'string' ? (fonts.get(nameOf(name.slice(1))) ?? null) : null;
          size = num(1);
          break;
        }
        case 'Tc':
          charSpace = num(1);
          break;
        case 'Tw':
          wordSpace = num(1);
          break;
        case 'Tz':
          stretch = num(1) / 100;
          break;
        case 'TL':
          leading = num(1);
          break;
        case 'TD':
          leading = -num(1);
          moveTo(lineX + num(2) * scale, lineY + num(1) * scale);
          break;
        case 'Td':
          moveTo(lineX + num(2) * scale, lineY + num(1) * scale);
          break;
        case 'Tm': {
          scale = Math.hypot(num(6), num(5)) || 1;
          moveTo(num(2), num(1));
          break;
        }
        case 'T*':
          moveTo(lineX, lineY - leading * scale);
          out.newline();
          break;
        case 'Tj':
          show(stack[stack.length - 1] ?? 0);
          break;
        case "'":
          moveTo(lineX, lineY - leading * scale);
          out.newline();
          show(stack[stack.length - 1] ?? 0);
          break;
        case '"':
          wordSpace = num(3);
          charSpace = num(2);
          moveTo(lineX, lineY - leading * scale);
          out.newline();
          show(stack[stack.length - 1] ?? 0);
          break;
        case 'TJ': {
          const items = stack[stack.length - 1];
          if (Array.isArray(items))
            for (const item of items) {
              if (typeof item === 'number') {
                const shift = (-item / 1000) * size * scale * stretch;
                if (-item > 200) out.space();
                x += shift;
              } else show(item);
            }
          break;
        }
      }
      stack.length = 0;
      arrays.length = 0;
    }
  }
}
