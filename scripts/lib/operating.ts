// What the flagging threshold trades, on the honest predictions of `npm run eval`: the later
// phishing caught and the legitimate mail of unseen sources flagged at each threshold, and the
// range of thresholds (if any) at which issue 12's targets would all be met. The product's
// threshold is the spec's (THRESHOLDS.IS_PHISHING); this says what it costs, not what to pick.
import type { Scored } from './protocol.js';

type Mode = 'full' | 'paste';

interface Target {
  recall: number;
  /** The flagged rate allowed over all legitimate sources together (none for pasted text). */
  overall: number | null;
  perSource: number;
}

/** Issue 12's targets for one view: recall at least, legitimate flagged at most. */
export const OPERATING_TARGETS = {
  full: { recall: 0.98, overall: 0.005, perSource: 0.02 },
  paste: { recall: 0.9, overall: null, perSource: 0.02 },
} as const satisfies Record<Mode, Target>;

export interface OperatingRow {
  threshold: number;
  recall: number;
  legit_flagged: number;
  /** The legitimate source with the highest flagged rate at this threshold, and that rate. */
  worst_source: string;
  worst_flagged: number;
}

export interface OperatingCurve {
  rows: OperatingRow[];
  /** The highest threshold at which the recall target is met (null: none). */
  recall_met_up_to: number | null;
  /** The lowest threshold at which every legitimate target is met (null: none). */
  legit_met_from: number | null;
}

const rateAt = (rs: readonly Scored[], mode: Mode, t: number) =>
  rs.length === 0 ? 0 : rs.filter((r) => r[mode] >= t).length / rs.length;

/** The legitimate source with the highest flagged rate at threshold t, and that rate. */
function worstSource(bySource: ReadonlyMap<string, Scored[]>, mode: Mode, t: number): [string, number] {
  let worst: [string, number] = ['–', 0];
  for (const [source, rs] of bySource) {
    const f = rateAt(rs, mode, t);
    if (f > worst[1]) worst = [source, f];
  }
  return worst;
}

/**
 * The curve for one view. Scores are whole numbers from 0 to 100, so every threshold from 1 to
 * 100 is tried for the bounds; `shown` lists the thresholds whose rows the report prints.
 */
export function operatingCurve(
  phishing: readonly Scored[],
  legit: readonly Scored[],
  mode: Mode,
  shown: readonly number[],
): OperatingCurve {
  const target: Target = OPERATING_TARGETS[mode];
  // Grouped once, in name order (a tie names the first source).
  const bySource = new Map<string, Scored[]>();
  for (const r of [...legit].sort((a, b) => a.source.localeCompare(b.source))) {
    const rs = bySource.get(r.source);
    if (rs) rs.push(r);
    else bySource.set(r.source, [r]);
  }
  const round = (x: number) => Math.round(x * 10000) / 10000;
  const row = (t: number): OperatingRow => {
    const [worst_source, worst] = worstSource(bySource, mode, t);
    return {
      threshold: t,
      recall: round(rateAt(phishing, mode, t)),
      legit_flagged: round(rateAt(legit, mode, t)),
      worst_source,
      worst_flagged: round(worst),
    };
  };
  let recallMetUpTo: number | null = null;
  let legitMetFrom: number | null = null;
  for (let t = 1; t <= 100; t++) {
    const r = row(t);
    if (phishing.length > 0 && r.recall >= target.recall) recallMetUpTo = t;
    const legitMet =
      legit.length > 0 &&
      (target.overall === null || r.legit_flagged <= target.overall) &&
      r.worst_flagged <= target.perSource;
    if (legitMet && legitMetFrom === null) legitMetFrom = t;
  }
  return { rows: shown.map(row), recall_met_up_to: recallMetUpTo, legit_met_from: legitMetFrom };
}
