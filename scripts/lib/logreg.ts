import { wordScale } from '../../src/core/model/feature-keys.js';
// Logistic regression over hashed sparse features, trained with AdaGrad; deterministic given a seed.
export interface Sample {
  idx: Uint32Array;
  y: number;
  w: number;
}

/** Per-feature scales of a sample: structural features 1, word features wordScale(words). */
export function scalesOf(idx: Uint32Array, isWord: Uint8Array): Float32Array {
  let words = 0;
  for (const i of idx) words += isWord[i] as number;
  const ws = wordScale(words);
  const out = new Float32Array(idx.length);
  for (let k = 0; k < idx.length; k++) out[k] = isWord[idx[k] as number] ? ws : 1;
  return out;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function trainLogReg(
  samples: Sample[],
  dims: number,
  opts: { epochs: number; lr: number; l2: number; l2Word?: number; seed: number },
  isWord: Uint8Array,
): { weights: Float32Array; bias: number } {
  const l2Word = opts.l2Word ?? opts.l2;
  const scales = samples.map((s) => scalesOf(s.idx, isWord));
  const w = new Float64Array(dims);
  const g2 = new Float64Array(dims).fill(1e-8);
  let bias = 0;
  let gb2 = 1e-8;
  const rand = mulberry32(opts.seed);
  const order = samples.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const k of order) {
      const s = samples[k] as Sample;
      const sc = scales[k] as Float32Array;
      let m = bias;
      for (let j = 0; j < s.idx.length; j++) m += (w[s.idx[j] as number] as number) * (sc[j] as number);
      const p = 1 / (1 + Math.exp(-m));
      const g = (p - s.y) * s.w;
      for (let j = 0; j < s.idx.length; j++) {
        const i = s.idx[j] as number;
        const gi = g * (sc[j] as number) + (isWord[i] ? l2Word : opts.l2) * (w[i] as number);
        g2[i] = (g2[i] as number) + gi * gi;
        w[i] = (w[i] as number) - (opts.lr * gi) / Math.sqrt(g2[i] as number);
      }
      gb2 += g * g;
      bias -= (opts.lr * g) / Math.sqrt(gb2);
    }
  }
  return { weights: Float32Array.from(w), bias };
}

export function margin(idx: Uint32Array, weights: Float32Array, bias: number, isWord: Uint8Array): number {
  const sc = scalesOf(idx, isWord);
  let m = bias;
  for (let j = 0; j < idx.length; j++) m += (weights[idx[j] as number] as number) * (sc[j] as number);
  return m;
}

/**
 * Platt scaling by Newton's method on weighted cross-entropy: p = sigmoid(a·m + b).
 * Targets are smoothed as Platt recommends (1 → (N₊+1)/(N₊+2), 0 → 1/(N₋+2)) so that nearly
 * separable held-out margins do not drive the slope to infinity.
 */
export function fitPlatt(margins: number[], targets: number[], weights?: number[]): { a: number; b: number } {
  const n = margins.length;
  const w = weights ?? margins.map(() => 1);
  const pos = targets.filter((t) => t >= 0.5).length;
  const neg = n - pos;
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const t = targets.map((y) => lo + y * (hi - lo));
  let a = 1;
  let b = 0;
  for (let it = 0; it < 100; it++) {
    let ga = 0,
      gb = 0,
      haa = 1e-9,
      hab = 0,
      hbb = 1e-9;
    for (let i = 0; i < n; i++) {
      const m = margins[i] as number;
      const p = 1 / (1 + Math.exp(-(a * m + b)));
      const wi = w[i] as number;
      const d = (p - (t[i] as number)) * wi;
      const v = p * (1 - p) * wi;
      ga += d * m;
      gb += d;
      haa += v * m * m;
      hab += v * m;
      hbb += v;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) < 1e-9 && Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

export function rocAuc(scores: number[], labels: number[]): number {
  const pairs = scores.map((s, i) => [s, labels[i] as number] as const).sort((x, y) => x[0] - y[0]);
  let rankSum = 0;
  let pos = 0;
  let i = 0;
  while (i < pairs.length) {
    let j = i;
    while (
      j < pairs.length &&
      (pairs[j] as readonly [number, number])[0] === (pairs[i] as readonly [number, number])[0]
    )
      j++;
    const avgRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++)
      if ((pairs[k] as readonly [number, number])[1] === 1) {
        rankSum += avgRank;
        pos++;
      }
    i = j;
  }
  const neg = pairs.length - pos;
  return pos === 0 || neg === 0 ? NaN : (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

/**
 * Platt scaling with its anchor fixed: p = sigmoid(a·(m − anchor) + logit(p0)), only the slope
 * `a` fitted (Newton, weighted cross-entropy, Platt's smoothed targets). A message that moves
 * the margin nowhere from `anchor` (the bias: nothing the model knows) gets probability p0,
 * the base rate a reader should assume, instead of whatever intercept the held-out mix implies.
 */
export function fitAnchoredPlatt(
  margins: number[],
  targets: number[],
  weights: number[],
  anchor: number,
  p0: number,
): { a: number; b: number } {
  const pos = targets.filter((t) => t >= 0.5).length;
  const neg = targets.length - pos;
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  const c = Math.log(p0 / (1 - p0));
  let a = 1;
  for (let it = 0; it < 100; it++) {
    let g = 0,
      h = 1e-9;
    for (let i = 0; i < margins.length; i++) {
      const x = (margins[i] as number) - anchor;
      const p = 1 / (1 + Math.exp(-(a * x + c)));
      const t = lo + (targets[i] as number) * (hi - lo);
      const w = weights[i] as number;
      g += (p - t) * w * x;
      h += p * (1 - p) * w * x * x;
    }
    const step = g / h;
    a -= step;
    if (Math.abs(step) < 1e-9) break;
  }
  return { a, b: c - a * anchor };
}
