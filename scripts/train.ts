// npm run train: fits the shipped model (data/model.json) on ../shared/corpus/train. Deterministic.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadPopularDomains } from '../src/adapters/data/load.js';
import { hashFeature } from '../src/core/index.js';
import { readCorpus } from './lib/corpus.js';
import { DIMS, featuresOf, parseFull } from './lib/featurize.js';
import { rocAuc } from './lib/logreg.js';
import {
  CALIBRATION_PRIOR,
  CLASS_WEIGHT,
  HYPER,
  MIN_DF,
  probability,
  SEED,
  TARGET,
  trainRecipe,
} from './lib/recipe.js';

const popular = loadPopularDomains();
const rows: { idx: Uint32Array; label: string; source: string; group: string }[] = [];
const t0 = Date.now();
for await (const m of readCorpus('train')) {
  rows.push({
    idx: featuresOf(await parseFull(m.raw), popular),
    label: m.label,
    source: m.source,
    group: m.group,
  });
  if (rows.length % 5000 === 0)
    console.error(`featurised ${rows.length} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
// One group in five is held back for calibration, never for fitting (campaigns repeat).
const isCalibration = (group: string) => hashFeature(group) % 5 === 0;
const fit = rows.filter((r) => !isCalibration(r.group));
const cal = rows.filter((r) => isCalibration(r.group));
const model = trainRecipe(fit, cal);

const pl = cal.filter((r) => r.label !== 'spam');
const auc = rocAuc(
  pl.map((r) => probability(model, r.idx)),
  pl.map((r) => (r.label === 'phishing' ? 1 : 0)),
);
console.error(
  `shared features ${model.sharedFeatures} of ${DIMS}; calibration set ${cal.length} messages, AUC ${auc.toFixed(4)}, a=${model.calibration.a.toFixed(4)} b=${model.calibration.b.toFixed(4)}`,
);

const weightBytes = Buffer.from(model.weights.buffer);
const checksum = createHash('sha256')
  .update(weightBytes)
  .update(JSON.stringify({ bias: model.bias, calibration: model.calibration }))
  .digest('hex')
  .slice(0, 16);
const counts: Record<string, number> = {};
for (const r of rows) counts[`${r.label}-${r.source}`] = (counts[`${r.label}-${r.source}`] ?? 0) + 1;
const file = {
  format: 'phishguard-logreg-v1',
  dims: DIMS,
  bias: model.bias,
  calibration: model.calibration,
  checksum,
  trained_at: new Date().toISOString().slice(0, 10),
  training: {
    corpus: 'shared/corpus/train',
    counts,
    fit_messages: fit.length,
    calibration_messages: cal.length,
    shared_features: model.sharedFeatures,
    recipe: {
      seed: SEED,
      hyper: HYPER,
      targets: TARGET,
      class_weight: CLASS_WEIGHT,
      calibration_prior: CALIBRATION_PRIOR,
      min_shared_df: MIN_DF,
    },
    attribution:
      'phishing-pot (CC BY-NC 4.0), Nazario phishing corpus, SpamAssassin public corpus, TREC 2007 spam corpus, usrp-users list archive; see data/ATTRIBUTION.md',
  },
  weights_b64: weightBytes.toString('base64'),
};
writeFileSync('data/model.json', `${JSON.stringify(file)}\n`);
console.log(
  `model written: data/model.json, ${rows.length} messages, checksum ${checksum}, ${((Date.now() - t0) / 1000).toFixed(0)} s`,
);
