import { z } from 'zod';
import { FeatureCollector, keySlot, WORD_PREFIXES, wordScale, type FeatureSink } from './feature-keys.js';
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
   * Open addressing with each slot's key and weight side by side (`[2 * slot]`, `[2 * slot + 1]`):
   * one cache line per lookup, where scoring meets tables that parsing has pushed out of cache.
   */
  readonly #table: Float64Array;
  readonly #mask: number;

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
    let size = 1024;
    while (size < keys.length * 2) size *= 2;
    this.#mask = size - 1;
    const table = new Float64Array(size * 2);
    for (let slot = 0; slot < size; slot++) table[2 * slot] = -1;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as number;
      let slot = keySlot(key, this.#mask);
      while (table[2 * slot] !== -1 && table[2 * slot] !== key) slot = (slot + 1) & this.#mask;
      table[2 * slot] = key;
      // A Float32 weight is exactly a Float64 one: every score is unchanged.
      table[2 * slot + 1] = weights[i] as number;
    }
    this.#table = table;
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
    const table = this.#table;
    let slot = keySlot(key, this.#mask);
    for (;;) {
      const k = table[2 * slot];
      if (k === key) return table[2 * slot + 1];
      if (k === -1) return undefined;
      slot = (slot + 1) & this.#mask;
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
    const w = new Float32Array(c.count);
    const probability = this.#probability(c, w);
    return {
      probability,
      // Only a message the model leans towards calling phishing needs its reasons spelled out.
      topTerms: probability >= TOP_TERMS_FROM ? topTerms(c, w) : [],
      spamProbability: this.spam ? this.spam.#probability(c, null) : null,
    };
  }

  /** The calibrated probability of collected features; each feature's weight goes into `w` when given. */
  #probability(c: FeatureCollector, w: Float32Array | null): number {
    let knownWords = 0;
    let words = 0;
    let structure = 0;
    for (let i = 0; i < c.count; i++) {
      const weight = this.weight(c.keys[i] as number);
      if (weight === undefined) continue;
      if (w) w[i] = weight;
      if (WORD_PREFIXES.has(c.prefix(i))) {
        words += weight;
        knownWords++;
      } else structure += weight;
    }
    // Unknown words dilute nothing: the wording is averaged over the words the model knows.
    return this.calibrate(this.bias + structure + words * wordScale(knownWords));
  }
}

/**
 * The five distinct word features of the message that pushed the score up most and name a
 * reason a person recognises (reasons.ts); a pair of words needs one such word and no filler.
 */
function topTerms(c: FeatureCollector, w: Float32Array): string[] {
  const positive: number[] = [];
  for (let i = 0; i < c.count; i++)
    if ((w[i] as number) > MIN_EXPLAINED_WEIGHT && QUOTED_PREFIXES.has(c.prefix(i))) positive.push(i);
  positive.sort((x, y) => (w[y] as number) - (w[x] as number));
  const out = new Set<string>();
  for (const i of positive) {
    const words = c.words(i);
    const each = words.split(' ');
    if (each.every(quotable) && each.some(namesAReason)) out.add(words);
    if (out.size === 5) break;
  }
  return [...out];
}

/** Below this probability no model indicator is shown, so no top terms are computed. */
const TOP_TERMS_FROM = 0.3;
/** A word must carry real weight to be named as a reason. */
const MIN_EXPLAINED_WEIGHT = 0.5;
/** Words a reader sees in the message (subject, body, sender name); link paths are not quoted. */
const QUOTED_PREFIXES = new Set(['s:', 'b:', 'bb:', 'n:']);
/** Stand-ins the normaliser writes for addresses and links: not the sender's words. */
const PLACEHOLDERS = new Set(['emailaddr', 'urladdr']);
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
