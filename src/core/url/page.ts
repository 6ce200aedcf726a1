import { Parser } from 'htmlparser2';
import type { PageFacts } from './types.js';
import { matchesOf } from '../matches.js';

/** Common script redirects: location.href =, location.assign/replace(), window/document.location =. */
const SCRIPT_REDIRECT =
  /(?:window\.|document\.|self\.|top\.)?location(?:\.href)?\s*=\s*(["'`])([^"'`]{1,2000})\1|location\.(?:assign|replace)\(\s*(["'`])([^"'`]{1,2000})\3\s*\)/g;

/** Facts about a fetched HTML page, from a real parser; nothing is executed. */
export function extractPageFacts(html: string): PageFacts {
  let title: string | null = null;
  let inTitle = false;
  let inScript = false;
  let scriptText = '';
  let skip = 0;
  const text: string[] = [];
  const formActions: string[] = [];
  let hasPasswordForm = false;
  let metaRefresh: PageFacts['metaRefresh'] = null;
  const scriptRedirects: string[] = [];
  let externalScripts = 0;

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (name === 'script') {
          if (attrs.src) externalScripts++;
          inScript = true;
          scriptText = '';
        }
        if (name === 'style' || name === 'noscript') skip++;
        if (name === 'form') formActions.push(attrs.action ?? '');
        if (name === 'input' && (attrs.type ?? '').toLowerCase() === 'password') hasPasswordForm = true;
        if (name === 'meta' && (attrs['http-equiv'] ?? '').toLowerCase() === 'refresh' && attrs.content) {
          metaRefresh ??= parseRefresh(attrs.content);
        }
      },
      ontext(data) {
        if (inTitle) title = `${title ?? ''}${data}`;
        else if (inScript) scriptText += data;
        else if (skip === 0 && text.length < 2000) text.push(data);
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'script') {
          inScript = false;
          for (const m of matchesOf(SCRIPT_REDIRECT, scriptText))
            scriptRedirects.push((m[2] ?? m[4] ?? '').trim());
        }
        if ((name === 'style' || name === 'noscript') && skip > 0) skip--;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return {
    title: title ? (title as string).replace(/\s+/g, ' ').trim() : null,
    hasPasswordForm,
    formActions,
    metaRefresh,
    scriptRedirects: [...new Set(scriptRedirects)].slice(0, 10),
    textSample: text.join(' ').replace(/\s+/g, ' ').trim().slice(0, 4000),
    externalScripts,
  };
}

/** `5; url=/next` (Refresh header or meta) → delay and target. */
export function parseRefresh(value: string): { delay: number; url: string } | null {
  const m = /^\s*(\d+(?:\.\d+)?)?\s*[;,]?\s*(?:url\s*=\s*)?(['"]?)(.*?)\2\s*$/i.exec(value);
  if (!m || !m[3]) return null;
  return { delay: Math.round(Number(m[1] ?? 0)), url: m[3] };
}

/** Word-shingle Jaccard similarity of two text samples, 0..1. */
export function textSimilarity(a: string, b: string): number {
  const sh = (s: string) => {
    const w = s.toLowerCase().split(/\W+/).filter(Boolean);
    const out = new Set<string>();
    for (let i = 0; i + 2 < w.length; i++) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
    if (out.size === 0) for (const x of w) out.add(x);
    return out;
  };
  const A = sh(a);
  const B = sh(b);
  if (A.size === 0 && B.size === 0) return 1;
  let inter = 0;
  for (const x of A) if (B.has(x)) inter++;
  return inter / (A.size + B.size - inter);
}
