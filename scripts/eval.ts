// npm run eval: measures the shipped engine on ../shared/corpus/dev in both modes, plus group-aware
// cross-validation on train, and writes docs/evaluation.{json,md}.
import { writeFileSync } from 'node:fs';
import { createEngine } from '../src/app/engine.js';
import { loadModel, loadPopularDomains } from '../src/adapters/data/load.js';
import { analyzeParsed, hashFeature, THRESHOLDS, type ParsedEmail } from '../src/core/index.js';
import { readCorpus } from './lib/corpus.js';
import { featuresOf, parseFull, toBodyOnly } from './lib/featurize.js';
import { rocAuc } from './lib/logreg.js';
import { probability, SEED, trainRecipe } from './lib/recipe.js';

interface Row {
  label: string;
  source: string;
  score: number;
}
const popular = loadPopularDomains();
const model = loadModel();
if (!model) throw new Error('no data/model.json: run npm run train first');
const engine = createEngine({ popular, model });

const full: Row[] = [];
const body: Row[] = [];
const rules: Row[] = [];
const t0 = Date.now();
for await (const m of readCorpus('dev')) {
  const { parsed, analysis } = await engine.analyzeRaw(m.raw);
  full.push({ label: m.label, source: m.source, score: analysis.risk_score });
  const bo: ParsedEmail = toBodyOnly(parsed);
  body.push({ label: m.label, source: m.source, score: analyzeParsed(bo, { popular, model }).risk_score });
  rules.push({
    label: m.label,
    source: m.source,
    score: analyzeParsed(parsed, { popular, model: null }).risk_score,
  });
}
console.error(`dev scored in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

function metrics(rows: Row[]) {
  const at = (t: number) => {
    const ph = rows.filter((r) => r.label === 'phishing');
    const lg = rows.filter((r) => r.label === 'legit');
    const sp = rows.filter((r) => r.label === 'spam');
    const tp = ph.filter((r) => r.score >= t).length;
    const fp = lg.filter((r) => r.score >= t).length;
    const perSource: Record<string, { n: number; flagged_rate: number }> = {};
    for (const r of rows) {
      const k = `${r.label}-${r.source}`;
      perSource[k] ??= { n: 0, flagged_rate: 0 };
      perSource[k].n++;
      if (r.score >= t) perSource[k].flagged_rate++;
    }
    for (const v of Object.values(perSource)) v.flagged_rate = round(v.flagged_rate / v.n);
    return {
      threshold: t,
      phishing_recall: round(tp / ph.length),
      legit_false_positive_rate: round(fp / lg.length),
      spam_flagged_rate: round(sp.filter((r) => r.score >= t).length / sp.length),
      precision_vs_legit: round(tp / Math.max(1, tp + fp)),
      per_source: perSource,
    };
  };
  const pl = rows.filter((r) => r.label !== 'spam');
  const levels = (label: string) => {
    const rs = rows.filter((r) => r.label === label);
    const c = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 };
    for (const r of rs)
      c[
        r.score >= THRESHOLDS.HIGH
          ? 'HIGH'
          : r.score >= THRESHOLDS.MEDIUM
            ? 'MEDIUM'
            : r.score >= THRESHOLDS.LOW
              ? 'LOW'
              : 'SAFE'
      ]++;
    return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, round(v / rs.length)]));
  };
  return {
    roc_auc_phishing_vs_legit: round(
      rocAuc(
        pl.map((r) => r.score),
        pl.map((r) => (r.label === 'phishing' ? 1 : 0)),
      ),
    ),
    at_is_phishing: at(THRESHOLDS.IS_PHISHING),
    at_high: at(THRESHOLDS.HIGH),
    level_distribution: { phishing: levels('phishing'), legit: levels('legit'), spam: levels('spam') },
  };
}

// Group-aware 5-fold cross-validation on train: the same recipe as npm run train, refitted per fold.
async function groupCv() {
  const rows: { idx: Uint32Array; label: string; group: string }[] = [];
  for await (const m of readCorpus('train'))
    rows.push({ idx: featuresOf(await parseFull(m.raw), popular), label: m.label, group: m.group });
  const out: { fold: number; auc: number; recall: number; fpr: number }[] = [];
  for (let fold = 0; fold < 5; fold++) {
    const inFold = (g: string) => hashFeature(`cv:${g}`) % 5 === fold;
    const test = rows.filter((r) => inFold(r.group));
    const rest = rows.filter((r) => !inFold(r.group));
    const isCal = (g: string) => hashFeature(g) % 5 === 0;
    const m = trainRecipe(
      rest.filter((r) => !isCal(r.group)),
      rest.filter((r) => isCal(r.group)),
      SEED + fold,
    );
    const pl = test.filter((r) => r.label !== 'spam');
    const scores = pl.map((r) => probability(m, r.idx));
    const labels = pl.map((r) => (r.label === 'phishing' ? 1 : 0));
    const tp = scores.filter((s, i) => labels[i] === 1 && s >= 0.5).length;
    const fp = scores.filter((s, i) => labels[i] === 0 && s >= 0.5).length;
    out.push({
      fold,
      auc: round(rocAuc(scores, labels)),
      recall: round(tp / labels.filter((l) => l === 1).length),
      fpr: round(fp / labels.filter((l) => l === 0).length),
    });
    console.error(`cv fold ${fold}: ${JSON.stringify(out.at(-1))}`);
  }
  return out;
}

function round(x: number) {
  return Math.round(x * 10000) / 10000;
}

const counts: Record<string, number> = {};
for (const r of full) counts[`${r.label}-${r.source}`] = (counts[`${r.label}-${r.source}`] ?? 0) + 1;
const report = {
  generated: new Date().toISOString(),
  engine_version: engine.modelLoaded ? 'model' : 'rules',
  model_checksum: model.checksum,
  thresholds: THRESHOLDS,
  dev_corpus_sizes: counts,
  full_message: metrics(full),
  body_only: metrics(body),
  rules_only_full_message: metrics(rules),
  train_group_cv: process.argv.includes('--no-cv') ? null : await groupCv(),
};
writeFileSync('docs/evaluation.json', `${JSON.stringify(report, null, 2)}\n`);
writeFileSync('docs/evaluation.md', renderMarkdown(report));
console.log(renderMarkdown(report));

function renderMarkdown(r: typeof report): string {
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  const lines = [
    '# Evaluation (generated by `npm run eval`; do not edit)',
    '',
    `Generated ${r.generated} · model checksum \`${r.model_checksum}\` · dev split of ../shared/corpus (${Object.values(r.dev_corpus_sizes).reduce((a, b) => a + b, 0)} messages).`,
    'Sources: phishing-pot (CC BY-NC 4.0), Nazario phishing corpus, SpamAssassin public corpus, TREC 2007, usrp-users list archive.',
    '',
    '| mode | ROC AUC | recall @50 | legit FP @50 | spam flagged @50 | recall @70 (HIGH) | legit FP @70 |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const [name, m] of [
    ['full message', r.full_message],
    ['body only', r.body_only],
    ['rules only (no model)', r.rules_only_full_message],
  ] as const) {
    lines.push(
      `| ${name} | ${m.roc_auc_phishing_vs_legit.toFixed(4)} | ${pct(m.at_is_phishing.phishing_recall)} | ${pct(m.at_is_phishing.legit_false_positive_rate)} | ${pct(m.at_is_phishing.spam_flagged_rate)} | ${pct(m.at_high.phishing_recall)} | ${pct(m.at_high.legit_false_positive_rate)} |`,
    );
  }
  lines.push(
    '',
    '## Per source, flagged rate at the is_phishing threshold (50)',
    '',
    '| source | n | full | body only |',
    '|---|---|---|---|',
  );
  for (const [k, v] of Object.entries(r.full_message.at_is_phishing.per_source)) {
    lines.push(
      `| ${k} | ${v.n} | ${pct(v.flagged_rate)} | ${pct(r.body_only.at_is_phishing.per_source[k]?.flagged_rate ?? 0)} |`,
    );
  }
  lines.push(
    '',
    '## Risk-level distribution (full message)',
    '',
    '| label | HIGH | MEDIUM | LOW | SAFE |',
    '|---|---|---|---|---|',
  );
  for (const [k, v] of Object.entries(r.full_message.level_distribution))
    lines.push(
      `| ${k} | ${pct(v.HIGH ?? 0)} | ${pct(v.MEDIUM ?? 0)} | ${pct(v.LOW ?? 0)} | ${pct(v.SAFE ?? 0)} |`,
    );
  if (r.train_group_cv) {
    lines.push(
      '',
      '## Group-aware 5-fold cross-validation on train (model only, before the rules; phishing vs legit at p ≥ 0.5)',
      '',
      '| fold | AUC | recall | FP rate |',
      '|---|---|---|---|',
    );
    for (const f of r.train_group_cv)
      lines.push(`| ${f.fold} | ${f.auc} | ${pct(f.recall)} | ${pct(f.fpr)} |`);
  }
  return `${lines.join('\n')}\n`;
}
