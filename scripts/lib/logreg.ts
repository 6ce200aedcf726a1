// Logistic regression over hashed sparse features, trained with AdaGrad; deterministic given a seed.
export interface Sample {
  idx: Uint32Array;
  y: number;
  w: number;
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
  opts: { epochs: number; lr: number; l2: number; seed: number },
): { weights: Float32Array; bias: number } {
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
      const scale = 1 / Math.sqrt(Math.max(1, s.idx.length));
      let m = bias;
      for (const i of s.idx) m += (w[i] as number) * scale;
      const p = 1 / (1 + Math.exp(-m));
      const g = (p - s.y) * s.w;
      for (const i of s.idx) {
        const gi = g * scale + opts.l2 * (w[i] as number);
        g2[i] = (g2[i] as number) + gi * gi;
        w[i] = (w[i] as number) - (opts.lr * gi) / Math.sqrt(g2[i] as number);
      }
      gb2 += g * g;
      bias -= (opts.lr * g) / Math.sqrt(gb2);
    }
  }
  return { weights: Float32Array.from(w), bias };
}

export function margin(idx: Uint32Array, weights: Float32Array, bias: number): number {
  const scale = 1 / Math.sqrt(Math.max(1, idx.length));
  let m = bias;
  for (const i of idx) m += (weights[i] as number) * scale;
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
