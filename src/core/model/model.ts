import { z } from 'zod';
import { FeatureHasher, type FeatureSink } from './features.js';

export const ModelFileSchema = z.object({
  format: z.literal('phishguard-logreg-v1'),
  dims: z.number().int().positive(),
  bias: z.number(),
  calibration: z.object({ a: z.number(), b: z.number() }),
  weights_b64: z.string(),
  checksum: z.string(),
  trained_at: z.string(),
  training: z.record(z.string(), z.unknown()),
});
export type ModelFile = z.infer<typeof ModelFileSchema>;

export interface ModelPrediction {
  /** Calibrated probability that the message is phishing. */
  probability: number;
  /** Tokens that pushed the score up most. */
  topTerms: string[];
}

/** A trained linear model over hashed features, calibrated with Platt scaling. */
export class PhishingModel {
  /** Scratch space for one message at a time (scoring is synchronous, one model per thread). */
  readonly #hasher: FeatureHasher;

  constructor(
    readonly dims: number,
    readonly weights: Float32Array,
    readonly bias: number,
    readonly calibration: { a: number; b: number },
    readonly checksum: string,
  ) {
    this.#hasher = new FeatureHasher(dims);
  }

  static fromFile(file: ModelFile): PhishingModel {
    const buf = Buffer.from(file.weights_b64, 'base64');
    const weights = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    if (weights.length !== file.dims)
      throw new Error(`model has ${weights.length} weights, expected ${file.dims}`);
    return new PhishingModel(file.dims, weights, file.bias, file.calibration, file.checksum);
  }

  /** Scores the features `emit` produces (see emitFeatures). */
  predict(emit: (sink: FeatureSink) => void): ModelPrediction {
    const h = this.#hasher;
    h.reset();
    emit(h);
    const scale = 1 / Math.sqrt(Math.max(1, h.count));
    let margin = this.bias;
    for (let i = 0; i < h.count; i++) margin += (this.weights[h.indices[i] as number] ?? 0) * scale;
    const probability = sigmoid(this.calibration.a * margin + this.calibration.b);
    // Only a message the model leans towards calling phishing needs its reasons spelled out.
    return { probability, topTerms: probability >= TOP_TERMS_FROM ? this.#topTerms(h) : [] };
  }

  /** The five distinct words that pushed the score up most. */
  #topTerms(h: FeatureHasher): string[] {
    const positive: number[] = [];
    for (let i = 0; i < h.count; i++)
      if ((this.weights[h.indices[i] as number] ?? 0) > 0 && !STRUCTURAL.has(h.prefix(i))) positive.push(i);
    positive.sort(
      (x, y) => (this.weights[h.indices[y] as number] ?? 0) - (this.weights[h.indices[x] as number] ?? 0),
    );
    const out = new Set<string>();
    for (const i of positive) {
      const word = h.words(i);
      if (!CLASS_WORDS.test(word)) out.add(word);
      if (out.size === 5) break;
    }
    return [...out];
  }
}

/** Below this probability no model indicator is shown, so no top terms are computed. */
const TOP_TERMS_FROM = 0.3;
/** Counts, lengths and signal ids are not words a reader would recognise in the message. */
const STRUCTURAL = new Set(['links:', 'len:', 'hosts:', 'fmt:', 'sig:']);
const CLASS_WORDS = /^(?:top1k|top5k|top20k|unranked|freemail|none|all|some|nolinks)$/;

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
