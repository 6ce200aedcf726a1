import type { EmailAttachment } from '../types.js';
import { isPdf, pdfLinks, pdfText } from './pdf.js';
import { readOnce } from './read-once.js';
import { readZipEntries } from './zip.js';

/**
 * An Office Open XML document (Word, Excel, PowerPoint; macro-enabled ones too) read, never
 * opened: the web addresses its hyperlinks open (its relationships' absolute targets) and the
 * pictures it shows (its media folder), out of a ZIP read with bounds (zip.ts). A document
 * sent to carry a link or a QR code takes it past the mail's link checks, as a PDF does.
 */
export interface OfficeDocument {
  /** The web addresses its hyperlinks open, at most MAX_LINKS. */
  links: string[];
  /** Its PNG, JPEG and GIF pictures, as files. */
  pictures: Uint8Array[];
  /** The words its parts show (body, sheets' shared strings, slides), tags taken out. */
  text: string;
}

/**
 * PDF and Office attachments of one message read for links and QR codes (attachments.ts, qr.ts):
 * each costs up to its bounds' work, and a message can attach hundreds.
 */
export const MAX_DOCUMENTS_READ = 8;

/** The PDF and Office attachments of a message that are read: the first MAX_DOCUMENTS_READ. */
export function documentsRead(attachments: readonly EmailAttachment[]): EmailAttachment[] {
  return attachments
    .filter((a) => a.content && (isPdf(a) || isOfficeDocument(a)))
    .slice(0, MAX_DOCUMENTS_READ);
}

/** Fewer words than this and a document's content is not known: a scan, a picture, unreadable. */
export const DOCUMENT_WORDS = 20;

/** The words a PDF or Office attachment shows (read once each: pdf.ts, readOfficeDocument). */
export function documentText(a: EmailAttachment): string {
  if (!a.content) return '';
  if (isPdf(a)) return pdfText(a.content);
  return isOfficeDocument(a) ? readOfficeDocument(a.content).text : '';
}

/** The web addresses a PDF or Office attachment's links open. */
export function documentLinksOf(a: EmailAttachment): string[] {
  if (!a.content) return [];
  if (isPdf(a)) return pdfLinks(a.content);
  return isOfficeDocument(a) ? readOfficeDocument(a.content).links : [];
}

/** Documents larger than this are not read: a lure's is tens or hundreds of KB. */
const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** Parts read per document (relationships, text parts, pictures) and the bytes inflated. */
const MAX_PARTS = 64;
const MAX_PART_BYTES = 4 * 1024 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;
const MAX_LINKS = 50;
const MAX_TEXT = 100_000;

const OFFICE_NAME = /\.(?:doc|dot|xls|xlt|ppt|pps|pot)[xm]\s*$/i;
const OFFICE_TYPE =
  /^application\/vnd\.(?:openxmlformats-officedocument|ms-(?:word|excel|powerpoint)\.[\w.]*macroenabled)/i;

/** Whether an attachment is an Office Open XML document: by name or type, and a ZIP's bytes. */
export function isOfficeDocument(a: Pick<EmailAttachment, 'filename' | 'mimeType' | 'content'>): boolean {
  const c = a.content;
  return (
    (OFFICE_NAME.test(a.filename) || OFFICE_TYPE.test(a.mimeType)) &&
    c != null &&
    c.length > 4 &&
    c[0] === 0x50 &&
    c[1] === 0x4b &&
    c[2] === 0x03 &&
    c[3] === 0x04
  );
}

/** Relationship parts, the parts that hold a document's words, and its pictures. */
const RELS = /(?:^|\/)_rels\/[^/]+\.rels$/i;
const TEXT_PART = /^(?:word\/document\.xml|xl\/sharedStrings\.xml|ppt\/slides\/slide\d+\.xml)$/i;
const MEDIA = /^(?:word|xl|ppt)\/media\/[^/]+\.(?:png|jpe?g|gif)$/i;
/** A relationship element, its attributes in any order. */
const RELATIONSHIP = /<Relationship\b([^>]*)>/gi;

/** A document's reading, once per file: links, QR codes, the bill and its reading as the message ask. */
export const readOfficeDocument = readOnce((content): OfficeDocument => {
  const doc: OfficeDocument = { links: [], pictures: [], text: '' };
  if (content.byteLength <= MAX_DOCUMENT_BYTES) {
    const entries = readZipEntries(content, (n) => RELS.test(n) || TEXT_PART.test(n) || MEDIA.test(n), {
      maxEntries: MAX_PARTS,
      maxEntryBytes: MAX_PART_BYTES,
      maxTotalBytes: MAX_TOTAL_BYTES,
    });
    const decoder = new TextDecoder();
    const texts: string[] = [];
    for (const { name, data } of entries) {
      if (MEDIA.test(name)) doc.pictures.push(data);
      else if (RELS.test(name)) {
        for (const m of decoder.decode(data).matchAll(RELATIONSHIP)) {
          const attrs = m[1] ?? '';
          const target = /\bTarget\s*=\s*"([^"]*)"/i.exec(attrs)?.[1];
          // A hyperlink's target is an absolute address (TargetMode="External"); a part's is a path.
          if (target && /^https?:\/\//i.test(target.trim()))
            if (doc.links.length < MAX_LINKS) doc.links.push(xmlText(target.trim()));
        }
      } else texts.push(wordsOf(decoder.decode(data)));
    }
    doc.links = [...new Set(doc.links)];
    doc.text = texts.join('\n').slice(0, MAX_TEXT);
  }
  return doc;
});

/** A part's words: paragraphs and cells as lines, tags taken out, entities read. */
function wordsOf(xml: string): string {
  return xmlText(
    xml
      .replace(/<\/(?:w:p|a:p|si)>/g, '\n')
      .replace(/<(?:w:tab|w:br)\b[^>]*>/g, ' ')
      .replace(/<[^>]*>/g, ''),
  );
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function xmlText(s: string): string {
  return s.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named = NAMED_ENTITIES[e.toLowerCase()];
    if (named) return named;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
  });
}
