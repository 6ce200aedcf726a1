import { describe, expect, it } from 'vitest';
import { rateInterval, wilson, type Trial } from '../../scripts/lib/interval.js';

/** n messages, each its own group, the first `hits` of them counted. */
const independent = (n: number, hits: number): Trial[] =>
  Array.from({ length: n }, (_, i) => ({ group: `g${i}`, hit: i < hits }));

describe("npm run eval's 95% intervals", () => {
  it('gives the textbook Wilson interval', () => {
    // 10 of 100: 5.52%–17.44% (Wilson 1927, as any statistics table gives it).
    expect(wilson(10, 100)).toEqual([0.0552, 0.1744]);
    // Nothing flagged in 31 groups still allows a rate up to about 11%.
    expect(wilson(0, 31)[1]).toBeCloseTo(0.11, 2);
  });

  it('brackets the measured rate, and matches Wilson when every message is its own group', () => {
    const [lo, hi] = rateInterval(independent(400, 40));
    expect(lo).toBeLessThan(0.1);
    expect(hi).toBeGreaterThan(0.1);
    const [wlo, whi] = wilson(40, 400);
    expect(Math.abs(lo - wlo)).toBeLessThan(0.01);
    expect(Math.abs(hi - whi)).toBeLessThan(0.01);
  });

  it('is wider when the hits are copies of one notice than when they are independent', () => {
    const copies: Trial[] = [
      ...Array.from({ length: 40 }, () => ({ group: 'one-notice', hit: true })),
      ...Array.from({ length: 360 }, (_, i) => ({ group: `g${i}`, hit: false })),
    ];
    const [lo, hi] = rateInterval(copies);
    const [ilo, ihi] = rateInterval(independent(400, 40));
    expect(lo).toBeLessThan(ilo);
    expect(hi).toBeGreaterThan(ihi);
  });

  it('bounds a rate of nothing flagged by its groups, not its messages', () => {
    // 185 messages in 31 template groups, none flagged: not evidence of a rate under 2%.
    const trials = Array.from({ length: 185 }, (_, i) => ({ group: `t${i % 31}`, hit: false }));
    expect(rateInterval(trials)).toEqual(wilson(0, 31));
    expect(rateInterval(trials)[1]).toBeGreaterThan(0.02);
  });

  it('is no narrower than its groups allow when they are few and alike', () => {
    // Four templates, each caught in 20 of its 25 messages: resampling four alike groups always
    // gives 80%, yet four groups are four trials, not a hundred.
    const trials = Array.from({ length: 100 }, (_, i) => ({ group: `t${i % 4}`, hit: i % 5 !== 0 }));
    const [lo, hi] = rateInterval(trials);
    expect([lo, hi]).toEqual(wilson(0.8 * 4, 4));
    expect(hi - lo).toBeGreaterThan(0.4);
  });

  it('gives the same interval every run (seeded)', () => {
    const trials = independent(300, 17);
    expect(rateInterval(trials)).toEqual(rateInterval(trials));
  });
});
