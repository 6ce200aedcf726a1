import { constants, inflateSync } from 'node:zlib';

/** PDFs larger than this are not read for links (a lure's PDF is a page or two). */
const MAX_PDF_BYTES = 8 * 1024 * 1024;
/** At most this many compressed streams are opened, each to at most STREAM_OUTPUT bytes. */
const MAX_STREAMS = 64;
const STREAM_OUTPUT = 256 * 1024;
/** Links collected per PDF. */
const MAX_LINKS = 20;

const URI = /\/URI\s*\(((?:\\.|[^\\)]){1,2000})\)/g;
const STREAM = /\/FlateDecode[^]{0,400}?stream\r?\n/g;

/**
 * The web addresses a PDF's link annotations open (`/URI (https://…)`), read from the file's
 * plain objects and from its Flate-compressed streams (where object streams keep annotations).
 * Nothing is rendered or fetched; decompression is bounded per stream and in number, so a
 * compression bomb costs at most MAX_STREAMS × STREAM_OUTPUT bytes of work.
 */
export function pdfLinks(content: Uint8Array): string[] {
  if (content.byteLength > MAX_PDF_BYTES) return [];
  const raw = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  if (raw.subarray(0, 1024).indexOf('%PDF-') < 0) return [];
  const text = raw.toString('latin1');
  const found = new Set<string>();
  collect(text, found);
  STREAM.lastIndex = 0;
  let opened = 0;
  for (
    let m = STREAM.exec(text);
    m && opened < MAX_STREAMS && found.size < MAX_LINKS;
    m = STREAM.exec(text)
  ) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    opened++;
    try {
      collect(
        inflateSync(raw.subarray(start, end), {
          maxOutputLength: STREAM_OUTPUT,
          finishFlush: constants.Z_SYNC_FLUSH,
        }).toString('latin1'),
        found,
      );
    } catch {
      // A damaged or oversized stream is skipped; the rest of the file is still read.
    }
    STREAM.lastIndex = end;
  }
  return [...found].slice(0, MAX_LINKS);
}

function collect(text: string, found: Set<string>): void {
  if (!text.includes('/URI')) return;
  URI.lastIndex = 0;
  for (let m = URI.exec(text); m && found.size < MAX_LINKS; m = URI.exec(text)) {
    const uri = unescapePdfString(m[1] ?? '').trim();
    if (/^https?:\/\//i.test(uri)) found.add(uri);
  }
}

/** A PDF literal string's backslash escapes (\( \) \\ and octal codes). */
function unescapePdfString(s: string): string {
  return s.replace(/\\([0-7]{1,3}|.)/g, (_, c: string) =>
    /^[0-7]+$/.test(c) ? String.fromCharCode(parseInt(c, 8)) : c === 'n' ? '\n' : c === 'r' ? '\r' : c,
  );
}
