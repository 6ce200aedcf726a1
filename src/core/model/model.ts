import { z } from 'zod';
import { vectorise } from './features.js';

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
  constructor(
    readonly dims: number,
    readonly weights: Float32Array,
    readonly bias: number,
    readonly calibration: { a: number; b: number },
    readonly checksum: string,
  ) {}

  static fromFile(file: ModelFile): PhishingModel {
    const buf = Buffer.from(file.weights_b64, 'base64');
    const weights = new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    if (weights.length !== file.dims)
      throw new Error(`model has ${weights.length} weights, expected ${file.dims}`);
    return new PhishingModel(file.dims, weights, file.bias, file.calibration, file.checksum);
  }

  /** The uncalibrated margin and per-feature contributions. */
  margin(features: readonly string[]): { margin: number; contributions: [string, number][] } {
    const vec = vectorise(features, this.dims);
    const scale = 1 / Math.sqrt(Math.max(1, vec.size));
    let margin = this.bias;
    const contributions: [string, number][] = [];
    for (const [idx, token] of vec) {
      const c = (this.weights[idx] ?? 0) * scale;
      margin += c;
      contributions.push([token, c]);
    }
    return { margin, contributions };
  }

  predict(features: readonly string[]): ModelPrediction {
    const { margin, contributions } = this.margin(features);
    const probability = sigmoid(this.calibration.a * margin + this.calibration.b);
    // Only a message the model leans towards calling phishing needs its reasons spelled out.
    return { probability, topTerms: probability >= TOP_TERMS_FROM ? topTerms(contributions) : [] };
  }
}

/** Below this probability no model indicator is shown, so no top terms are computed. */
const TOP_TERMS_FROM = 0.3;
const STRUCTURAL = /^(?:links|len|hosts|fmt):/;
const CLASS_WORDS = /^(?:top1k|top5k|top20k|unranked|freemail|none|all|some|nolinks)$/;

/** The five distinct words that pushed the score up most. */
function topTerms(contributions: [string, number][]): string[] {
  const positive = contributions.filter(([t, c]) => c > 0 && !STRUCTURAL.test(t)).sort((x, y) => y[1] - x[1]);
  const out = new Set<string>();
  for (const [t] of positive) {
    const word = t.slice(t.indexOf(':') + 1).replace('_', ' ');
    if (!CLASS_WORDS.test(word)) out.add(word);
    if (out.size === 5) break;
  }
  return [...out];
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
