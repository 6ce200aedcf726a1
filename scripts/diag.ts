// npm run diag -- SOURCE [full|paste]: why the engine gets a source wrong. Trains the recipe without
// that legitimate source (or, with SOURCE = forward, without phishing dated from 2025-07-01 on; with
// SOURCE = newsletter-senders, without one fold of newsletter senders at a time; with a phishing
// collection's name, without that collection and the later phishing; with SOURCE = inner-forward,
// without phishing dated from 2025-01-01 on, scoring that of 2025-01 to 2025-06: a forward split for
// designing rules that never reads the test months; with SOURCE = lang:fr (any detected language),
// without one of three folds of that language's earlier phishing at a time, by campaign group: how
// a language's lures unlike any the model saw fare, again without the test months) and prints the
// features behind its flagged legitimate messages (or its missed phishing).
import { loadPopularDomains } from '../src/adapters/data/load.js';
import { analyzeParsed, emitFeatures, FeatureCollector, type PhishingModel } from '../src/core/index.js';
import { loadDataset, type Example } from './lib/dataset.js';
import { inSenderFold, isLaterPhishing, phishingFrom, SENDER_FOLDS, toModel, train } from './lib/protocol.js';
import { groupHash } from './lib/recipe.js';

const source = process.argv[2] ?? 'templates-allauth';
const view = (process.argv[3] ?? 'full') as 'full' | 'paste';
const popular = loadPopularDomains();
const data = await loadDataset(popular);
const collection = data.some((e) => e.label === 'phishing' && e.source === source);
// Missed phishing is what is shown for the forward splits and for an unseen collection.
const inner = source === 'inner-forward';
// lang:XX: a language's earlier phishing, three folds by campaign group.
const lang = source.startsWith('lang:') ? source.slice('lang:'.length) : null;
const LANG_FOLDS = 3;
const forward = source === 'forward' || inner || collection || lang !== null;
// newsletter-senders: each sender fold of the newsletters scored by a model trained on the others.
const senders = source === 'newsletter-senders';
/** The phishing the inner split trains without: from 2025-01-01 on (it scores that before FORWARD_FROM). */
const innerLater = phishingFrom('2025-01-01');
/** What a fold scores. */
function heldOut(fold: number): (e: Example) => boolean {
  if (senders) return (e) => inSenderFold(e, fold);
  if (lang !== null)
    return (e) =>
      e.label === 'phishing' &&
      e.lang === lang &&
      !isLaterPhishing(e) &&
      groupHash(e.group) % LANG_FOLDS === fold;
  if (inner) return (e) => innerLater(e) && !isLaterPhishing(e);
  if (collection) return (e) => e.label === 'phishing' && e.source === source;
  if (forward) return isLaterPhishing;
  return (e) => e.label === 'legit' && e.source === source;
}
/** Later phishing the model trains without besides what it scores: the test months, or the inner split's. */
const later = inner ? innerLater : isLaterPhishing;
const folds: { model: PhishingModel; held: Example[] }[] = [];
for (let fold = 0; fold < (senders ? SENDER_FOLDS : lang !== null ? LANG_FOLDS : 1); fold++) {
  const test = heldOut(fold);
  folds.push({ model: toModel(train(data.filter((e) => !test(e) && !later(e)))), held: data.filter(test) });
}
const c = new FeatureCollector();
let shown = 0;
let scored = 0;
const agg = new Map<string, number>();
for (const { model, held } of folds)
  for (const e of held) {
    scored++;
    const a = analyzeParsed({ ...e[view], warnings: [] }, { popular, model });
    if (forward ? a.risk_score >= 50 : a.risk_score < 50) continue;
    c.reset();
    emitFeatures(
      e[view],
      analyzeParsed({ ...e[view], warnings: [] }, { popular, model: null }).indicators,
      c,
    );
    const fs: [string, number][] = [];
    for (let i = 0; i < c.count; i++) {
      const w = model.weight(c.keys[i] as number);
      if (w !== undefined) fs.push([c.text(i), w]);
    }
    fs.sort((x, y) => (forward ? x[1] - y[1] : y[1] - x[1]));
    for (const [t, w] of fs.slice(0, 10)) agg.set(t, (agg.get(t) ?? 0) + w);
    if (shown++ < Number(process.env.DIAG_SHOW ?? 12)) {
      console.log(
        `--- ${a.risk_score} p=${a.model.probability} ${e.date.slice(0, 10)} ${e.lang} ${e.full.subject.slice(0, 70)} | ${e.full.from?.address} | links ${e[view].links.length} text ${e[view].text.length}`,
      );
      console.log(
        '   ',
        fs
          .slice(0, 12)
          .map(([t, w]) => `${t} ${w.toFixed(2)}`)
          .join(', '),
      );
      console.log('   ', a.indicators.map((i) => i.id).join(' '));
    }
  }
console.log(`${shown} of ${scored} ${forward ? 'phishing messages missed' : 'legitimate messages flagged'}`);
console.log(`features most often behind ${forward ? 'missed' : 'flagged'} messages:`);
console.log(
  [...agg]
    // Most negative first for missed phishing, most positive first for flagged legitimate mail.
    .sort((x, y) => (forward ? x[1] - y[1] : y[1] - x[1]))
    .slice(0, 40)
    .map(([t, w]) => `${t} ${w.toFixed(1)}`)
    .join('\n'),
);
