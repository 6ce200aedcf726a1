import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { ModelFileSchema, PhishingModel, PopularDomains, type ModelFile } from '../../core/index.js';
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
  const m = parsed.data;
  // The checksum names the model in every result's engine_version: it must be the model's own.
  const actual = modelChecksum(
    Buffer.from(m.keys_b64, 'base64'),
    Buffer.from(m.weights_b64, 'base64'),
    m.bias,
    m.calibration,
    m.spam,
  );
  if (actual !== m.checksum)
    throw new PhishguardError('INTERNAL', `model file ${file} is damaged: checksum ${actual}, expected ${m.checksum}`);
  return PhishingModel.fromFile(m);
}

/**
 * The model checksum `npm run train` writes: sha256 of keys, weights, bias and calibration, and
 * of the spam head's when there is one (16 hex digits).
 */
export function modelChecksum(
  keys: Uint8Array,
  weights: Uint8Array,
  bias: number,
  calibration: { a: number; b: number },
  spam?: ModelFile['spam'],
): string {
  const h = createHash('sha256').update(keys).update(weights).update(JSON.stringify({ bias, calibration }));
  if (spam)
    h.update(Buffer.from(spam.keys_b64, 'base64'))
      .update(Buffer.from(spam.weights_b64, 'base64'))
      .update(JSON.stringify({ bias: spam.bias, calibration: spam.calibration }));
  return h.digest('hex').slice(0, 16);
}
