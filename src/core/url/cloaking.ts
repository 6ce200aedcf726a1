import { registrableDomain } from '../domains/registrable.js';
import { textSimilarity } from './page.js';
import type { CloakingAnalysis, ProfileTrace } from './types.js';

/**
 * Compares what different visitors were shown (Cloak of Visibility, CrawlPhish): a phishing kit
 * shows crawlers a harmless page and victims the lure.
 */
export function compareTraces(traces: ProfileTrace[], jsBehavior: Record<string, unknown>): CloakingAnalysis {
  const [victim, ...others] = traces;
  const indicators: string[] = [];
  const differences: Record<string, unknown> = {};
  let confidence = 0;
  if (victim) {
    for (const other of others) {
      const dv = registrableDomain(host(victim.final_url));
      const do_ = registrableDomain(host(other.final_url));
      if (dv && do_ && dv !== do_) {
        indicators.push(`${victim.profile} ends on ${dv}, ${other.profile} on ${do_}`);
        confidence += 0.5;
      } else if (victim.final_url !== other.final_url && other.profile !== 'headless-chromium') {
        indicators.push(`${victim.profile} and ${other.profile} end on different pages`);
        confidence += 0.15;
      }
      if (victim.final_status !== other.final_status && other.final_status !== null) {
        indicators.push(
          `status ${victim.final_status} for ${victim.profile}, ${other.final_status} for ${other.profile}`,
        );
        confidence += 0.2;
      }
      if (victim.has_password_form !== other.has_password_form) {
        indicators.push(
          `a password form is shown to ${victim.has_password_form ? victim.profile : other.profile} only`,
        );
        confidence += 0.4;
      }
      if ((victim.title ?? '') !== (other.title ?? '')) {
        indicators.push(`titles differ: "${victim.title ?? ''}" vs "${other.title ?? ''}"`);
        confidence += 0.1;
      }
      const sim = textSimilarity(victim.text_sample, other.text_sample);
      differences[`${victim.profile}_vs_${other.profile}`] = {
        text_similarity: Math.round(sim * 100) / 100,
        final_urls: [victim.final_url, other.final_url],
      };
      if (sim < 0.5 && (victim.text_sample || other.text_sample) && other.profile !== 'headless-chromium') {
        indicators.push(
          `page text ${Math.round(sim * 100)}% similar between ${victim.profile} and ${other.profile}`,
        );
        confidence += 0.2;
      }
    }
  }
  confidence = Math.min(1, Math.round(confidence * 100) / 100);
  return {
    cloaking_detected: confidence >= 0.5,
    cloaking_confidence: confidence,
    cloaking_indicators: indicators,
    browser_behavior: { profiles: traces.map((t) => t.profile) },
    content_differences: differences,
    js_behavior: jsBehavior,
    cross_ua_differences: traces,
  };
}

function host(u: string): string {
  try {
    return new URL(u).hostname;
  } catch {
    return '';
  }
}
