import {
  analyzeParsed,
  emitFeatures,
  FeatureHasher,
  parseRawEmail,
  parseTestEmail,
  type ParsedEmail,
  type PopularDomains,
} from '../../src/core/index.js';

export const DIMS = 1 << 18;

const hasher = new FeatureHasher(DIMS);

/** The same features the engine computes at run time (rules-only pass first, for the signal features). */
export function featuresOf(parsed: ParsedEmail, popular: PopularDomains): Uint32Array {
  const rules = analyzeParsed(parsed, { popular, model: null });
  hasher.reset();
  emitFeatures(parsed, rules.indicators, popular, hasher);
  return hasher.indices.slice(0, hasher.count);
}

export async function parseFull(raw: Buffer): Promise<ParsedEmail> {
  return parseRawEmail(raw);
}

/** Body-only mode as the /test screen sees a message: subject, sender and content (HTML if any). */
export function toBodyOnly(full: ParsedEmail): ParsedEmail {
  const sender = full.from
    ? full.from.name
      ? `${full.from.name} <${full.from.address}>`
      : full.from.address
    : '';
  return parseTestEmail({ subject: full.subject, sender, content: full.html ?? full.text });
}
