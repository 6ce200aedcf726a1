import type { Indicator, RiskLevel, TestRiskLevel } from './types.js';

/**
 * Score bands. risk_score = round(100·p), p the calibrated probability of phishing.
 * The same thresholds are documented in README "How the score is made".
 */
export const THRESHOLDS = {
  HIGH: 70,
  MEDIUM: 40,
  LOW: 20,
  IS_PHISHING: 50,
  CRITICAL: 90,
} as const;

export function riskLevel(score: number): RiskLevel {
  if (score >= THRESHOLDS.HIGH) return 'HIGH';
  if (score >= THRESHOLDS.MEDIUM) return 'MEDIUM';
  if (score >= THRESHOLDS.LOW) return 'LOW';
  return 'SAFE';
}

export function testRiskLevel(score: number): TestRiskLevel {
  if (score >= THRESHOLDS.CRITICAL) return 'CRITICAL';
  if (score >= THRESHOLDS.HIGH) return 'HIGH';
  if (score >= THRESHOLDS.MEDIUM) return 'MEDIUM';
  return 'LOW';
}

/**
 * The weight of a rule that by itself makes a message is_phishing (score 50), however ordinary
 * the model finds the rest of it: noisy-OR never lowers a probability below a weight.
 */
export const DECISIVE_WEIGHT = THRESHOLDS.IS_PHISHING / 100;

/** Noisy-OR: each indicator independently "explains" the message as phishing with its weight. */
export function noisyOr(indicators: readonly Indicator[], base = 0): number {
  let keep = 1 - base;
  for (const i of indicators) keep *= 1 - Math.min(Math.max(i.weight, 0), 0.99);
  return 1 - keep;
}

/** Severity ordering used to sort indicators for display. */
export const SEVERITY_RANK: Record<Indicator['severity'], number> = {
  critical: 4,
  high: 3,
  medium: 2,
  low: 1,
  info: 0,
};
