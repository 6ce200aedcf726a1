// The training recipe, shared by `npm run train` and the cross-validation in `npm run eval`.
import { DIMS } from './featurize.js';
import { fitPlatt, margin, trainLogReg, type Sample } from './logreg.js';

export interface Row {
  idx: Uint32Array;
  label: string;
}

export const SEED = 20261121;
/** Training targets: spam is a quarter-risk, so it lands LOW rather than SAFE. */
export const TARGET: Record<string, number> = { phishing: 1, legit: 0, spam: 0.25 };
/** Legit weighted 3:1 so unfamiliar, evidence-free content lands low rather than mid-way. */
export const CLASS_WEIGHT: Record<string, number> = { phishing: 1, legit: 3, spam: 1 };
/**
 * The class mix probabilities are calibrated for: even odds of phishing and not (spam a fifth
 * of the latter). A real mailbox has far less phishing; the prior is stated, not hidden.
 */
export const CALIBRATION_PRIOR: Record<string, number> = { phishing: 0.5, legit: 0.4, spam: 0.1 };
/**
 * A feature is kept only if it occurs in MIN_DF phishing and MIN_DF legit messages: a word only
 * one side uses (another language, a year, a list's name) identifies a source, not phishing.
 */
export const MIN_DF = 5;
export const HYPER = { epochs: 6, lr: 0.08, l2: 1e-6 };

export interface TrainedModel {
  weights: Float32Array;
  bias: number;
  calibration: { a: number; b: number };
  sharedFeatures: number;
}

export function trainRecipe(fit: Row[], cal: Row[], seed = SEED): TrainedModel {
  const df = { phishing: new Uint32Array(DIMS), legit: new Uint32Array(DIMS) };
  for (const r of fit) {
    if (r.label !== 'phishing' && r.label !== 'legit') continue;
    const counts = df[r.label];
    for (const i of r.idx) counts[i] = (counts[i] ?? 0) + 1;
  }
  const keep = (i: number) => (df.phishing[i] ?? 0) >= MIN_DF && (df.legit[i] ?? 0) >= MIN_DF;
  const totals = countBy(fit);
  const samples: Sample[] = fit.map((r) => ({
    idx: r.idx.filter(keep),
    y: TARGET[r.label] ?? 0,
    w: ((CLASS_WEIGHT[r.label] ?? 1) * fit.length) / (3 * (totals[r.label] ?? 1)),
  }));
  const { weights, bias } = trainLogReg(samples, DIMS, { ...HYPER, seed });
  for (let i = 0; i < DIMS; i++) if (!keep(i)) weights[i] = 0;

  const calTotals = countBy(cal);
  const calibration = fitPlatt(
    cal.map((r) => margin(r.idx, weights, bias)),
    cal.map((r) => TARGET[r.label] ?? 0),
    cal.map((r) => (CALIBRATION_PRIOR[r.label] ?? 0) / (calTotals[r.label] ?? 1)),
  );
  return { weights, bias, calibration, sharedFeatures: df.phishing.filter((_, i) => keep(i)).length };
}

export function probability(m: TrainedModel, idx: Uint32Array): number {
  return 1 / (1 + Math.exp(-(m.calibration.a * margin(idx, m.weights, m.bias) + m.calibration.b)));
}

function countBy(rows: Row[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[r.label] = (out[r.label] ?? 0) + 1;
  return out;
}
