import { existsSync, readFileSync } from 'node:fs';
import { ModelFileSchema, PhishingModel, PopularDomains } from '../../core/index.js';
import { MODEL_FILE, POPULAR_DOMAINS_FILE } from '../../config/paths.js';
import { PhishguardError } from '../../errors.js';

export function loadPopularDomains(file = POPULAR_DOMAINS_FILE): PopularDomains {
  try {
    return PopularDomains.fromText(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new PhishguardError('INTERNAL', `cannot read the popular-domain list ${file}: ${(err as Error).message}`);
  }
}

/** The shipped model, or null when none is present (the engine then scores by rules alone). */
export function loadModel(file = MODEL_FILE): PhishingModel | null {
  if (!existsSync(file)) return null;
  const parsed = ModelFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new PhishguardError('INTERNAL', `model file ${file} is not valid: ${parsed.error.message}`);
  return PhishingModel.fromFile(parsed.data);
}
