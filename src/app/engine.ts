import {
  analyzeParsed,
  engineVersion,
  parseRawEmail,
  parseTestEmail,
  toPhishingAnalysis,
  toTestResult,
  type AnalysisDeps,
  type EmailAnalysis,
  type EmailTestResult,
  type ParsedEmail,
} from '../core/index.js';
import { loadModel, loadPopularDomains } from '../adapters/data/load.js';
import { readQrCodes } from '../adapters/data/qr-reader.js';

export interface TestEmailInput {
  subject: string;
  sender: string;
  content: string;
}

/** The analysis engine with its data loaded once; shared by the CLI, the daemon and the TUI. */
export interface Engine {
  readonly modelLoaded: boolean;
  /** What results record as engine_version: rules version + model checksum. */
  readonly version: string;
  /**
   * Analyses a raw message. `trustedAuthServIds` names the receiving servers whose
   * Authentication-Results may lower the score (the mailbox's own); default: the engine's.
   */
  analyzeRaw(
    raw: Uint8Array | string,
    opts?: { trustedAuthServIds?: readonly string[] },
  ): Promise<{ parsed: ParsedEmail; analysis: EmailAnalysis }>;
  analyzeTest(input: TestEmailInput): EmailAnalysis;
  testResult(analysis: EmailAnalysis): EmailTestResult;
  listShape: typeof toPhishingAnalysis;
}

export function createEngine(deps?: Partial<AnalysisDeps> & { useModel?: boolean }): Engine {
  const resolved: AnalysisDeps = {
    popular: deps?.popular ?? loadPopularDomains(),
    model: deps?.model !== undefined ? deps.model : deps?.useModel === false ? null : loadModel(),
    trustedAuthServIds: deps?.trustedAuthServIds ?? [],
  };
  return {
    modelLoaded: !!resolved.model,
    version: engineVersion(resolved.model),
    async analyzeRaw(raw, opts) {
      const parsed = await parseRawEmail(raw, { readQrCodes });
      const trusted = opts?.trustedAuthServIds ?? resolved.trustedAuthServIds;
      return { parsed, analysis: analyzeParsed(parsed, { ...resolved, trustedAuthServIds: trusted }) };
    },
    analyzeTest(input) {
      return analyzeParsed(parseTestEmail(input), resolved);
    },
    testResult(analysis) {
      return toTestResult(analysis, new Date());
    },
    listShape: toPhishingAnalysis,
  };
}
