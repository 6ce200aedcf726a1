import { Parser } from 'htmlparser2';
import type { EmailForm, EmailLink } from './types.js';
import { TableGrids, type Grid } from './drawn-code.js';
import { matchesOf } from '../matches.js';
import { followLink } from '../url/unwrap.js';

export interface HtmlFacts {
  text: string;
  links: EmailLink[];
  forms: EmailForm[];
  hiddenText: string[];
  scriptCount: number;
  imageCount: number;
  /** Height in px of the tallest element with nothing in it (no text, picture or background); 0 if none. */
  tallestBlank: number;
  /** How far, in px, the furthest first line is moved off the screen to the left (FAR_INDENT_PX); 0 if none. */
  farIndent: number;
  /** Opening tags taken out past MAX_HTML_DEPTH open elements (withinDepth); 0 for real mail. */
  deepTagsDropped: number;
  /**
   * Pictures written into the HTML itself (`<img src="data:image/png;base64,…">`), as those
   * addresses, at most MAX_DATA_PICTURES: read for QR codes (qr.ts), never shown.
   */
  dataPictures: string[];
  /** Tables whose empty cells, coloured black and white, draw a grid (drawn-code.ts). */
  tableGrids: Grid[];
}

/** Pictures written into the HTML kept for reading (qr.ts reads at most three a message). */
const MAX_DATA_PICTURES = 4;
const DATA_PICTURE = /^\s*data:image\/(?:png|jpe?g|gif);base64,/i;

const SKIP = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);
/**
 * Elements a mail client starts and ends a line at. Left out, their texts run together: header
 * cells ("SenderSubject"), list items, the text either side of a rule.
 */
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'td',
  'th',
  'caption',
  'section',
  'blockquote',
  'hr',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'center',
  'header',
  'footer',
  'article',
  'aside',
  'nav',
  'main',
  'pre',
  'address',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'legend',
  'details',
  'summary',
]);
/** Inline styles that hide an element and everything in it. */
const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:!important\s*)?(?:;|$)|max-height\s*:\s*0/i;
/**
 * A font size, which the element's children inherit unless they set their own: text in a
 * font-size:0 element is hidden, but layouts put `font-size:0` on a cell against the gaps
 * between inline blocks and size their text further down, which a reader sees.
 */
const FONT_SIZE = /font-size\s*:\s*([^;]*)/gi;
const ZERO_SIZE = /^0(?:\.0+)?(?:px|pt|em|rem|%)?\s*(?:!important)?\s*$/i;

/**
 * A height, or a vertical padding or margin, of this many px makes an empty element a blank
 * that pushes what follows out of sight: no message needs a screen and more of nothing.
 */
const TALL_BLANK_PX = 1000;
const VERTICAL_SIZE =
  /(?:^|[;\s"'])(?:min-)?(?:height|padding-top|padding-bottom|margin-top|margin-bottom)\s*:\s*(\d{4,6})(?:\.\d+)?px/gi;

/** The largest vertical size of a style, in px, if it reaches TALL_BLANK_PX; 0 otherwise. */
function tallness(style: string): number {
  if (!/\d{4}/.test(style)) return 0;
  let px = 0;
  for (const m of matchesOf(VERTICAL_SIZE, style)) px = Math.max(px, Number(m[1]));
  return px >= TALL_BLANK_PX ? px : 0;
}

/**
 * A first line moved this many px or more to the left (`text-indent: -9999px`) is off any screen:
 * the old trick for showing a picture instead of an element's text, here a picture lure drawn as
 * a link's background, with the text left for filters. Hanging indents of lists are a few dozen px.
 */
const FAR_INDENT_PX = 1000;
const TEXT_INDENT = /text-indent\s*:\s*-\s*(\d*\.?\d+)\s*(px|pt|pc|r?em|in|cm|mm|%)?/gi;
/** CSS units in px, an em as 16 px; -100% (the box's whole width) reads as 1,000 px, out of sight. */
const PX_PER: Record<string, number> = {
  px: 1,
  pt: 4 / 3,
  pc: 16,
  em: 16,
  rem: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  '%': 10,
};

/** How far left a style moves its first line, in px, if that reaches FAR_INDENT_PX; 0 otherwise. */
function farIndent(style: string): number {
  if (!/text-indent/i.test(style)) return 0;
  let px = 0;
  for (const m of matchesOf(TEXT_INDENT, style))
    px = Math.max(px, Number(m[1]) * (PX_PER[(m[2] ?? 'px').toLowerCase()] ?? 1));
  return px >= FAR_INDENT_PX ? Math.round(px) : 0;
}

/** Whether a style's (last) font size is zero; undefined when it sets none. */
function zeroFont(style: string): boolean | undefined {
  if (!/font-size/i.test(style)) return undefined;
  let zero: boolean | undefined;
  for (const m of matchesOf(FONT_SIZE, style)) zero = ZERO_SIZE.test((m[1] ?? '').trim());
  return zero;
}
const VOID = new Set([
  'br',
  'img',
  'input',
  'meta',
  'link',
  'hr',
  'area',
  'base',
  'col',
  'embed',
  'source',
  'track',
  'wbr',
]);

/**
 * Reduces HTML to what a reader sees, and collects links, forms, hidden text and scripts,
 * with a real parser (htmlparser2). Never renders or fetches anything.
 */
export function extractHtml(html: string): HtmlFacts {
  const text: string[] = [];
  const links: EmailLink[] = [];
  const forms: EmailForm[] = [];
  let scriptCount = 0;
  let imageCount = 0;
  const dataPictures: string[] = [];
  const tables = new TableGrids();
  let skipDepth = 0;
  /** Per open element: hidden by its own or an ancestor's style, and whether its font size is zero. */
  const stack: Visibility[] = [{ hidden: false, zero: false }];
  const top = () => stack[stack.length - 1] as Visibility;
  const invisible = (e: Visibility) => e.hidden || e.zero;
  let tallestBlank = 0;
  let furthestIndent = 0;
  /** Open tall elements nothing has been seen inside yet (see TALL_BLANK_PX). */
  let openBlanks = 0;
  /** Something was seen: no open tall element is blank any more. */
  const fillBlanks = () => {
    for (let i = stack.length - 1; i > 0 && openBlanks > 0; i--) {
      const e = stack[i] as Visibility;
      if (e.blank) {
        e.blank = 0;
        openBlanks--;
      }
    }
  };
  let currentHidden = '';
  let hiddenLinkText = '';
  const hiddenBlocks: { text: string; linkText: string }[] = [];
  let anchor: { href: string; text: string } | null = null;
  let form: EmailForm | null = null;
  const sheet = hiddenSelectors(html);
  const flushHidden = () => {
    if (currentHidden.trim()) hiddenBlocks.push({ text: currentHidden, linkText: hiddenLinkText });
    currentHidden = '';
    hiddenLinkText = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIP.has(name)) skipDepth++;
        tables.open(name, attrs);
        if (name === 'script') scriptCount++;
        if (name === 'img') {
          imageCount++;
          if (attrs.src && dataPictures.length < MAX_DATA_PICTURES && DATA_PICTURE.test(attrs.src))
            dataPictures.push(attrs.src);
          if (openBlanks > 0) fillBlanks();
        }
        if (BLOCK.has(name)) text.push('\n');
        if (!VOID.has(name)) {
          const style = attrs.style ?? '';
          const parent = top();
          const fromSheet = sheet ? sheetStyle(sheet, name, attrs) : NO_RULE;
          const hidden = parent.hidden || HIDDEN_STYLE.test(style) || 'hidden' in attrs || fromSheet.hides;
          const zero = zeroFont(style) ?? fromSheet.zero ?? parent.zero;
          furthestIndent = Math.max(furthestIndent, farIndent(style));
          // A picture drawn as a background is something, not a blank.
          const tall = tallness(style);
          const blank = tall && !/url\s*\(/i.test(style) ? tall : 0;
          if (blank) openBlanks++;
          stack.push({ hidden, zero, blank });
        }
        if (name === 'a' && attrs.href) anchor = { href: attrs.href, text: '' };
        if (name === 'form') {
          form = { action: attrs.action ?? '', hasPassword: false };
          forms.push(form);
        }
        if (name === 'input' && (attrs.type ?? '').toLowerCase() === 'password') {
          if (form) form.hasPassword = true;
          else forms.push({ action: '', hasPassword: true });
        }
        if ((name === 'area' || name === 'iframe') && (attrs.href ?? attrs.src)) {
          links.push(linkTo(attrs.href ?? attrs.src ?? '', '', 'html'));
        }
      },
      ontext(data) {
        if (skipDepth > 0) return;
        tables.text(data);
        if (openBlanks > 0 && data.trim()) fillBlanks();
        if (invisible(top())) {
          currentHidden += data;
          if (anchor) hiddenLinkText += data;
          return;
        }
        // Visible text inside a hidden block (a sized child of a font-size:0 cell) ends the block.
        if (data.trim()) flushHidden();
        text.push(data);
        if (anchor) anchor.text += data;
      },
      onclosetag(name, implied) {
        if (SKIP.has(name) && skipDepth > 0) skipDepth--;
        tables.close(name);
        if (!VOID.has(name) && stack.length > 1) {
          const closed = stack.pop() as Visibility;
          if (invisible(closed) && !invisible(top())) flushHidden();
          if (closed.blank) {
            openBlanks--;
            tallestBlank = Math.max(tallestBlank, closed.blank);
          }
        }
        if (name === 'a' && anchor) {
          links.push(linkTo(anchor.href, collapse(anchor.text), 'html'));
          anchor = null;
        }
        if (name === 'form') form = null;
        if (BLOCK.has(name) && !implied) text.push('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  const shallow = withinDepth(neutraliseRawText(html));
  parser.write(shallow.html);
  parser.end();
  flushHidden();

  const visible = text.join('');
  return {
    text: visible
      .replace(/[ \t\u00a0\u200b-\u200d\ufeff]+/g, ' ')
      // A whitespace run holding a newline becomes one newline. (Not /\s*\n\s*/: that regex
      // retries every start of a long run without a newline, quadratic on hostile input.)
      .replace(/\s+/g, (run) => (run.includes('\n') ? '\n' : run))
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    links,
    forms,
    hiddenText: evasiveHidden(hiddenBlocks, visible),
    scriptCount,
    imageCount,
    tallestBlank,
    farIndent: furthestIndent,
    deepTagsDropped: shallow.dropped,
    dataPictures,
    tableGrids: tables.grids,
  };
}

/** Whether an open element's text is hidden by a style, and whether its font size is zero. */
interface Visibility {
  hidden: boolean;
  zero: boolean;
  /** For a tall element nothing has been seen in yet: its height in px (TALL_BLANK_PX); else 0. */
  blank?: number;
}

/**
 * What a message's own style sheets say of a simple selector, keyed "q", ".pad" or "#x": that it
 * hides the element, and the font size it gives it (true when zero; undefined when none).
 */
interface SheetRule {
  hides: boolean;
  zero: boolean | undefined;
}
type Sheet = Map<string, SheetRule>;
const NO_RULE: SheetRule = { hides: false, zero: undefined };

const STYLE_OPEN = /<style\b[^<>]{0,500}>/gi;
const STYLE_CLOSE = /<\/style/gi;
const SIMPLE_SELECTOR = /^([a-z][a-z0-9]*)?(?:([.#])([\w-]+))?$/i;
/**
 * What a sheet rule hides whatever the element's children say. A sheet's font sizes are read
 * separately and inherited like inline ones (`tr {font-size:0}` with sized text further down is
 * a layout, not hiding); max-height:0 is left out (the sheet cannot see the overflow rule).
 */
const SHEET_HIDDEN =
  /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:!important\s*)?(?:;|$)/i;
/** Style sheets read per message, and characters of each: hostile HTML can carry thousands. */
const MAX_SHEETS = 20;
const MAX_SHEET_CHARS = 50_000;

/**
 * What the message's `<style>` sheets hide from every reader: padding that fills a lure's text
 * with words (escaped tag names, a stranger's prose) is hidden by a rule such as `q{display:none}`
 * rather than an inline style. Only simple selectors (a tag, `.class`, `#id`, `tag.class`) of
 * top-level rules count; rules inside `@media` and other at-rules apply only sometimes (a
 * newsletter's mobile copy), and complex selectors are left alone.
 */
function hiddenSelectors(html: string): Sheet | null {
  let sheet: Sheet | null = null;
  // Each sheet's end is searched once from its start (a lazy regex over the whole block would
  // rescan to the end for every unclosed <style>: quadratic on hostile input).
  STYLE_OPEN.lastIndex = 0;
  for (let n = 0; n < MAX_SHEETS; n++) {
    const open = STYLE_OPEN.exec(html);
    if (!open) break;
    STYLE_CLOSE.lastIndex = STYLE_OPEN.lastIndex;
    const close = STYLE_CLOSE.exec(html);
    if (!close) break;
    const block = html.slice(open.index + open[0].length, close.index);
    STYLE_OPEN.lastIndex = close.index;
    const css = withoutAtBlocks(withoutComments(block.slice(0, MAX_SHEET_CHARS)));
    for (const rule of css.split('}')) {
      const brace = rule.indexOf('{');
      if (brace < 0) continue;
      const body = rule.slice(brace + 1);
      const hides = SHEET_HIDDEN.test(body);
      const zero = zeroFont(body);
      if (!hides && zero === undefined) continue;
      for (const raw of rule.slice(0, brace).split(',')) {
        const sel = SIMPLE_SELECTOR.exec(raw.trim());
        if (!sel || (!sel[1] && !sel[3])) continue;
        sheet ??= new Map();
        // tag.class counts as .class: a little broader than the rule, never narrower.
        const key = sel[3] ? `${sel[2]}${sel[3].toLowerCase()}` : (sel[1] ?? '').toLowerCase();
        const known = sheet.get(key);
        // A later rule's font size wins; any rule that hides the selector hides it.
        sheet.set(key, { hides: hides || (known?.hides ?? false), zero: zero ?? known?.zero });
      }
    }
  }
  return sheet;
}

/** CSS without its comments; an unclosed one runs to the end, as in a browser. */
function withoutComments(css: string): string {
  let out = '';
  let i = 0;
  for (let at = css.indexOf('/*'); at >= 0; at = css.indexOf('/*', i)) {
    out += css.slice(i, at);
    const end = css.indexOf('*/', at + 2);
    if (end < 0) return out;
    i = end + 2;
  }
  return out + css.slice(i);
}

/** CSS with every at-rule block (`@media {…}`, `@supports {…}`) removed, nesting included. */
function withoutAtBlocks(css: string): string {
  let out = '';
  // The next '{' and ';' are searched again only once passed, so many at-signs stay linear.
  let open = -2;
  let semi = -2;
  for (let i = 0; i < css.length;) {
    const at = css.indexOf('@', i);
    if (at < 0) {
      out += css.slice(i);
      break;
    }
    out += css.slice(i, at);
    if (open !== -1 && open < at) open = css.indexOf('{', at);
    if (semi !== -1 && semi < at) semi = css.indexOf(';', at);
    if (open < 0 || (semi >= 0 && semi < open)) {
      // `@import …;` or `@charset …;`: a statement, not a block.
      i = semi < 0 ? css.length : semi + 1;
      continue;
    }
    let depth = 0;
    let j = open;
    for (; j < css.length; j++) {
      const c = css.charCodeAt(j);
      if (c === 123) depth++;
      else if (c === 125 && --depth === 0) break;
    }
    i = j + 1;
  }
  return out;
}

/**
 * What the sheet says of an element: hidden when any rule matching it hides it; its font size
 * from the most specific rule that sets one (its id's, then its classes', then its tag's).
 */
function sheetStyle(sheet: Sheet, tag: string, attrs: Record<string, string>): SheetRule {
  let hides = false;
  let zero: boolean | undefined;
  const apply = (r: SheetRule | undefined) => {
    if (!r) return;
    hides ||= r.hides;
    zero ??= r.zero;
  };
  if (attrs.id) apply(sheet.get(`#${attrs.id.toLowerCase()}`));
  if (attrs.class) for (const c of attrs.class.toLowerCase().split(/\s+/)) if (c) apply(sheet.get(`.${c}`));
  apply(sheet.get(tag));
  return { hides, zero };
}

/**
 * Browsers parse <noframes>, <noembed>, <xmp> and <iframe> content as raw text and render
 * none of it; htmlparser2 parses it as markup, so a `<style>` hidden inside swallows the
 * rest of the page (a filter-evasion trick seen in the wild). Drop those bodies first.
 */
function neutraliseRawText(html: string): string {
  if (!RAW_TEXT_OPEN.test(html)) return html;
  const lower = html.toLowerCase();
  /** Tags with no closing tag after some point: none after any later point either. */
  const unclosed = new Set<string>();
  let out = '';
  let copied = 0;
  RAW_TEXT_OPEN.lastIndex = 0;
  // Each element's end is searched once, from its start, and only while one may follow (a lazy
  // expression from every unclosed <iframe> to the end of the text was quadratic: 65,000 of them
  // in a 512 KB part took seconds).
  for (let m = RAW_TEXT_OPEN.exec(html); m; m = RAW_TEXT_OPEN.exec(html)) {
    const tag = (m[1] ?? '').toLowerCase();
    if (unclosed.has(tag)) continue;
    const close = CLOSING[tag] as RegExp;
    close.lastIndex = RAW_TEXT_OPEN.lastIndex;
    const end = close.exec(lower);
    if (!end) {
      unclosed.add(tag);
      continue;
    }
    out += html.slice(copied, m.index) + (tag === 'iframe' ? `${m[0]}${end[0]}` : '');
    copied = end.index + end[0].length;
    RAW_TEXT_OPEN.lastIndex = copied;
  }
  return out + html.slice(copied);
}

const RAW_TEXT_OPEN = /<(noframes|noembed|xmp|iframe)\b[^<>]*>/gi;
const CLOSING: Record<string, RegExp> = Object.fromEntries(
  ['noframes', 'noembed', 'xmp', 'iframe'].map((t) => [t, new RegExp(`</${t}\\s*>`, 'g')]),
);

/** Elements open at once past which an HTML text is cut off (withinDepth). */
export const MAX_HTML_DEPTH = 1000;
/** Not counted as staying open: void elements, and those a parser closes by itself (p, li, td…). */
const UNCOUNTED = new Set([
  ...VOID,
  'p',
  'li',
  'dt',
  'dd',
  'td',
  'th',
  'tr',
  'tbody',
  'thead',
  'tfoot',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rp',
  'colgroup',
  'caption',
]);
/** Elements whose content is text, not tags: skipped to their closing tag. */
const TEXT_CONTENT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'plaintext']);

/** Stray closing tags are taken out under this many open elements (withinDepth). */
const STRAY_DROPPED_FROM = 100;
/** Kept past MAX_HTML_DEPTH, up to twice it: what a reader could click or type into. */
const KEPT_DEEP = new Set(['a', 'form']);

/** Whether the text has more than `n` "<" characters. */
function hasTags(html: string, n: number): boolean {
  let at = -1;
  for (let seen = 0; seen <= n; seen++) {
    at = html.indexOf('<', at + 1);
    if (at < 0) return false;
  }
  return true;
}

/** A letter, digit, ":" or "-": what a tag name is read as. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 45;
}

/**
 * The HTML without the opening tags that would leave more than MAX_HTML_DEPTH elements open at
 * once (links and forms up to twice that), and how many were taken out. Their content stays, read
 * as part of the element above. htmlparser2 keeps its open elements in an array it shifts at the
 * front, so each tag costs as much as the depth: a 512 KB part of nothing but nested `<b>` took
 * 7 s, where real mail nests a few dozen deep (925 at most in the corpus, by this count). Cutting
 * the rest off instead would let a sender hide a lure below a deep enough start.
 * Counted in one pass, as the parser would nest them but roughly: comments and text-only elements
 * are skipped, and a closing tag closes the innermost open element of its name (a stray `</x>`
 * closes nothing, so `<b></x>` repeated nests as deep as `<b>`).
 */
export function withinDepth(html: string): { html: string; dropped: number } {
  // Fewer tags than the depth cannot nest past it, and strays among them cost the parser little.
  if (!hasTags(html, MAX_HTML_DEPTH)) return { html, dropped: 0 };
  let lower: string | null = null;
  /** The open elements' names, as the parser would keep them (roughly). */
  const open: string[] = [];
  /** How many of each name are open. */
  const counts = new Map<string, number>();
  const kept: string[] = [];
  let copied = 0;
  let dropped = 0;
  let i = html.indexOf('<');
  while (i >= 0 && i < html.length - 1) {
    const next = html.charCodeAt(i + 1);
    if (next === 33 /* ! */) {
      const end = html.startsWith('<!--', i) ? html.indexOf('-->', i + 4) : html.indexOf('>', i);
      if (end < 0) break;
      i = html.indexOf('<', end + 1);
      continue;
    }
    const closing = next === 47; /* / */
    let j = i + (closing ? 2 : 1);
    while (j < html.length && isNameChar(html.charCodeAt(j))) j++;
    const name = html.slice(i + (closing ? 2 : 1), j).toLowerCase();
    if (!name) {
      // A "<" in text, not a tag.
      i = html.indexOf('<', i + 1);
      continue;
    }
    const end = html.indexOf('>', j);
    if (end < 0) break;
    if (!UNCOUNTED.has(name)) {
      if (closing) {
        // Closes the innermost element of its name and those inside it. A stray one closes
        // nothing, and deep down it is taken out: the parser would search its open elements
        // for the name at every one (`<b></x>` repeated under 1,000 open elements took 0.3 s).
        if ((counts.get(name) ?? 0) > 0) {
          const at = open.lastIndexOf(name);
          for (const closed of open.splice(at)) counts.set(closed, (counts.get(closed) ?? 1) - 1);
        } else if (open.length >= STRAY_DROPPED_FROM) {
          kept.push(html.slice(copied, i));
          copied = end + 1;
        }
      } else if (html.charCodeAt(end - 1) !== 47 /* / */) {
        const limit = KEPT_DEEP.has(name) ? 2 * MAX_HTML_DEPTH : MAX_HTML_DEPTH;
        if (open.length >= limit) {
          kept.push(html.slice(copied, i));
          copied = end + 1;
          dropped++;
        } else {
          open.push(name);
          counts.set(name, (counts.get(name) ?? 0) + 1);
          if (TEXT_CONTENT.has(name)) {
            lower ??= html.toLowerCase();
            const close = lower.indexOf(`</${name}`, end);
            if (close < 0) break;
            open.pop();
            counts.set(name, (counts.get(name) ?? 1) - 1);
            i = html.indexOf('<', close + 2);
            continue;
          }
        }
      }
    }
    i = html.indexOf('<', end + 1);
  }
  if (copied === 0) return { html, dropped };
  kept.push(html.slice(copied));
  return { html: kept.join(''), dropped };
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * A web address written out, also defanged so no client links it ("hxxps://", "ttps://"): the
 * reader is asked to type it. It ends at a space, a bracket or quote, or the full-width
 * punctuation of Chinese, Japanese and Korean text (、。「」（）！：…), which an address never
 * holds unencoded.
 */
const URL_IN_TEXT =
  /\b(?:(?:https?|hxxps?|ttps?):\/\/|www\.)[^\s<>"'()[\]{}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+/gi;
/**
 * A host's last label in Latin letters with Korean, Japanese or Chinese letters written straight
 * after it (or after its closing dot): the sentence goes on ("example.co.kr에서", Korean for "at
 * example.co.kr"), since no top-level domain mixes the two.
 */
const CJK_AFTER_HOST =
  /^([a-z][a-z0-9+.-]*:\/\/[^/?#\s]*\.[a-z]{2,63})\.?[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}].*$/isu;

/** Bare URLs in plain text. */
export function linksInText(text: string): EmailLink[] {
  const out: EmailLink[] = [];
  for (const m of matchesOf(URL_IN_TEXT, text)) {
    let href = m[0].replace(/[.,;:!?]+$/, '').replace(/^(?:hxxp|ttp)/i, 'http');
    if (href.toLowerCase().startsWith('www.')) href = `http://${href}`;
    href = href.replace(CJK_AFTER_HOST, '$1');
    out.push(linkTo(href, '', 'text'));
  }
  return out;
}

/**
 * A link as found, its address the one it leads to: a link a mail gateway wrapped for checking
 * (Safe Links, URL Defense…) is the address it names (url/unwrap.ts), since the reader reaches
 * that; so is a link through a well-known site's open redirect, which `via` names. Every link
 * the parser finds is made here, so none is missed and the same address shown and linked counts
 * once.
 */
function linkTo(href: string, text: string, source: EmailLink['source']): EmailLink {
  return { ...followLink(href), text, source };
}

/** An HTML message's links, then the addresses written out in its texts that no anchor already has. */
export function withTextLinks(links: readonly EmailLink[], ...texts: string[]): EmailLink[] {
  const out = [...links];
  const key = (href: string) => href.toLowerCase().replace(/\/+$/, '');
  const known = new Set(links.map((l) => key(l.href)));
  for (const text of texts)
    for (const l of linksInText(text)) {
      const k = key(l.href);
      if (known.has(k)) continue;
      known.add(k);
      out.push(l);
    }
  return out;
}

export function looksLikeHtml(content: string): boolean {
  return /<(?:html|body|div|p|a|table|br|span|img|font)\b[^>]*>/i.test(content);
}

// Lone combining and joining marks are what is being matched here, not letters they combine with.
// eslint-disable-next-line no-misleading-character-class
const INVISIBLE = /[\s\u00a0\u034f\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff\u00ad]+/g;
const letters = (t: string) => t.replace(/[^\p{L}\p{N}]/gu, '').length;

/**
 * Hidden blocks that hide words from the reader, leaving out what bulk-mail layouts hide for
 * good reasons (measured on the corpus: 64 of 337 real newsletters tripped the old rule, 10 do
 * now; phishing-pot 392 of 4,000 then, 404 now): spacer runs of invisible characters, the
 * preheader (the first hidden block, a preview line of up to 300 characters), the mobile or
 * desktop copy of text the reader sees anyway, and button rows (mostly link text, such as
 * "Donate $10 · $25 · $50" shown at another screen width).
 */
function evasiveHidden(blocks: { text: string; linkText: string }[], visible: string): string[] {
  // Bounded: each block is looked up in the visible text, and hostile HTML can hide thousands.
  const candidates = blocks
    .slice(0, 200)
    .map((b) => ({ text: collapse(b.text.replace(INVISIBLE, ' ')), links: letters(b.linkText) }))
    .map((b) => ({ ...b, letters: letters(b.text) }))
    .filter((b) => b.letters >= 10)
    .slice(0, 50)
    .filter((b, i) => !(i === 0 && b.text.length <= 300) && b.links < 0.6 * b.letters);
  // Most mail hides nothing past this point: only then is the visible text normalised to compare.
  if (candidates.length === 0) return [];
  const seen = collapse(visible.replace(INVISIBLE, ' ')).toLowerCase();
  return candidates
    .filter((b) => !seen.includes(b.text.toLowerCase().slice(0, 120)))
    .map((b) => b.text.slice(0, 1000));
}

/**
 * The characters of `text` other than white space (as \s has it), counted up to `limit`: the scan
 * stops there, so a long text costs no copy and no full pass (this runs on every HTML message).
 */
export function visibleChars(text: string, limit: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n < limit; i++) if (!isSpace(text.charCodeAt(i))) n++;
  return n;
}

function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
