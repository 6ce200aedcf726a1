import { z } from 'zod';
import {
  FeatureCollector,
  keySlot,
  PLACEHOLDERS,
  WORD_PREFIXES,
  wordScale,
  type FeatureSink,
} from './feature-keys.js';
import { namesAReason } from './reasons.js';

export const ModelFileSchema = z.object({
  format: z.literal('phishguard-logreg-v2'),
  bias: z.number(),
  calibration: z.object({ a: z.number(), b: z.number() }),
  /** Feature keys (Float64, little-endian) and their weights (Float32), same order. */
  keys_b64: z.string(),
  weights_b64: z.string(),
  checksum: z.string(),
  /**
   * A second head over the same features, unsolicited mail (spam, and since model 27884e70
   * phishing too) against legitimate mail: junk the phishing score leaves SAFE is scored LOW
   * instead. Optional: older files lack it.
   */
  spam: z
    .object({
      bias: z.number(),
      calibration: z.object({ a: z.number(), b: z.number() }),
      keys_b64: z.string(),
      weights_b64: z.string(),
    })
    .optional(),
  trained_at: z.string(),
  training: z.record(z.string(), z.unknown()),
});
export type ModelFile = z.infer<typeof ModelFileSchema>;

export interface ModelPrediction {
  /** Calibrated probability that the message is phishing. */
  probability: number;
  /** Words of the message that pushed the score up most, as a person would recognise them. */
  topTerms: string[];
  /** Calibrated probability that the message is unsolicited bulk mail (null without a spam head). */
  spamProbability: number | null;
}

/** A trained linear model over an exact feature vocabulary, calibrated with Platt scaling. */
export class PhishingModel {
  /** Scratch space for one message at a time (scoring is synchronous, one model per thread). */
  readonly #collector = new FeatureCollector();
  /**
   * This model's and its spam head's weights in one open-addressing table of 16-byte slots: the
   * key (Float64 at `[2 * slot]` of #keys) and the two weights (Float32 at `[4 * slot + 2]` and
   * `[4 * slot + 3]` of #weights, NaN where a head lacks the feature). One cache line per feature
   * for both heads, where scoring meets tables that parsing has pushed out of cache.
   */
  readonly #keys: Float64Array;
  readonly #weights: Float32Array;
  readonly #mask: number;
  /**
   * One bit per value of a key's low 17 bits, set for the keys the table holds: most of a
   * message's features are words no head learned, and this 16 KiB filter turns those away
   * without touching the table.
   */
  readonly #known = new Int32Array(FILTER_BITS / 32);
  /** How many keys the table holds. */
  #count = 0;

  constructor(
    keys: Float64Array,
    weights: Float32Array,
    readonly bias: number,
    readonly calibration: { a: number; b: number },
    readonly checksum: string,
    /** The spam head: the same kind of model, scored over the features this model has collected. */
    readonly spam: PhishingModel | null = null,
  ) {
    if (keys.length !== weights.length) throw new Error('model keys and weights differ in length');
    // The table holds the keys of both heads: the spam head's, and this head's that it lacks.
    let distinct = keys.length;
    if (spam) {
      distinct = spam.#count;
      for (let i = 0; i < keys.length; i++) if (spam.#slotOf(keys[i] as number) < 0) distinct++;
    }
    let size = 1024;
    while (size < distinct * 1.5) size *= 2;
    this.#mask = size - 1;
    const buffer = new ArrayBuffer(size * 16);
    this.#keys = new Float64Array(buffer).fill(-1);
    this.#weights = new Float32Array(buffer);
    // A Float32 weight is exactly a Float64 one: every score is unchanged.
    for (let i = 0; i < keys.length; i++) this.#set(keys[i] as number, weights[i] as number, PHISHING);
    if (spam)
      for (let slot = 0; slot <= spam.#mask; slot++) {
        const weight = spam.#weights[4 * slot + PHISHING] as number;
        if (spam.#keys[2 * slot] !== -1 && !Number.isNaN(weight))
          this.#set(spam.#keys[2 * slot] as number, weight, SPAM);
      }
  }

  /** Sets one head's weight of a key (`head`: PHISHING or SPAM); a repeated key keeps its last weight. */
  #set(key: number, weight: number, head: number): void {
    let slot = keySlot(key, this.#mask);
    while (this.#keys[2 * slot] !== -1 && this.#keys[2 * slot] !== key) slot = (slot + 1) & this.#mask;
    if (this.#keys[2 * slot] === -1) {
      this.#keys[2 * slot] = key;
      this.#weights[4 * slot + PHISHING] = NaN;
      this.#weights[4 * slot + SPAM] = NaN;
      this.#count++;
      const bit = key % FILTER_BITS;
      this.#known[bit >>> 5] = (this.#known[bit >>> 5] as number) | (1 << (bit & 31));
    }
    this.#weights[4 * slot + head] = weight;
  }

  static fromFile(file: ModelFile): PhishingModel {
    const keys = new Float64Array(bytesOf(file.keys_b64));
    const weights = new Float32Array(bytesOf(file.weights_b64));
    const spam = file.spam
      ? new PhishingModel(
          new Float64Array(bytesOf(file.spam.keys_b64)),
          new Float32Array(bytesOf(file.spam.weights_b64)),
          file.spam.bias,
          file.spam.calibration,
          'spam',
        )
      : null;
    return new PhishingModel(keys, weights, file.bias, file.calibration, file.checksum, spam);
  }

  /** The weight of a feature key, or undefined when the model does not know it. */
  weight(key: number): number | undefined {
    const slot = this.#slotOf(key);
    const weight = slot < 0 ? NaN : (this.#weights[4 * slot + PHISHING] as number);
    return Number.isNaN(weight) ? undefined : weight;
  }

  /** The table slot holding `key`, or -1. */
  #slotOf(key: number): number {
    const bit = key % FILTER_BITS;
    if (((this.#known[bit >>> 5] as number) & (1 << (bit & 31))) === 0) return -1;
    const keys = this.#keys;
    for (let slot = keySlot(key, this.#mask); ; slot = (slot + 1) & this.#mask) {
      const k = keys[2 * slot];
      if (k === key) return slot;
      if (k === -1) return -1;
    }
  }

  /** The calibrated probability of a raw margin. */
  calibrate(margin: number): number {
    return sigmoid(this.calibration.a * margin + this.calibration.b);
  }

  /** Scores the features `emit` produces (see emitFeatures). */
  predict(emit: (sink: FeatureSink) => void): ModelPrediction {
    const c = this.#collector;
    c.reset();
    emit(c);
    // Each head's weight of each feature, in the collector's order; word features are averaged
    // over the words the head knows (unknown words dilute nothing), the rest count in full.
    const w = new Float32Array(c.count);
    let words = 0;
    let knownWords = 0;
    let structure = 0;
    let spamWords = 0;
    let spamKnownWords = 0;
    let spamStructure = 0;
    for (let i = 0; i < c.count; i++) {
      const slot = this.#slotOf(c.keys[i] as number);
      if (slot < 0) continue;
      const weight = this.#weights[4 * slot + PHISHING] as number;
      const spamWeight = this.#weights[4 * slot + SPAM] as number;
      const isWord = WORD_PREFIXES.has(c.prefix(i));
      if (!Number.isNaN(weight)) {
        w[i] = weight;
        if (isWord) {
          words += weight;
          knownWords++;
        } else structure += weight;
      }
      if (!Number.isNaN(spamWeight)) {
        if (isWord) {
          spamWords += spamWeight;
          spamKnownWords++;
        } else spamStructure += spamWeight;
      }
    }
    const probability = this.#probabilityOf(structure, words, knownWords);
    return {
      probability,
      // Only a message the model leans towards calling phishing needs its reasons spelled out.
      topTerms: probability >= TOP_TERMS_FROM ? topTerms(c, w) : [],
      spamProbability: this.spam ? this.spam.#probabilityOf(spamStructure, spamWords, spamKnownWords) : null,
    };
  }

  /**
   * The calibrated probability of a message whose known features weigh `structure` and `words`
   * (`knownWords` of them words): the wording averaged over the words the head knows.
   */
  #probabilityOf(structure: number, words: number, knownWords: number): number {
    return this.calibrate(this.bias + structure + words * wordScale(knownWords));
  }
}

/**
 * The five distinct word features of the message that pushed the score up most and name a
 * reason a person recognises (reasons.ts); a pair of words needs one such word and no filler.
 * Each is quoted as the message writes it (FeatureCollector.quote).
 */
function topTerms(c: FeatureCollector, w: Float32Array): string[] {
  const positive: number[] = [];
  for (let i = 0; i < c.count; i++)
    if ((w[i] as number) > MIN_EXPLAINED_WEIGHT && QUOTED_PREFIXES.has(c.prefix(i))) positive.push(i);
  positive.sort((x, y) => (w[y] as number) - (w[x] as number));
  const out = new Set<string>();
  for (const i of positive) {
    const each = c.words(i).split(' ');
    if (each.every(quotable) && each.some(namesAReason)) out.add(c.quote(i));
    if (out.size === 5) break;
  }
  return [...out];
}

/** Where each head's weight sits in a slot's four Float32s (the first two are the key). */
const PHISHING = 2;
const SPAM = 3;
/** Size of the known-key filter in bits (a power of two, so a key's low bits index it). */
const FILTER_BITS = 1 << 17;

/** Below this probability no model indicator is shown, so no top terms are computed. */
const TOP_TERMS_FROM = 0.3;
/** A word must carry real weight to be named as a reason. */
const MIN_EXPLAINED_WEIGHT = 0.5;
/** Words a reader sees in the message (subject, body, sender name); link paths are not quoted. */
const QUOTED_PREFIXES = new Set(['s:', 'b:', 'bb:', 'n:']);
/**
 * Words that may weigh in the score but mean nothing to a reader as a reason ("after", "only",
 * "jetzt"): never quoted. The score is unchanged; only the explanation skips them. Function words
 * ("hier", "this", "have") need no entry: they are not features at all (stopwords.ts).
 */
const FILLER = new Set(
  'after before under only each while then ours dies ihrer jetzt heute agora hoje maintenant ahora'.split(
    ' ',
  ),
);

/** A word a reader would recognise as a reason: not a number, a placeholder or filler. */
const quotable = (word: string) =>
  word.length >= 4 && !/^0+$/.test(word) && !PLACEHOLDERS.has(word) && !FILLER.has(word);

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function bytesOf(b64: string): ArrayBuffer {
  const buf = Buffer.from(b64, 'base64');
  return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
}
