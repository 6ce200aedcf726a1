/**
 * Feature identity. A feature ("b:verify", "bb:verify_account") is named by a 53-bit key made
 * of two independent 32-bit FNV-1a hashes of its text, so distinct words practically never
 * share a weight (the old 2^18 hash slots mixed a rare word with whatever shared its slot).
 */
import { foldedWord } from './words.js';

const FNV_PRIME = 0x01000193;
const OFFSET_1 = 0x811c9dc5;
const OFFSET_2 = 0x2f6b7c1d;
const HIGH = 2 ** 21;

function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return h;
}

/** A final avalanche so the two hashes do not share low-bit structure. */
function avalanche(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

function hashWith(offset: number, prefix: string, a: string, b?: string): number {
  let h = fnv(fnv(offset, prefix), a);
  if (b !== undefined) h = fnv(pairJoin(h), b);
  return avalanche(h);
}

/** The key of the feature whose text is `prefix + a` or `prefix + a + '_' + b`. */
export function featureKey(prefix: string, a: string, b?: string): number {
  return hashWith(OFFSET_1, prefix, a, b) * HIGH + (hashWith(OFFSET_2, prefix, a, b) >>> 11);
}

/*
 * The same keys computed a character at a time, for a reader that never makes the word a string
 * (body-words.ts): start both hashes at `prefixStates`, feed each character code with `fnvStep`
 * (a pair: the first word, then `pairJoin`, then the second), and `keyOfStates` gives featureKey's key.
 */
/** Both hashes' states after a prefix. */
export function prefixStates(prefix: string): [number, number] {
  return [fnv(OFFSET_1, prefix), fnv(OFFSET_2, prefix)];
}
/** One character code into a hash state. */
export const fnvStep = (h: number, code: number): number => Math.imul(h ^ code, FNV_PRIME);
/** A pair's first word's state, continued by the "_" that joins it to the second. */
export const pairJoin = (h: number): number => fnvStep(h, 95);
/** The key of two finished hash states. */
export function keyOfStates(h1: number, h2: number): number {
  return avalanche(h1) * HIGH + (avalanche(h2) >>> 11);
}

/** The key of a feature given as its full text ("bb:verify_account"). */
export function featureKeyOf(text: string): number {
  const colon = text.indexOf(':');
  return featureKey(text.slice(0, colon + 1), text.slice(colon + 1));
}

/** Slot of a key in a power-of-two open-addressing table. */
export function keySlot(key: number, mask: number): number {
  return Math.floor(key / HIGH) & mask;
}

/**
 * A set of feature keys in a typed table (open addressing). A key is a double past 2^31, which a
 * `Set<number>` boxes to look up: body-words.ts read the dev corpus 2-3 µs a message faster
 * with this (18.5-20.3 against 21.6-22.7 µs).
 */
export class KeySet {
  readonly #table: Float64Array;
  readonly #mask: number;

  constructor(keys: Iterable<number>) {
    const all = [...new Set(keys)];
    let size = 64;
    while (size < all.length * 4) size *= 2;
    this.#mask = size - 1;
    this.#table = new Float64Array(size).fill(-1);
    for (const key of all) {
      let slot = keySlot(key, this.#mask);
      while (this.#table[slot] !== -1) slot = (slot + 1) & this.#mask;
      this.#table[slot] = key;
    }
  }

  has(key: number): boolean {
    for (let slot = keySlot(key, this.#mask); ; slot = (slot + 1) & this.#mask) {
      const k = this.#table[slot];
      if (k === key) return true;
      if (k === -1) return false;
    }
  }
}

/** Features made of the message's words; every other feature (signals, relations, counts) is structural. */
export const WORD_PREFIXES: ReadonlySet<string> = new Set(['s:', 'b:', 'bb:', 'n:', 'up:']);

/** Messages with fewer known word features than this are scored as if they had this many. */
export const NORM_FLOOR = 30;

/**
 * Beyond this many known word features a message's wording weighs as its average word times
 * √WORD_REACH: a long newsletter's thousand words are not a thousand pieces of evidence, and
 * summed under √words their slight lean towards phishing grew with every paragraph (since rules
 * 2.34.0: newsletters left out of training 6.82% → 5.64% flagged, forward recall unchanged).
 */
export const WORD_REACH = 250;
const REACH_ROOT = Math.sqrt(WORD_REACH);

/**
 * The weight of each word feature in a message with `words` known word features. Wording is
 * averaged over the text (its scale falls with length, and a message the model barely knows,
 * in another script or of a few words, is not decided by one or two of them); structural
 * evidence counts in full whatever the length.
 */
export function wordScale(words: number): number {
  if (words > WORD_REACH) return REACH_ROOT / words;
  return 1 / Math.sqrt(Math.max(NORM_FLOOR, words));
}

/** Receives each feature as parts; its text is `prefix + a`, or `prefix + a + '_' + b`. */
export interface FeatureSink {
  add(prefix: string, a: string, b?: string): void;
  /**
   * A feature by its key, its words given by place (body-words.ts): the word `text.slice(start,
   * end)`, and for a pair the second word `text.slice(secondStart, secondEnd)` (-1 for a single
   * word), each spelled as foldedWord spells it. A sink without it gets those features by `add`.
   */
  addSpan?(
    prefix: string,
    key: number,
    text: string,
    start: number,
    end: number,
    secondStart: number,
    secondEnd: number,
  ): void;
}

const TABLE_BITS = 15;

/**
 * What may stand between a pair's two words for it to be quoted as one phrase: up to three
 * words on one line.
 */
const PHRASE_GAP = /^[ \t]+(?:[\p{L}\p{M}'’-]+[ \t]+){0,3}$/u;
/**
 * The stand-ins the normaliser (features.ts) writes for each address and link in the text, so
 * their parts never become words: never features, never quoted, not the message's words.
 */
export const PLACEHOLDERS: ReadonlySet<string> = new Set(['emailaddr', 'urladdr']);

/**
 * Collects a message's distinct feature keys in first-seen order, keeping each one's parts so
 * an explanation can name it. Reusable: `reset()` starts the next message without clearing
 * the table (a generation stamp per slot).
 */
export class FeatureCollector implements FeatureSink {
  keys = new Float64Array(4096);
  count = 0;
  readonly #tableKeys = new Float64Array(1 << TABLE_BITS);
  readonly #tableGen = new Uint32Array(1 << TABLE_BITS);
  #generation = 1;
  readonly #prefix: string[] = [];
  readonly #a: string[] = [];
  readonly #b: (string | undefined)[] = [];
  /** For a feature added by place: the text its words are in, and their spans (4 per feature). */
  readonly #text: (string | undefined)[] = [];
  #spans = new Int32Array(4 * 4096);

  reset(): void {
    this.count = 0;
    if (++this.#generation === 0xffffffff) {
      this.#tableGen.fill(0);
      this.#generation = 1;
    }
  }

  add(prefix: string, a: string, b?: string): void {
    if (this.#insert(featureKey(prefix, a, b))) {
      this.#prefix[this.count] = prefix;
      this.#a[this.count] = a;
      this.#b[this.count] = b;
      this.#text[this.count] = undefined;
      this.count++;
    }
  }

  addSpan(
    prefix: string,
    key: number,
    text: string,
    start: number,
    end: number,
    secondStart: number,
    secondEnd: number,
  ): void {
    if (this.#insert(key)) {
      const at = 4 * this.count;
      if (at + 4 > this.#spans.length) {
        const grown = new Int32Array(this.#spans.length * 2);
        grown.set(this.#spans);
        this.#spans = grown;
      }
      this.#spans[at] = start;
      this.#spans[at + 1] = end;
      this.#spans[at + 2] = secondStart;
      this.#spans[at + 3] = secondEnd;
      this.#prefix[this.count] = prefix;
      this.#text[this.count] = text;
      this.count++;
    }
  }

  /** Records a new key and says so; false when the message already has it or has too many. */
  #insert(key: number): boolean {
    // Past half the table a message has more distinct features than the model ever reads.
    if (this.count >= 1 << (TABLE_BITS - 1)) return false;
    const mask = (1 << TABLE_BITS) - 1;
    let slot = keySlot(key, mask);
    while (this.#tableGen[slot] === this.#generation) {
      if (this.#tableKeys[slot] === key) return false;
      slot = (slot + 1) & mask;
    }
    this.#tableGen[slot] = this.#generation;
    this.#tableKeys[slot] = key;
    if (this.count === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    this.keys[this.count] = key;
    return true;
  }

  /** The i-th feature's prefix ("b:", "bb:", "sig:", …). */
  prefix(i: number): string {
    return this.#prefix[i] ?? '';
  }

  /** The i-th feature's words, bigrams joined by a space. */
  words(i: number): string {
    const [a, b] = this.#parts(i);
    return b === undefined ? a : `${a} ${b}`;
  }

  /**
   * The i-th feature's words as the message writes them, for quoting to a reader: a pair read
   * across the function words the model skips is quoted with them ("click the link", not
   * "click link"), and where a line break, punctuation or more than three words stand between
   * its two words, with "…" between them ("approved … ignore"), since no such phrase is in the
   * message. Words added by value (the subject's, the sender's name) are quoted as words() has
   * them.
   */
  quote(i: number): string {
    const text = this.#text[i];
    if (text === undefined) return this.words(i);
    const s = this.#spans.subarray(4 * i, 4 * i + 4);
    const first = text.slice(s[0], s[1]);
    if ((s[2] as number) < 0) return first;
    const gap = text.slice(s[1], s[2]);
    const second = text.slice(s[2], s[3]);
    return PHRASE_GAP.test(gap) &&
      !gap
        .trim()
        .split(/[ \t]+/)
        .some((w) => PLACEHOLDERS.has(w))
      ? `${first}${gap.replace(/[ \t]+/g, ' ')}${second}`
      : `${first} … ${second}`;
  }

  /** The i-th feature's full text, as featureKeyOf reads it. */
  text(i: number): string {
    const [a, b] = this.#parts(i);
    return `${this.#prefix[i] ?? ''}${a}${b === undefined ? '' : `_${b}`}`;
  }

  #parts(i: number): [string, string | undefined] {
    const text = this.#text[i];
    if (text === undefined) return [this.#a[i] ?? '', this.#b[i]];
    const s = this.#spans.subarray(4 * i, 4 * i + 4);
    const a = foldedWord(text.slice(s[0], s[1]));
    return [a, (s[2] as number) < 0 ? undefined : foldedWord(text.slice(s[2], s[3]))];
  }
}
