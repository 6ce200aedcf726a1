// The evaluation protocol's building blocks: which messages train which model, and how a test
// message is scored through the whole engine (rules, model and the combination rules).
import {
  analyzeParsed,
  PhishingModel,
  registrableDomain,
  type ParsedEmail,
  type PopularDomains,
} from '../../src/core/index.js';
import { FORWARD_FROM, type Example } from './dataset.js';
import { FEATURE_TEXT } from './featurize.js';
import { groupHash, trainRecipe, type Row, type TrainedModel } from './recipe.js';

/** Both views of a message train the model, each with half its weight (mail is read both ways). */
export function rowsOf(examples: readonly Example[]): Row[] {
  const out: Row[] = [];
  for (const e of examples) {
    const base = { label: e.label, source: e.source, group: e.group, w: 0.5, lang: e.lang };
    out.push({ ...base, keys: e.fFull }, { ...base, keys: e.fPaste });
  }
  return out;
}

/** Feature families left out (experiments: PHISHGUARD_DROP=fd:,ld: npm run eval). */
const DROP = (process.env.PHISHGUARD_DROP ?? '').split(',').filter(Boolean);

/** The phishing model and, unless `spam` is false, its spam head (see trainSpam). */
export function train(
  examples: readonly Example[],
  seed?: number,
  opts: { spam?: boolean } = {},
): TrainedModel & { spam: TrainedModel | null } {
  const phishing = trainRecipe(rowsOf(examples), (k) => FEATURE_TEXT.get(k), seed, DROP);
  return { ...phishing, spam: opts.spam === false ? null : trainSpam(examples, seed) };
}

/**
 * The junk head (stored as the model's `spam` head): the same recipe (vocabulary rules, language
 * balance, calibration) with unsolicited mail, spam and phishing together, in the place of
 * phishing, so it learns what unwanted bulk mail looks like against legitimate mail. Phishing
 * joined spam on 2026-11-25: the phishing model no longer scores spam above legitimate mail
 * (TARGET), and with two spam collections alone each left-out one was SAFE too often
 * (measured with spam target 0: SpamAssassin spam LOW or MEDIUM 50.1% -> 58.6%, TREC 34.1% -> 41.7%).
 */
export function trainSpam(examples: readonly Example[], seed?: number): TrainedModel {
  const rows = rowsOf(examples).map((r) => (r.label === 'spam' ? { ...r, label: 'phishing' } : r));
  return trainRecipe(rows, (k) => FEATURE_TEXT.get(k), seed, DROP);
}

export function toModel(m: TrainedModel & { spam?: TrainedModel | null }, checksum = 'eval'): PhishingModel {
  const spam = m.spam
    ? new PhishingModel(m.spam.keys, m.spam.weights, m.spam.bias, m.spam.calibration, 'spam')
    : null;
  return new PhishingModel(m.keys, m.weights, m.bias, m.calibration, checksum, spam);
}

/** Phishing dated from `date` on. */
export const phishingFrom =
  (date: string) =>
  (e: Example): boolean =>
    e.label === 'phishing' && e.date >= date;
/** Phishing dated from FORWARD_FROM on: what the forward-in-time model never saw. */
export const isLaterPhishing = phishingFrom(FORWARD_FROM);

/**
 * Newsletters of senders a model never saw, the other senders' newsletters in its training: a
 * mailbox's newsletters come from senders the corpus lacks, scored by a model that did learn from
 * newsletters. Five folds by the sender's registrable domain (the corpus splits them by sender too).
 */
export const NEWSLETTERS = 'newsletters-markup';
export const SENDER_FOLDS = 5;
export function inSenderFold(e: Example, fold: number): boolean {
  if (e.label !== 'legit' || e.source !== NEWSLETTERS) return false;
  const address = e.full.from?.address ?? '';
  return groupHash(`sender:${registrableDomain(address) ?? address}`) % SENDER_FOLDS === fold;
}

export interface Scored {
  label: string;
  source: string;
  /** Near-duplicate group (campaign, template, repeated notice) of the corpus index. */
  group: string;
  lang: string;
  /** The message's month (YYYY-MM): the phishing's index date, the legitimate mail's own date. */
  month: string;
  full: number;
  paste: number;
  pasteHtml: number | null;
  /** The model's own calibrated probability on the full message (before the rules). */
  modelP: number;
}

/**
 * Every view of each example scored by the whole engine. `trustedAuthServIds`: the receiving
 * servers whose Authentication-Results count (none for the headline figures; a mailbox trusts its own).
 */
export function scoreAll(
  examples: readonly Example[],
  model: PhishingModel,
  popular: PopularDomains,
  trustedAuthServIds: readonly string[] = [],
): Scored[] {
  const deps = { popular, model, trustedAuthServIds };
  const score = (p: ParsedEmail) => analyzeParsed(cloneWarnings(p), deps);
  return examples.map((e) => {
    const full = score(e.full);
    return {
      label: e.label,
      source: e.source,
      group: e.group,
      lang: e.lang,
      month: e.date.slice(0, 7),
      full: full.risk_score,
      paste: score(e.paste).risk_score,
      pasteHtml: e.pasteHtml ? score(e.pasteHtml).risk_score : null,
      modelP: full.model.probability ?? 0,
    };
  });
}

/** The model's own probability on each full message: all group cross-validation needs. */
export function modelProbabilities(
  examples: readonly Example[],
  model: PhishingModel,
  popular: PopularDomains,
): number[] {
  return examples.map((e) => analyzeParsed(cloneWarnings(e.full), { popular, model }).model.probability ?? 0);
}

/** analyzeParsed appends to `warnings`; a view scored by several models must start clean each time. */
function cloneWarnings(p: ParsedEmail): ParsedEmail {
  return { ...p, warnings: [...p.warnings] };
}
