import { blockArtGrids, gridPixels } from './drawn-code.js';
import { isPdf, pdfPictures, pdfText } from './signals/pdf.js';
import { documentsRead, isOfficeDocument, readOfficeDocument } from './signals/office.js';
import type { EmailLink, ParsedEmail, Picture } from './types.js';
import { followLink } from '../url/unwrap.js';

/**
 * QR codes in a message's pictures and PDFs, and drawn in its HTML or text (drawn-code.ts), read
 * as the links they are. A QR code is a link the mail
 * client cannot show or check: the reader's phone opens it, outside the gateway's link
 * protection and the desktop's filters, and its address cannot be read before it is opened.
 * Phishing that asks the reader to "scan to keep your sign-in" puts its one link there.
 *
 * The reader is given (src/adapters/data/qr-reader.ts: ZXing-C++'s WebAssembly build, which
 * decodes the picture inside its sandbox too); without one no picture is read. A picture is only
 * read when the message may be one of those: its text names a QR code or scanning, or it is
 * mostly pictures (little text of its own). Each picture's size is read from its own header
 * first, and a picture too large to read quickly is left unread, so a hostile message costs a
 * bounded time.
 */

/** The texts of the QR codes in a picture; [] when none is read. */
export type QrReader = (picture: Picture) => Promise<string[]>;

/** At most this many pictures of one message are read. */
export const MAX_QR_PICTURES = 3;
/**
 * What is left to read of a message with the messages attached to it (parse.ts): a message
 * attached five times, each attaching five more, is read within a bound too.
 */
export interface QrBudget {
  pictures: number;
}
/** A picture's file over this size is not read. */
export const MAX_QR_PICTURE_BYTES = 4 * 1024 * 1024;
/** Nor one of more pixels than this (a phone's photo is 12 million). */
export const MAX_QR_PICTURE_PIXELS = 4_000_000;
/** The smallest QR code is 21 modules square. */
const MIN_SIDE = 21;
/** Fewer characters than this (white space aside) and the message is read as mostly pictures. */
const FEW_CHARACTERS = 300;

/**
 * The words for a QR code, for scanning one or for the phone's camera, in the languages the rules
 * read and a few more: "scan the code", "QR-Code scannen", "escanee", "scansiona", "zeskanuj",
 * "сканируйте", "扫码", "use your phone's camera", "câmera".
 */
const QR_WORDS =
  /qr|scan|skan|escane|digitaliz|сканир|二维码|二維碼|扫|掃|読み取|camera|kamera|câmera|cámara|caméra/i;

export interface PictureSize {
  type: 'png' | 'jpeg' | 'gif';
  width: number;
  height: number;
}

/** A PNG's, JPEG's or GIF's size as its header gives it; null for anything else or a broken header. */
export function pictureSize(b: Uint8Array): PictureSize | null {
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { type: 'png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) {
    return { type: 'gif', width: b[6]! | (b[7]! << 8), height: b[8]! | (b[9]! << 8) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpegSize(b);
  return null;
}

/** The frame header's size of a JPEG: its segments walked to the first SOFn marker. */
function jpegSize(b: Uint8Array): PictureSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { type: 'jpeg', height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
    if (marker === 0xda || marker === 0xd9) return null; // scan or end before a frame header
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    i += 2 + ((b[i + 2]! << 8) | b[i + 3]!);
  }
  return null;
}

/** A picture a `data:` address holds, when it is one this reads (pictureReadable); else null. */
function dataPicture(uri: string): Uint8Array | null {
  const comma = uri.indexOf(',');
  // Base64 of MAX_QR_PICTURE_BYTES, with room for line breaks.
  if (comma < 0 || uri.length - comma > MAX_QR_PICTURE_BYTES * 1.4) return null;
  const content = new Uint8Array(Buffer.from(uri.slice(comma + 1), 'base64'));
  return pictureReadable(content) ? content : null;
}

/** A PNG, JPEG or GIF file of a size worth reading and quick to read. */
function pictureReadable(content: Uint8Array): boolean {
  const size = pictureSize(content);
  return (
    size !== null &&
    content.byteLength <= MAX_QR_PICTURE_BYTES &&
    Math.min(size.width, size.height) >= MIN_SIDE &&
    size.width * size.height <= MAX_QR_PICTURE_PIXELS
  );
}

/** A QR code's text as a web address: written with its scheme, or starting "www.". */
export function qrAddress(text: string): string | null {
  const t = text.trim();
  if (/^https?:\/\/[^\s]+$/i.test(t)) return t;
  if (/^www\.[^\s]+$/i.test(t)) return `http://${t}`;
  return null;
}

/** Whether a message is one whose pictures may hold the link: it names scanning, or is mostly pictures. */
function mayCarryQrCode(email: ParsedEmail): boolean {
  if (QR_WORDS.test(email.subject)) return true;
  if (email.attachments.some((a) => QR_WORDS.test(a.filename))) return true;
  return fewOrScanning(email.text);
}

/** A text that names a QR code or scanning, or has fewer than FEW_CHARACTERS (white space aside). */
function fewOrScanning(text: string): boolean {
  if (QR_WORDS.test(text)) return true;
  let chars = 0;
  for (const ch of text) if (ch.trim() !== '' && ++chars >= FEW_CHARACTERS) return false;
  return true;
}

/** Pictures kept as candidates before the squarest are read. */
const MAX_CANDIDATES = 24;

/** How far a picture is from square (0 for a square): a code is square, a banner or a photo is not. */
function offSquare(picture: Picture): number {
  const size = picture instanceof Uint8Array ? pictureSize(picture) : picture;
  return size ? Math.abs(Math.log(size.width / size.height)) : Infinity;
}

/**
 * The web addresses of the QR codes in a message's pictures (attached, shown inline or written
 * into the HTML as `data:` addresses, and those a PDF or an Office document attached holds) and
 * of codes it draws without one (drawn-code.ts), as links whose source is 'qr'. A message's own
 * pictures are read when it names scanning or is mostly pictures; a document's when the message
 * or the document's own text does, or the document shows little text (a page that is one
 * picture); the first MAX_DOCUMENTS_READ documents only. Drawn codes come first, then the
 * squarest pictures, MAX_QR_PICTURES in all: a newsletter's banners are not read before the code
 * among them.
 */
export async function qrLinks(
  email: ParsedEmail,
  read: QrReader | undefined,
  budget: QrBudget = { pictures: MAX_QR_PICTURES },
): Promise<EmailLink[]> {
  if (!read || email.mode !== 'full' || budget.pictures <= 0) return [];
  const drawn: { file: string; picture: Picture }[] = [
    ...(email.tableGrids ?? []).map((grid) => ({
      file: 'a table of coloured cells',
      picture: gridPixels(grid),
    })),
    ...blockArtGrids(email.text).map((grid) => ({
      file: 'block characters in the text',
      picture: gridPixels(grid),
    })),
  ];
  const pictures: { file: string; picture: Picture }[] = [];
  let named: boolean | undefined;
  const messageNames = () => (named ??= mayCarryQrCode(email));
  const documents = new Set(documentsRead(email.attachments));
  for (const a of email.attachments) {
    if (!a.content || pictures.length >= MAX_CANDIDATES) continue;
    if ((isPdf(a) || isOfficeDocument(a)) && !documents.has(a)) continue;
    if (pictureSize(a.content)) {
      if (pictureReadable(a.content) && messageNames())
        pictures.push({ file: a.filename || 'a picture', picture: a.content });
    } else if (isPdf(a)) {
      const held = pdfPictures(a.content, {
        max: MAX_CANDIDATES - pictures.length,
        minSide: MIN_SIDE,
        maxPixels: MAX_QR_PICTURE_PIXELS,
      });
      if (held.length > 0 && (messageNames() || fewOrScanning(pdfText(a.content))))
        for (const picture of held)
          // A JPEG's own header, not the PDF's word for its size, is what its decoder reads.
          if (!(picture instanceof Uint8Array) || pictureReadable(picture))
            pictures.push({ file: a.filename || 'a PDF', picture });
    } else if (isOfficeDocument(a)) {
      const doc = readOfficeDocument(a.content);
      const held = doc.pictures.filter(pictureReadable).slice(0, MAX_CANDIDATES - pictures.length);
      if (held.length > 0 && (messageNames() || fewOrScanning(doc.text)))
        for (const picture of held) pictures.push({ file: a.filename || 'an Office document', picture });
    }
  }
  for (const uri of email.dataPictures ?? []) {
    if (pictures.length >= MAX_CANDIDATES || !messageNames()) break;
    const content = dataPicture(uri);
    if (content) pictures.push({ file: 'a picture in the HTML', picture: content });
  }
  const squarest = pictures.map((p) => ({ ...p, off: offSquare(p.picture) })).sort((a, b) => a.off - b.off);
  const out: EmailLink[] = [];
  const seen = new Set<string>();
  const chosen = [...drawn, ...squarest].slice(0, Math.min(MAX_QR_PICTURES, budget.pictures));
  budget.pictures -= chosen.length;
  for (const { file, picture } of chosen) {
    let texts: string[];
    try {
      texts = await read(picture);
    } catch {
      continue; // a picture that cannot be decoded holds no code we can read
    }
    for (const text of texts) {
      const address = qrAddress(text);
      if (!address) continue;
      // A code's address reaches the reader as a link's does: through any wrapper or redirect.
      const reached = followLink(address);
      if (seen.has(reached.href)) continue;
      seen.add(reached.href);
      out.push({ ...reached, text: '', source: 'qr', picture: file });
    }
  }
  return out;
}
