import { describe, expect, it } from 'vitest';
import { operatingCurve } from '../../scripts/lib/operating.js';
import type { Scored } from '../../scripts/lib/protocol.js';

/** n messages of one label and source, with the given full scores (pasted the same minus 10). */
const scored = (label: string, source: string, scores: number[]): Scored[] =>
  scores.map((full, i) => ({
    label,
    source,
    group: `${source}:${i}`,
    lang: 'en',
    month: '2025-08',
    full,
    paste: Math.max(0, full - 10),
    pasteHtml: null,
    modelP: full / 100,
  }));

/** 100 phishing messages: the first `low` score 30, the rest 90. */
const phishing = (low: number) =>
  scored(
    'phishing',
    'later',
    Array.from({ length: 100 }, (_, i) => (i < low ? 30 : 90)),
  );

describe("npm run eval's operating curve", () => {
  it('finds the thresholds where each target holds, and where both do', () => {
    // 1 of 100 phishing at 30: 99% caught up to 30, 1% missed from 31 on (still ≥ 98% to 90).
    // Legitimate: source A has one of 100 at 60 (1%, under 2%); source B one of 40 at 45 (2.5%).
    // Overall: 2 of 140 flagged up to 45 (1.4% > 0.5%), 1 of 140 (0.71%) up to 60, none after.
    const legit = [
      ...scored('legit', 'a', [60, ...Array<number>(99).fill(5)]),
      ...scored('legit', 'b', [45, ...Array<number>(39).fill(5)]),
    ];
    const c = operatingCurve(phishing(1), legit, 'full', [40, 50, 61]);
    expect(c.recall_met_up_to).toBe(90);
    // B's 2.5% holds to 45; the overall 0.5% target needs A's message gone too: from 61.
    expect(c.legit_met_from).toBe(61);
    expect(c.rows.map((r) => [r.threshold, r.recall, r.worst_source, r.worst_flagged])).toEqual([
      [40, 0.99, 'b', 0.025],
      [50, 0.99, 'a', 0.01],
      [61, 0.99, '–', 0],
    ]);
  });

  it('says when no threshold reaches a target', () => {
    // 3% of the phishing scores 30: 98% is never reached above 30, and at 30 or below the
    // legitimate mail at 40 is flagged.
    const legit = scored('legit', 'a', [40, ...Array<number>(9).fill(5)]);
    const c = operatingCurve(phishing(3), legit, 'full', [50]);
    expect(c.recall_met_up_to).toBe(30);
    expect(c.legit_met_from).toBe(41);
    expect(c.legit_met_from! > c.recall_met_up_to!).toBe(true);
    // Pasted text has no overall target, only per source, and scores 10 lower here.
    const p = operatingCurve(phishing(3), legit, 'paste', [50]);
    expect(p.recall_met_up_to).toBe(80);
    expect(p.legit_met_from).toBe(31);
    expect(operatingCurve([], legit, 'full', []).recall_met_up_to).toBeNull();
    expect(operatingCurve(phishing(0), [], 'full', []).legit_met_from).toBeNull();
  });
});
