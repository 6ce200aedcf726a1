export { parseRawEmail, parseTestEmail, parseSender, MAX_MESSAGE_BYTES } from './email/parse.js';
export { type QrReader } from './email/qr.js';
export { attachedPageLinks } from './email/signals/attached-page.js';
export { documentLinksOf, documentsRead } from './email/signals/office.js';
export { looksLikeMessage } from './email/sniff.js';
export { isOutlookItem } from './email/outlook-msg.js';
export { messageView, inertHtml, headerFields, PREVIEW_CSP, type MessageView } from './email/view.js';
export { analyzeParsed, engineVersion, RULES_VERSION, type AnalysisDeps } from './email/analyze.js';
export { recommendationsFor, toPhishingAnalysis, toTestResult } from './email/shapes.js';
export { authservIdOf } from './email/signals/auth.js';
export { applyHistory, type SenderHistory, type SenderStats } from './email/history.js';
export { THRESHOLDS, riskLevel, testRiskLevel } from './email/score.js';
export type * from './email/types.js';
export { PopularDomains } from './domains/popular.js';
export { registrableDomain, hostInfo, safeUrl } from './domains/registrable.js';
export { findLookalike, type LookalikeFinding } from './domains/lookalike.js';
export { brandsIn, brandOwns, BRANDS } from './domains/brands.js';
export { PhishingModel, ModelFileSchema, type ModelFile } from './model/model.js';
export { emitFeatures, isModelSignal, normaliseText } from './model/features.js';
export {
  featureKey,
  featureKeyOf,
  FeatureCollector,
  WORD_PREFIXES,
  type FeatureSink,
} from './model/feature-keys.js';
export { isRiskyTld, isShortener } from './url/lists.js';
