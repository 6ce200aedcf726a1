import {
  analyzeParsed,
  emitFeatures,
  FeatureCollector,
  WORD_PREFIXES,
  parseRawEmail,
  type ParsedEmail,
  type PopularDomains,
} from '../../src/core/index.js';
import { readQrCodes } from '../../src/adapters/data/qr-reader.js';

/** Generator artefacts to leave out of what a message teaches (see dataset.ts). */
export interface Scrub {
  /** Feature families made entirely of invented values (sender name and domain, link domains). */
  prefixes: ReadonlySet<string>;
  /** Invented names: word features containing one of them are skipped. */
  words: ReadonlySet<string>;
}

const collector = new FeatureCollector();
/** Every feature's text by key, for the provenance report. */
export const FEATURE_TEXT = new Map<number, string>();

/** The same features the engine computes at run time (rules-only pass first, for the signal features). */
export function featuresOf(parsed: ParsedEmail, popular: PopularDomains, scrub?: Scrub): Float64Array {
  const rules = analyzeParsed(parsed, { popular, model: null });
  collector.reset();
  const sink = scrub
    ? {
        add(prefix: string, a: string, b?: string) {
          if (scrub.prefixes.has(prefix)) return;
          if (WORD_PREFIXES.has(prefix) && (scrub.words.has(a) || (b !== undefined && scrub.words.has(b))))
            return;
          collector.add(prefix, a, b);
        },
      }
    : collector;
  emitFeatures(parsed, rules.indicators, sink);
  const keys = collector.keys.slice(0, collector.count);
  for (let i = 0; i < collector.count; i++)
    if (!FEATURE_TEXT.has(keys[i] as number)) FEATURE_TEXT.set(keys[i] as number, collector.text(i));
  return keys;
}

export async function parseFull(raw: Buffer): Promise<ParsedEmail> {
  return parseRawEmail(raw, { readQrCodes });
}
