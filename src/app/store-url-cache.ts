import type { RedirectAnalysis } from '../core/url/types.js';
import type { Store } from './ports.js';
import type { UrlCache } from './url-cache.js';

/** URL analyses cached in the store (table url_analyses), which also feeds threat-intel search. */
export class StoreUrlCache implements UrlCache {
  constructor(
    private readonly store: Store,
    private readonly userId: number | null,
  ) {}

  async get(key: string): Promise<RedirectAnalysis | null> {
    const row = await this.store.urlAnalyses.fresh(key, this.userId);
    return row ? (JSON.parse(row.result_json) as RedirectAnalysis) : null;
  }

  async set(key: string, value: RedirectAnalysis, ttlMs: number): Promise<void> {
    await this.store.urlAnalyses.put({
      analysisId: value.analysis_id,
      cacheKey: key,
      userId: this.userId,
      url: value.original_url,
      verdict: value.verdict,
      threatScore: value.threat_score,
      resultJson: JSON.stringify(value),
      expiresAt: new Date(Date.now() + ttlMs).toISOString(),
    });
  }
}
