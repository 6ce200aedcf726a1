import { Parser } from 'htmlparser2';
import type { EmailForm, EmailLink } from './types.js';

export interface HtmlFacts {
  text: string;
  links: EmailLink[];
  forms: EmailForm[];
  hiddenText: string[];
  scriptCount: number;
  imageCount: number;
}

const SKIP = new Set(['script', 'style', 'head', 'title', 'noscript', 'template']);
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
  'section',
  'blockquote',
]);
const HIDDEN_STYLE =
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:px|pt|em)?\s*(?:;|$)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$)|max-height\s*:\s*0/i;
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
  const hiddenText: string[] = [];
  let scriptCount = 0;
  let imageCount = 0;
  let skipDepth = 0;
  const hiddenStack: boolean[] = [];
  let hiddenDepth = 0;
  let currentHidden = '';
  let anchor: { href: string; text: string } | null = null;
  let form: EmailForm | null = null;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIP.has(name)) skipDepth++;
        if (name === 'script') scriptCount++;
        if (name === 'img') imageCount++;
        if (BLOCK.has(name)) text.push('\n');
        if (!VOID.has(name)) {
          const hidden = HIDDEN_STYLE.test(attrs.style ?? '') || 'hidden' in attrs;
          hiddenStack.push(hidden);
          if (hidden) hiddenDepth++;
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
          links.push({ href: attrs.href ?? attrs.src ?? '', text: '', source: 'html' });
        }
      },
      ontext(data) {
        if (skipDepth > 0) return;
        if (hiddenDepth > 0) {
          currentHidden += data;
          return;
        }
        text.push(data);
        if (anchor) anchor.text += data;
      },
      onclosetag(name, implied) {
        if (SKIP.has(name) && skipDepth > 0) skipDepth--;
        if (!VOID.has(name) && hiddenStack.length > 0) {
          if (hiddenStack.pop()) {
            hiddenDepth--;
            if (hiddenDepth === 0 && currentHidden.trim())
              hiddenText.push(collapse(currentHidden).slice(0, 1000));
            if (hiddenDepth === 0) currentHidden = '';
          }
        }
        if (name === 'a' && anchor) {
          links.push({ href: anchor.href, text: collapse(anchor.text), source: 'html' });
          anchor = null;
        }
        if (name === 'form') form = null;
        if (BLOCK.has(name) && !implied) text.push('\n');
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(neutraliseRawText(html));
  parser.end();

  return {
    text: text
      .join('')
      .replace(/[ \t\u00a0\u200b-\u200d\ufeff]+/g, ' ')
      // A whitespace run holding a newline becomes one newline. (Not /\s*\n\s*/: that regex
      // retries every start of a long run without a newline, quadratic on hostile input.)
      .replace(/\s+/g, (run) => (run.includes('\n') ? '\n' : run))
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    links,
    forms,
    hiddenText: hiddenText.filter((t) => t.length >= 20),
    scriptCount,
    imageCount,
  };
}

/**
 * Browsers parse <noframes>, <noembed>, <xmp> and <iframe> content as raw text and render
 * none of it; htmlparser2 parses it as markup, so a `<style>` hidden inside swallows the
 * rest of the page (a filter-evasion trick seen in the wild). Drop those bodies first.
 */
function neutraliseRawText(html: string): string {
  return html.replace(/<(noframes|noembed|xmp|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, (m, tag: string) =>
    tag.toLowerCase() === 'iframe' ? m.replace(/>[\s\S]*<\//, '></') : '',
  );
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'()[\]{}]+/gi;

/** Bare URLs in plain text. */
export function linksInText(text: string): EmailLink[] {
  const out: EmailLink[] = [];
  for (const m of text.matchAll(URL_IN_TEXT)) {
    let href = m[0].replace(/[.,;:!?]+$/, '');
    if (href.toLowerCase().startsWith('www.')) href = `http://${href}`;
    out.push({ href, text: '', source: 'text' });
  }
  return out;
}

export function looksLikeHtml(content: string): boolean {
  return /<(?:html|body|div|p|a|table|br|span|img|font)\b[^>]*>/i.test(content);
}
