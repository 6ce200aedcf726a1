/**
 * The model's word tokenizer. A word is a run of letters, numbers and the joiners ' ’ - (Unicode
 * letters and numbers, any script); each run of numbers reads as "0" (years and amounts must not
 * become features); joiners at either end go. It reads the text once, character by character:
 * splitting on a Unicode class and folding digits with a second expression was the model step's
 * largest cost.
 */

export const SEPARATOR = 1;
export const LETTER = 2;
export const NUMBER = 3;
export const JOINER = 4;

/** Each BMP code unit's kind, learnt on first sight (0: not seen yet). */
const KIND = new Uint8Array(0x10000);
for (let c = 0; c < 128; c++) KIND[c] = SEPARATOR;
for (let c = 65; c <= 90; c++) KIND[c] = LETTER;
for (let c = 97; c <= 122; c++) KIND[c] = LETTER;
for (let c = 48; c <= 57; c++) KIND[c] = NUMBER;
KIND[39] = JOINER; // '
KIND[45] = JOINER; // -
KIND[0x2019] = JOINER; // ’

const IS_LETTER = /^\p{L}$/u;
const IS_NUMBER = /^\p{N}$/u;
const kindOf = (ch: string) => (IS_LETTER.test(ch) ? LETTER : IS_NUMBER.test(ch) ? NUMBER : SEPARATOR);
/**
 * Kinds of code points beyond the BMP (mathematical letters and digits, other scripts), up to a
 * bound: a hostile message with thousands of distinct ones must not grow a daemon's memory.
 */
const ASTRAL = new Map<number, number>();
const MAX_ASTRAL = 4096;

function astralKind(text: string, i: number): number {
  const cp = text.codePointAt(i) as number;
  let kind = ASTRAL.get(cp);
  if (kind === undefined) {
    kind = kindOf(String.fromCodePoint(cp));
    if (ASTRAL.size < MAX_ASTRAL) ASTRAL.set(cp, kind);
  }
  return kind;
}

/** The kind of a code unit outside the surrogates. */
function bmpKind(c: number): number {
  const kind = KIND[c] as number;
  return kind !== 0 ? kind : (KIND[c] = kindOf(String.fromCharCode(c)));
}

/** Whether a surrogate pair (one character beyond the BMP, two code units) starts at `i`. */
export function pairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
}

/**
 * The kind of the character at `i`, whose first code unit is `c`: a pair of surrogates is one
 * character beyond the BMP, a lone surrogate separates. Its width is 2 when `c` starts a pair and
 * the kind is not SEPARATOR (a separator read one unit at a time separates all the same).
 */
export function kindAt(text: string, i: number, c: number): number {
  if (c < 0xd800 || c > 0xdfff) return bmpKind(c);
  return pairAt(text, i) ? astralKind(text, i) : SEPARATOR;
}
/** The width in code units of a character of kind `kind` whose first code unit is `c` (kindAt). */
export const widthOf = (c: number, kind: number): number =>
  c >= 0xd800 && c <= 0xdbff && kind !== SEPARATOR ? 2 : 1;

/** The words of `text`, joiners trimmed and numbers folded, in order. */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  const n = text.length;
  /** The current word's folded text before `from`. */
  let head = '';
  /** Where the unfolded rest of the current word starts; -1 outside a word. */
  let from = -1;
  let inNumber = false;
  for (let i = 0; i < n;) {
    const c = text.charCodeAt(i);
    const kind = kindAt(text, i, c);
    const width = widthOf(c, kind);
    if (kind === SEPARATOR) {
      if (from >= 0) {
        push(inNumber ? head : head + text.slice(from, i), out);
        head = '';
        from = -1;
        inNumber = false;
      }
    } else if (kind === NUMBER) {
      if (from < 0) {
        head = '0';
        from = i;
        inNumber = true;
      } else if (!inNumber) {
        head += `${text.slice(from, i)}0`;
        inNumber = true;
      }
    } else if (from < 0) from = i;
    else if (inNumber) {
      from = i;
      inNumber = false;
    }
    i += width;
  }
  if (from >= 0) push(inNumber ? head : head + text.slice(from), out);
  return out;
}

/** A word as wordTokens spells it, from its span in the text (its first to its last non-joiner). */
export function foldedWord(span: string): string {
  let out = '';
  let inNumber = false;
  for (let i = 0; i < span.length;) {
    const c = span.charCodeAt(i);
    const kind = kindAt(span, i, c);
    const width = widthOf(c, kind);
    if (kind !== NUMBER) out += span.slice(i, i + width);
    else if (!inNumber) out += '0';
    inNumber = kind === NUMBER;
    i += width;
  }
  return out;
}

const isJoiner = (c: number) => c === 39 || c === 45 || c === 0x2019;

/** Words longer than this (after leading joiners) are not words: encoded blobs, hashes. */
export const MAX_WORD = 30;

function push(raw: string, out: string[]): void {
  let start = 0;
  while (start < raw.length && isJoiner(raw.charCodeAt(start))) start++;
  if (start === raw.length || raw.length - start > MAX_WORD) return;
  let end = raw.length;
  while (isJoiner(raw.charCodeAt(end - 1))) end--;
  out.push(start === 0 && end === raw.length ? raw : raw.slice(start, end));
}
