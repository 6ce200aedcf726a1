// How far a rate measured on a few hundred messages can be trusted: a 95% interval that knows
// the corpus's messages come in near-duplicate groups (a campaign, a template, one sender's
// repeated notice), so a hundred copies of one notice are not a hundred independent trials.
import { mulberry32 } from './logreg.js';

/** One measured message: its near-duplicate group and whether it counted (flagged, or caught). */
export interface Trial {
  group: string;
  hit: boolean;
}

export type Interval = [lo: number, hi: number];

/** Bootstrap replicates: enough that the 2.5th and 97.5th percentiles move by under 0.1 point. */
const REPLICATES = 2000;
const Z95 = 1.959964;

/**
 * The 95% interval of the share of hits. The groups are resampled with replacement (a cluster
 * bootstrap, seeded, so the same trials give the same interval every run) and the 2.5th and
 * 97.5th percentiles of the replicated share are taken. Where no message hits, or every one
 * does, resampling cannot move the share; the Wilson score interval then bounds it with each
 * group counted once (0 of 185 in 31 groups is not evidence of a rate below 0.6%).
 *
 * With few groups the percentile bootstrap is too narrow (it cannot vary more than the groups
 * it has: four groups that each catch 80% give 80–80%), so the interval is widened to cover
 * the Wilson interval of the same share with each group counted once (the effective sample
 * size when copies agree). With hundreds of groups that floor is no wider than the bootstrap.
 */
export function rateInterval(trials: readonly Trial[], seed = 20261126): Interval {
  const byGroup = new Map<string, { n: number; hits: number }>();
  let hits = 0;
  for (const t of trials) {
    const g = byGroup.get(t.group) ?? { n: 0, hits: 0 };
    g.n++;
    if (t.hit) {
      g.hits++;
      hits++;
    }
    byGroup.set(t.group, g);
  }
  const groups = [...byGroup.values()];
  if (groups.length === 0) return [0, 1];
  if (hits === 0 || hits === trials.length) return wilson(hits === 0 ? 0 : groups.length, groups.length);
  const random = mulberry32(seed);
  const shares = new Float64Array(REPLICATES);
  for (let r = 0; r < REPLICATES; r++) {
    let n = 0;
    let h = 0;
    for (let i = 0; i < groups.length; i++) {
      const g = groups[Math.floor(random() * groups.length)] as { n: number; hits: number };
      n += g.n;
      h += g.hits;
    }
    shares[r] = h / n;
  }
  shares.sort();
  const [flo, fhi] = wilson((hits / trials.length) * groups.length, groups.length);
  return [Math.min(round(percentile(shares, 0.025)), flo), Math.max(round(percentile(shares, 0.975)), fhi)];
}

/** The Wilson score interval of k successes in n independent trials. */
export function wilson(k: number, n: number): Interval {
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [round(Math.max(0, centre - half)), round(Math.min(1, centre + half))];
}

/** Linear interpolation between the order statistics of a sorted sample. */
function percentile(sorted: Float64Array, q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

function round(x: number): number {
  return Math.round(x * 10000) / 10000;
}
