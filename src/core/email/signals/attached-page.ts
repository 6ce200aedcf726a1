import { Parser } from 'htmlparser2';
import { withinDepth } from '../html.js';
import type { EmailAttachment, ParsedEmail } from '../types.js';
import { LAUNCHER_IN_PAGE } from '../../url/lists.js';
import { readOnce } from './read-once.js';

/**
 * What an attached HTML or SVG page would do if opened, read from its text: never rendered, run
 * or fetched. An HTML attachment opens in the browser from the reader's own disk, so its form,
 * its redirect and the file it may build are out of reach of the link scanning a mail's links
 * get: the fake sign-in page sent as a file, the "voicemail" or "remittance" page that forwards
 * the browser to a phishing site, and HTML smuggling (a program assembled in the browser from
 * text, to pass mail scanning), MITRE ATT&CK T1027.006.
 */
export interface AttachedPage {
  /** Where what is typed into it goes: form actions and script requests to web addresses. */
  sendsTo: string[];
  /** It has a password field. */
  asksPassword: boolean;
  /** Where opening it takes the browser: a script's change of location or a meta refresh. */
  redirectsTo: string[];
  /** Decoding calls it runs on long encoded text (atob, unescape…), by name. */
  decoders: string[];
  /** It builds a file in the browser and hands it over to be saved (HTML smuggling). */
  buildsFile: boolean;
  /** Windows protocol-handler addresses it names (`search-ms:…`, `ms-msdt:…`: url/lists.ts). */
  launches: string[];
  /** Every web address the page names, its decoded layers' included, at most MAX_LINKS. */
  links: string[];
}

/** Pages larger than this are read up to it: a lure's page is tens of KB. */
const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** Encoded layers decoded per page (atob("…"), data: URIs, unescape("%3C…")), one deep each. */
const MAX_LAYERS = 4;
/** An encoded literal this long is a page or script hidden from view, not a token or an icon. */
const LONG_LITERAL = 200;
const MAX_LINKS = 50;
/** Addresses collected per list before duplicates are removed: a page repeating one is bounded. */
const MAX_COLLECTED = 500;

const ACTIVE_PAGE = /\.(html?|xhtml|shtml|svg|mht|mhtml)\s*$/i;

/** Whether an attachment is a page a browser opens: by its name or its declared type. */
export function isAttachedPage(a: Pick<EmailAttachment, 'filename' | 'mimeType'>): boolean {
  const type = a.mimeType.toLowerCase();
  return ACTIVE_PAGE.test(a.filename) || type === 'text/html' || type === 'image/svg+xml';
}

const URL_LITERAL = String.raw`["'\x60](https?:\/\/[^"'\x60\s<>]{3,2000})`;
/** A script sending the browser elsewhere: location = "…", location.replace("…"), window.open("…"). */
const SCRIPT_REDIRECT = new RegExp(
  String.raw`\blocation(?:\.href)?\s*=\s*${URL_LITERAL}|\blocation\.(?:replace|assign)\(\s*${URL_LITERAL}|\bwindow\.open\(\s*${URL_LITERAL}`,
  'gi',
);
/** The target of `<meta http-equiv="refresh" content="0; url=…">`. */
const REFRESH_URL = /\burl\s*=\s*['"]?\s*(https?:\/\/[^"'\s>]+)/i;
/** A script sending data: fetch("…"), xhr.open("POST", "…"), $.post("…"), { url: "…" }, form.action = "…". */
const SCRIPT_SEND = new RegExp(
  String.raw`\bfetch\(\s*${URL_LITERAL}|\.open\(\s*["'](?:POST|GET|PUT)["']\s*,\s*${URL_LITERAL}|\$\.(?:post|ajax|get)\(\s*${URL_LITERAL}|\b(?:url|action)\s*:\s*${URL_LITERAL}|\.action\s*=\s*${URL_LITERAL}`,
  'gi',
);
/** Chat services' APIs that collect a phishing kit's stolen passwords: never a page's own business. */
const COLLECTOR =
  /https?:\/\/(?:api\.telegram\.org\/bot[^"'\s<>]{0,500}|(?:discord(?:app)?\.com)\/api\/webhooks\/[^"'\s<>]{0,500})/gi;
const DECODER: readonly [string, RegExp][] = [
  ['atob', /\batob\s*\(/],
  ['unescape', /\bunescape\s*\(/],
  ['decodeURIComponent', /\bdecodeURIComponent\s*\(/],
  ['String.fromCharCode', /\bfromCharCode\s*\(/],
  ['eval', /\beval\s*\(/],
  ['CryptoJS', /\bCryptoJS\.\w+\.decrypt\s*\(/],
];
/** A file built from text and handed to the reader: a Blob saved or opened through an object URL. */
const BLOB = /\bnew\s+Blob\s*\(/;
const BLOB_SAVED = /createObjectURL|msSaveOrOpenBlob|msSaveBlob|\.download\s*=/;
/** `type="password"` in a script's string, quotes escaped or not. */
const SCRIPTED_PASSWORD = /\btype\s*=\s*\\?["']?password\b/i;
const EMBEDDED_PICTURE = /data:image\/(?!svg)[\w.+-]+;base64,[A-Za-z0-9+/=\s]*/gi;
/** Encoded layers: atob("…") and data: URIs in base64, unescape("%3C…") and the like. */
const BASE64_CALL = /\batob\s*\(\s*["'\x60]([A-Za-z0-9+/=\s]{40,})["'\x60]\s*\)/g;
const DATA_URI =
  /\bdata:(?:text\/html|image\/svg\+xml|application\/xhtml\+xml)[^,"'\s]{0,100};base64,([A-Za-z0-9+/=]{40,})/gi;
const PERCENT_CALL =
  /\b(?:unescape|decodeURIComponent)\s*\(\s*["'\x60]((?:%[0-9a-fA-F]{2}|[^"'\x60%]){40,})["'\x60]\s*\)/g;

/** The web addresses a message's attached pages lead to: what their forms, scripts and links name. */
export function attachedPageLinks(email: Pick<ParsedEmail, 'attachments'>): string[] {
  return email.attachments.flatMap((a) =>
    a.content && isAttachedPage(a) ? readAttachedPage(a.content).links : [],
  );
}

/**
 * A page's reading, once per file: the signals read a page and the stored links
 * (attachedPageLinks, workers/protocol.ts) read the same one after them.
 */
export const readAttachedPage = readOnce(readPage);

function readPage(content: Uint8Array): AttachedPage {
  const page: AttachedPage = {
    sendsTo: [],
    asksPassword: false,
    redirectsTo: [],
    decoders: [],
    buildsFile: false,
    launches: [],
    links: [],
  };
  const first = new TextDecoder('utf-8').decode(content.subarray(0, MAX_PAGE_BYTES));
  const layers = [first, ...decodedLayers(first)];
  for (const layer of layers) readLayer(layer, page);
  for (const key of ['sendsTo', 'redirectsTo', 'decoders', 'launches', 'links'] as const)
    page[key] = [...new Set(page[key])].slice(0, MAX_LINKS);
  return page;
}

function readLayer(text: string, page: AttachedPage): void {
  readTags(text, page);
  // A password field a script writes out ('<input type="password">' in a string).
  if (SCRIPTED_PASSWORD.test(text)) page.asksPassword = true;
  for (const m of text.matchAll(SCRIPT_REDIRECT)) if (!keep(page.redirectsTo, firstGroup(m))) break;
  for (const m of text.matchAll(SCRIPT_SEND)) if (!keep(page.sendsTo, firstGroup(m))) break;
  for (const m of text.matchAll(COLLECTOR)) if (!keep(page.sendsTo, m[0])) break;
  for (const m of text.matchAll(LAUNCHER_IN_PAGE)) if (!keep(page.launches, firstGroup(m))) break;
  // Pictures embedded as data: URIs are long base64 too, and hide nothing.
  if (hasLongEncoded(text.replace(EMBEDDED_PICTURE, '')))
    for (const [name, call] of DECODER) if (call.test(text)) page.decoders.push(name);
  if (BLOB.test(text) && BLOB_SAVED.test(text)) page.buildsFile = true;
  for (const href of [...page.sendsTo, ...page.redirectsTo]) keep(page.links, href);
}

/**
 * The page's elements, read by htmlparser2 (linear in the text, where an expression over tags
 * left open would not be): form targets and password fields, a meta refresh, a link that saves
 * data as a file, and every web address an element names.
 */
function readTags(text: string, page: AttachedPage): void {
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'form' && isWeb(attrs.action)) keep(page.sendsTo, (attrs.action ?? '').trim());
        if (name === 'input' && (attrs.type ?? '').trim().toLowerCase() === 'password')
          page.asksPassword = true;
        if (name === 'meta' && /^\s*refresh\s*$/i.test(attrs['http-equiv'] ?? '')) {
          const url = REFRESH_URL.exec(attrs.content ?? '')?.[1];
          if (url) keep(page.redirectsTo, url);
        }
        if (name === 'a' && 'download' in attrs && /^\s*(?:data|blob):/i.test(attrs.href ?? ''))
          page.buildsFile = true;
        for (const key of ['href', 'src', 'action', 'formaction'])
          if (isWeb(attrs[key])) keep(page.links, (attrs[key] ?? '').trim());
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(withinDepth(text).html);
  parser.end();
}

const isWeb = (href: string | undefined): boolean => /^\s*https?:\/\//i.test(href ?? '');

/** Adds `value` unless `list` already holds MAX_COLLECTED; false once it is full. */
function keep(list: string[], value: string): boolean {
  if (list.length >= MAX_COLLECTED) return false;
  list.push(value);
  return true;
}

/** Whether an address is a chat service's API, where phishing kits send what they collect. */
export function isCollector(href: string): boolean {
  COLLECTOR.lastIndex = 0;
  return COLLECTOR.test(href);
}

const firstGroup = (m: RegExpMatchArray): string => m.slice(1).find((g) => g !== undefined) ?? '';

/** The text of the page's encoded layers, one level deep, at most MAX_LAYERS. */
function decodedLayers(text: string): string[] {
  const out: string[] = [];
  const keep = (decoded: string) => {
    if (out.length < MAX_LAYERS && /[<(]|https?:/.test(decoded)) out.push(decoded);
  };
  for (const m of text.matchAll(BASE64_CALL)) keep(fromBase64(m[1] ?? ''));
  for (const m of text.matchAll(DATA_URI)) keep(fromBase64(m[1] ?? ''));
  for (const m of text.matchAll(PERCENT_CALL)) keep(fromPercent(m[1] ?? ''));
  return out;
}

function fromBase64(s: string): string {
  return new TextDecoder('utf-8').decode(
    Buffer.from(s.replace(/\s+/g, '').slice(0, MAX_PAGE_BYTES), 'base64'),
  );
}

function fromPercent(s: string): string {
  try {
    return decodeURIComponent(s.slice(0, MAX_PAGE_BYTES));
  } catch {
    // unescape's %XX are Latin-1 bytes, which decodeURIComponent refuses unless they are UTF-8.
    return s.replace(/%([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
}

/**
 * Whether the text holds an encoded literal LONG_LITERAL characters long: a run of base64, of
 * %XX or \\xXX escapes, or of character codes ("60,115,99,…"). One pass, so a page of runs just
 * short of the length costs no more than any other.
 */
function hasLongEncoded(text: string): boolean {
  let base64 = 0;
  let codes = 0;
  let commas = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    // %3C and \x3C runs count as one run: '%' and '\\' join it.
    base64 = alnum || c === 43 || c === 47 || c === 37 || c === 92 ? base64 + 1 : 0;
    if ((c >= 48 && c <= 57) || c === 44 || c === 32) {
      codes++;
      if (c === 44) commas++;
    } else {
      codes = 0;
      commas = 0;
    }
    if (base64 >= LONG_LITERAL || (codes >= LONG_LITERAL && commas >= LONG_LITERAL / 4)) return true;
  }
  return false;
}
