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
    const topTerms = contributions
      .filter(
        ([t, c]) =>
          c > 0 &&
          !t.startsWith('links:') &&
          !t.startsWith('len:') &&
          !t.startsWith('hosts:') &&
          !t.startsWith('fmt:'),
      )
      .sort((x, y) => y[1] - x[1])
      .map(([t]) => t.slice(t.indexOf(':') + 1).replace('_', ' '))
      .filter(
        (t, i, all) =>
          all.indexOf(t) === i && !/^(?:top1k|top5k|top20k|unranked|freemail|none|all|some|nolinks)$/.test(t),
      )
      .slice(0, 5);
    return { probability, topTerms };
  }
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
