/**
 * Feature identity. A feature ("b:verify", "bb:verify_account") is named by a 53-bit key made
 * of two independent 32-bit FNV-1a hashes of its text, so distinct words practically never
 * share a weight (the old 2^18 hash slots mixed a rare word with whatever shared its slot).
 */
const FNV_PRIME = 0x01000193;
const OFFSET_1 = 0x811c9dc5;
const OFFSET_2 = 0x2f6b7c1d;
const HIGH = 2 ** 21;

function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

function hashWith(offset: number, prefix: string, a: string, b?: string): number {
  let h = fnv(fnv(offset, prefix), a);
  if (b !== undefined) h = fnv(Math.imul(h ^ 95, FNV_PRIME), b);
  // A final avalanche so the two hashes do not share low-bit structure.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** The key of the feature whose text is `prefix + a` or `prefix + a + '_' + b`. */
export function featureKey(prefix: string, a: string, b?: string): number {
  return hashWith(OFFSET_1, prefix, a, b) * HIGH + (hashWith(OFFSET_2, prefix, a, b) >>> 11);
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

/** Features made of the message's words; every other feature (signals, relations, counts) is structural. */
export const WORD_PREFIXES: ReadonlySet<string> = new Set(['s:', 'b:', 'bb:', 'n:', 'up:']);

/** Messages with fewer known word features than this are scored as if they had this many. */
export const NORM_FLOOR = 30;

/**
 * The weight of each word feature in a message with `words` known word features. Wording is
 * averaged over the text (its scale falls with length, and a message the model barely knows,
 * in another script or of a few words, is not decided by one or two of them); structural
 * evidence counts in full whatever the length.
 */
export function wordScale(words: number): number {
  return 1 / Math.sqrt(Math.max(NORM_FLOOR, words));
}

/** Receives each feature as parts; its text is `prefix + a`, or `prefix + a + '_' + b`. */
export interface FeatureSink {
  add(prefix: string, a: string, b?: string): void;
}

const TABLE_BITS = 15;

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

  reset(): void {
    this.count = 0;
    if (++this.#generation === 0xffffffff) {
      this.#tableGen.fill(0);
      this.#generation = 1;
    }
  }

  add(prefix: string, a: string, b?: string): void {
    // Past half the table a message has more distinct features than the model ever reads.
    if (this.count >= 1 << (TABLE_BITS - 1)) return;
    const key = featureKey(prefix, a, b);
    const mask = (1 << TABLE_BITS) - 1;
    let slot = keySlot(key, mask);
    while (this.#tableGen[slot] === this.#generation) {
      if (this.#tableKeys[slot] === key) return;
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
    this.#prefix[this.count] = prefix;
    this.#a[this.count] = a;
    this.#b[this.count] = b;
    this.count++;
  }

  /** The i-th feature's prefix ("b:", "bb:", "sig:", …). */
  prefix(i: number): string {
    return this.#prefix[i] ?? '';
  }

  /** The i-th feature's words, bigrams joined by a space. */
  words(i: number): string {
    const b = this.#b[i];
    return b === undefined ? (this.#a[i] ?? '') : `${this.#a[i] ?? ''} ${b}`;
  }

  /** The i-th feature's full text, as featureKeyOf reads it. */
  text(i: number): string {
    const b = this.#b[i];
    return `${this.#prefix[i] ?? ''}${this.#a[i] ?? ''}${b === undefined ? '' : `_${b}`}`;
  }
}
