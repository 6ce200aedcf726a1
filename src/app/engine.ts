import {
  analyzeParsed,
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

export interface TestEmailInput {
  subject: string;
  sender: string;
  content: string;
}

/** The analysis engine with its data loaded once; shared by the CLI, the daemon and the TUI. */
export interface Engine {
  readonly modelLoaded: boolean;
  analyzeRaw(raw: Uint8Array | string): Promise<{ parsed: ParsedEmail; analysis: EmailAnalysis }>;
  analyzeTest(input: TestEmailInput): EmailAnalysis;
  testResult(analysis: EmailAnalysis): EmailTestResult;
  listShape: typeof toPhishingAnalysis;
}

export function createEngine(deps?: Partial<AnalysisDeps> & { useModel?: boolean }): Engine {
  const resolved: AnalysisDeps = {
    popular: deps?.popular ?? loadPopularDomains(),
    model: deps?.model !== undefined ? deps.model : deps?.useModel === false ? null : loadModel(),
  };
  return {
    modelLoaded: !!resolved.model,
    async analyzeRaw(raw) {
      const parsed = await parseRawEmail(raw);
      return { parsed, analysis: analyzeParsed(parsed, resolved) };
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
