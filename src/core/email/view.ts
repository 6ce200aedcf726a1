import { decodeWords } from 'postal-mime';
import sanitizeHtml from 'sanitize-html';
import { asInternetMessage, parseRawEmail } from './parse.js';
import { attributedResults } from './signals/auth.js';
import type { QrReader } from './qr.js';

/** One stored message as a person reads it: headers, visible text, parts, links, authentication. */
export interface MessageView {
  headers: { name: string; value: string }[];
  text: string;
  has_html: boolean;
  attachments: { filename: string; mime_type: string; size: number }[];
  /**
   * Each link, with the picture (or document) holding it when it was read from a QR code, and
   * the well-known site's open redirect it passes through (`via`), its url where it leads.
   */
  links: { url: string; text: string; qr_picture?: string; via?: string }[];
  /** The Authentication-Results header the analysis read (see attributedResults), if any. */
  authentication: {
    authserv_id: string;
    trusted: boolean;
    spf: string | null;
    dkim: string | null;
    dmarc: string | null;
    arc: string | null;
    header: string;
  } | null;
  warnings: string[];
}

const MAX_HEADERS = 500;
const MAX_HEADER_VALUE = 4096;
const MAX_TEXT = 200_000;

export async function messageView(
  raw: Uint8Array,
  trustedAuthServIds: readonly string[] = [],
  readQrCodes?: QrReader,
): Promise<MessageView> {
  const parsed = await parseRawEmail(raw, { asSent: true, readQrCodes });
  const attributed = attributedResults(parsed.authResults, trustedAuthServIds);
  const verdict = (method: string) =>
    attributed
      ? (new RegExp(`(?:^|[;\\s])${method}=([a-z]+)`, 'i').exec(attributed.header)?.[1]?.toLowerCase() ??
        null)
      : null;
  return {
    // An Outlook item's header fields are those of the message it stands for (outlook-msg.ts).
    headers: headerFields(asInternetMessage(raw)),
    text:
      parsed.text.length > MAX_TEXT
        ? `${parsed.text.slice(0, MAX_TEXT)}\n[… cut at ${MAX_TEXT} characters]`
        : parsed.text,
    has_html: parsed.html !== null && parsed.html.trim() !== '',
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename,
      mime_type: a.mimeType,
      size: a.size,
    })),
    links: parsed.links.map((l) => ({
      url: l.href,
      text: l.source === 'qr' ? '' : l.text,
      ...(l.source === 'qr' ? { qr_picture: l.picture ?? 'a picture' } : {}),
      ...(l.via ? { via: l.via } : {}),
    })),
    authentication: attributed
      ? {
          authserv_id: attributed.authservId,
          trusted: attributed.trusted,
          spf: verdict('spf'),
          dkim: verdict('dkim'),
          dmarc: verdict('dmarc'),
          arc: verdict('arc'),
          header: attributed.header,
        }
      : null,
    warnings: parsed.warnings,
  };
}

/** The header block unfolded, encoded words decoded, in order; bounded in count and length. */
export function headerFields(raw: Uint8Array): MessageView['headers'] {
  const head = Buffer.from(raw.buffer, raw.byteOffset, Math.min(raw.byteLength, 1024 * 1024)).toString(
    'utf8',
  );
  const end = /\r?\n\r?\n/.exec(head)?.index ?? head.length;
  const out: MessageView['headers'] = [];
  for (const line of head.slice(0, end).split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && out.length > 0) {
      const last = out[out.length - 1] as { name: string; value: string };
      if (last.value.length < MAX_HEADER_VALUE) last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    if (out.length >= MAX_HEADERS) break;
    out.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  for (const h of out) {
    h.value = h.value.slice(0, MAX_HEADER_VALUE);
    try {
      h.value = decodeWords(h.value);
    } catch {
      // An undecodable encoded word stays as it was sent.
    }
  }
  return out;
}

/**
 * The message's HTML made inert for a preview of what the recipient saw: no scripts, frames,
 * forms that submit, event handlers or remote resources (only data: images), and links that
 * go nowhere (their target shown as a tooltip). The daemon also serves it with a CSP sandbox
 * and the dashboard frames it with `sandbox=""`: three locks, any one of which suffices.
 */
export function inertHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'center',
      'font',
      'span',
      'style',
      'table',
      'thead',
      'tbody',
      'tfoot',
      'tr',
      'td',
      'th',
      'colgroup',
      'col',
      'hr',
      'input',
      'button',
      'label',
      'select',
      'option',
      'textarea',
    ],
    disallowedTagsMode: 'discard',
    allowedAttributes: {
      '*': [
        'style',
        'class',
        'align',
        'valign',
        'width',
        'height',
        'bgcolor',
        'color',
        'dir',
        'lang',
        'title',
      ],
      a: ['title'],
      img: ['src', 'alt'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
      table: ['border', 'cellpadding', 'cellspacing'],
      font: ['face', 'size'],
      input: ['type', 'value', 'placeholder', 'disabled'],
      button: ['disabled'],
      select: ['disabled'],
      textarea: ['disabled'],
    },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ['data'] },
    allowVulnerableTags: true, // <style> is kept for fidelity; the CSP allows no remote url() loads.
    transformTags: {
      a: (_tag, attribs) => ({
        tagName: 'a',
        attribs: { title: attribs.href ? `Link (not followed): ${attribs.href.slice(0, 500)}` : '' },
      }),
      form: () => ({ tagName: 'div', attribs: {} }),
      input: (_tag, attribs) => ({
        tagName: 'input',
        attribs: {
          ...attribs,
          type: attribs.type === 'password' ? 'password' : 'text',
          disabled: 'disabled',
        },
      }),
      button: (_tag, attribs) => ({ tagName: 'button', attribs: { ...attribs, disabled: 'disabled' } }),
      img: (_tag, attribs) => ({
        tagName: 'img',
        // Remote images would tell the sender the message was opened: shown as their alt text.
        attribs: (attribs.src?.startsWith('data:image/')
          ? { src: attribs.src, alt: attribs.alt ?? '' }
          : { alt: `[remote image blocked${attribs.alt ? `: ${attribs.alt}` : ''}]` }) as Record<
          string,
          string
        >,
      }),
    },
  });
}

/** The Content-Security-Policy the inert preview is served with. */
export const PREVIEW_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'none'; base-uri 'none'";
