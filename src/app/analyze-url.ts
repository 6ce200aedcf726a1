import { randomUUID } from 'node:crypto';
import { GuardedHttp, PROFILES } from '../adapters/http/fetch-hop.js';
import { followRedirects, type FollowResult } from '../adapters/http/follow.js';
import { probeTls } from '../adapters/http/tls-probe.js';
import { checkUrl } from '../adapters/http/ssrf-guard.js';
import type { BrowserEngine } from '../adapters/browser/chromium.js';
import { registrableDomain, type PopularDomains } from '../core/index.js';
import { compareTraces } from '../core/url/cloaking.js';
import { scoreRedirectChain } from '../core/url/score.js';
import { unwrapLink } from '../core/url/unwrap.js';
import type {
  ProfileTrace,
  QuickScanResult,
  RedirectAnalysis,
  TlsCertificateInfo,
} from '../core/url/types.js';
import type { UrlCache } from './url-cache.js';

export interface AnalyzeUrlOptions {
  mode: 'comprehensive' | 'quick';
  maxRedirects: 5 | 10 | 15 | 20;
  timeoutSeconds: 15 | 30 | 45 | 60;
  cloakingDetection: boolean;
  allowPrivateNetwork: boolean;
  /** Extra trusted CA certificates (PEM), for labs with an internal CA. */
  ca?: string[];
}

export const DEFAULT_URL_OPTIONS: AnalyzeUrlOptions = {
  mode: 'comprehensive',
  maxRedirects: 10,
  timeoutSeconds: 30,
  cloakingDetection: true,
  allowPrivateNetwork: false,
};
export const URL_CACHE_TTL_MS = 15 * 60 * 1000;

export interface UrlDeps {
  popular: PopularDomains;
  cache?: UrlCache;
  browser?: BrowserEngine | null;
  /** Why there is no browser, when there is none (shown in analysis_metadata). */
  browserNote?: string;
  /** Where a screenshot is kept; returns an id. */
  saveScreenshot?: (analysisId: string, png: Buffer) => string | Promise<string>;
}

/** Follows a URL as a victim's browser would and tells what happened on the way. */
export async function analyzeUrl(
  rawUrl: string,
  options: Partial<AnalyzeUrlOptions>,
  deps: UrlDeps,
): Promise<RedirectAnalysis> {
  const opts = { ...DEFAULT_URL_OPTIONS, ...options };
  const start = performance.now();
  // A link a mail gateway wrapped (Safe Links, URL Defense…) is followed from the address it
  // names: asking the gateway would log a click as the recipient's, and tells nothing more.
  const destination = unwrapLink(rawUrl.trim());
  const url = checkUrl(destination ?? rawUrl, opts);
  const unwrapped = destination
    ? {
        link_protection: `unwrapped from ${safeHost(rawUrl.trim())}: the address it names is followed directly, without asking the gateway`,
      }
    : {};
  const key = cacheKey(url, opts);
  const hit = await deps.cache?.get(key);
  if (hit) {
    // The cached analysis of the address says how this request reached it, not how that one did.
    const { link_protection: _, ...metadata } = hit.analysis_metadata;
    return { ...hit, cached: true, analysis_metadata: { ...metadata, ...unwrapped } };
  }

  const deadline = AbortSignal.timeout(opts.timeoutSeconds * 1000);
  const http = new GuardedHttp(opts);
  // Known before the page is visited: the screenshot is stored under it.
  const analysisId = randomUUID();
  const metadata: Record<string, unknown> = {
    mode: opts.mode,
    max_redirects: opts.maxRedirects,
    timeout_seconds: opts.timeoutSeconds,
    cloaking_detection: opts.cloakingDetection,
    ssrf_guard: opts.allowPrivateNetwork ? 'private network ALLOWED (--allow-private-network)' : 'on',
    profiles: [PROFILES.browser.name],
    ...unwrapped,
  };
  try {
    const follow = { ...opts, signal: deadline };
    const [main, crawler] = await Promise.all([
      followRedirects(url.href, http, PROFILES.browser, follow),
      opts.cloakingDetection
        ? followRedirects(url.href, http, PROFILES.crawler, follow)
        : Promise.resolve(null),
    ]);
    if (crawler) (metadata.profiles as string[]).push(PROFILES.crawler.name);
    if (opts.mode === 'comprehensive') await attachTls(main, opts);

    const traces: ProfileTrace[] = [trace(PROFILES.browser.name, main)];
    if (crawler) traces.push(trace(PROFILES.crawler.name, crawler));
    let jsBehavior: Record<string, unknown> = { executed: false };
    if (opts.mode === 'comprehensive' && deps.browser) {
      const b = await deps.browser.visit(url.href, {
        allowPrivateNetwork: opts.allowPrivateNetwork,
        timeoutMs: Math.max(1000, opts.timeoutSeconds * 1000 - (performance.now() - start)),
      });
      metadata.browser_engine = deps.browser.name;
      jsBehavior = {
        executed: true,
        final_url: b.finalUrl,
        navigations: b.navigations,
        blocked_requests: b.blockedRequests,
        title: b.title,
      };
      traces.push({
        profile: 'headless-chromium',
        final_url: b.finalUrl,
        final_status: b.status,
        title: b.title,
        has_password_form: b.hasPasswordForm,
        hops: b.navigations.length,
        text_sample: b.textSample,
      });
      const lastStatic = main.hops.at(-1);
      // Only a page the browser really reached is a hop: a failed load ends on about:blank or
      // chrome-error://, which is no destination.
      const reached = /^https?:/i.test(b.finalUrl ?? '') && b.status !== null;
      if (lastStatic && reached && b.finalUrl !== lastStatic.url && !main.blocked) {
        main.hops.push({
          ...lastStatic,
          hop_number: main.hops.length,
          url: b.finalUrl,
          redirect_type: 'browser',
          status_code: b.status,
          ip_address: null,
          response_time_ms: 0,
          content_length: b.textSample.length,
          content_hash: null,
          content_type: 'text/html',
          suspicious_patterns: ['redirect only seen when scripts run'],
          javascript_redirects: [],
          meta_refresh_delay: null,
          tls_certificate: null,
          error: null,
        });
        if (b.hasPasswordForm)
          main.finalFacts = {
            ...(main.finalFacts ?? {
              formActions: [],
              metaRefresh: null,
              scriptRedirects: [],
              textSample: '',
              externalScripts: 0,
            }),
            title: b.title,
            hasPasswordForm: true,
          };
      }
      if (b.screenshot && deps.saveScreenshot)
        metadata.screenshot_id = await deps.saveScreenshot(analysisId, b.screenshot);
    } else if (opts.mode === 'comprehensive') {
      metadata.browser_engine =
        deps.browserNote ??
        'unavailable: Chromium not found (install the chromium package); static analysis only';
    }

    // With no page fetched there is nothing to compare: cloaking is not assessed, not "absent".
    const fetched = main.hops.some((h) => h.status_code !== null);
    const cloaking = fetched
      ? compareTraces(traces, jsBehavior)
      : {
          cloaking_detected: false,
          cloaking_confidence: 0,
          cloaking_indicators: [],
          browser_behavior: { profiles: traces.map((t) => t.profile), assessed: false },
          content_differences: {},
          js_behavior: jsBehavior,
          cross_ua_differences: traces,
        };
    const score = scoreRedirectChain({
      hops: main.hops,
      finalTitle: main.finalFacts?.title ?? null,
      finalHasPasswordForm: main.finalFacts?.hasPasswordForm ?? false,
      cloaking,
      loopDetected: main.loopDetected,
      hopLimitHit: main.hopLimitHit,
      popular: deps.popular,
    });
    if (main.blocked) metadata.blocked = main.blocked;
    const elapsed = Math.round(performance.now() - start);
    const perHop = main.hops.map((h) => h.response_time_ms);
    const final = main.hops.filter((h) => !h.error || h.redirect_type === 'browser').at(-1) ?? main.hops[0];
    const domains = new Set(
      main.hops.map((h) => registrableDomain(safeHost(h.url)) ?? safeHost(h.url)).filter(Boolean),
    );
    // Share of the hops actually reached that were HTTPS (an unreached URL proves nothing).
    const web = main.hops.filter((h) => /^https?:/.test(h.url) && h.status_code !== null);
    const result: RedirectAnalysis = {
      analysis_id: analysisId,
      original_url: url.href,
      final_url: final?.url ?? url.href,
      verdict: score.verdict,
      threat_score: score.threat_score,
      explanation: score.explanation,
      threat_indicators: score.indicators,
      redirect_chain: main.hops,
      cloaking_analysis: cloaking,
      security_findings: score.findings,
      analysis_summary: {
        total_redirects: Math.max(0, main.hops.length - 1),
        final_destination: final?.url ?? url.href,
        cloaking_detected: cloaking.cloaking_detected,
        cloaking_confidence: cloaking.cloaking_confidence,
        threat_score: score.threat_score,
        unique_domains: domains.size,
        https_coverage: web.length
          ? Math.round((web.filter((h) => h.url.startsWith('https:')).length / web.length) * 100) / 100
          : 0,
        suspicious_patterns_count: main.hops.reduce((s, h) => s + h.suspicious_patterns.length, 0),
        analysis_duration_ms: elapsed,
      },
      timing_analysis: {
        total_ms: elapsed,
        per_hop_ms: perHop,
        slowest_hop: perHop.length ? perHop.indexOf(Math.max(...perHop)) : null,
        deadline_ms: opts.timeoutSeconds * 1000,
        deadline_hit: main.deadlineHit,
      },
      analysis_metadata: metadata,
      timestamp: new Date().toISOString(),
      execution_time_ms: elapsed,
      cached: false,
    };
    if (score.verdict !== 'error') await deps.cache?.set(key, result, URL_CACHE_TTL_MS);
    return result;
  } finally {
    await http.close();
  }
}

/** The spec's quick-scan shape: one static pass, no browser, no TLS probes. */
export async function quickScan(
  rawUrl: string,
  deps: UrlDeps,
  allowPrivateNetwork = false,
): Promise<QuickScanResult> {
  const r = await analyzeUrl(
    rawUrl,
    { mode: 'quick', cloakingDetection: true, allowPrivateNetwork },
    { ...deps, browser: null },
  );
  return {
    threat_score: r.threat_score,
    verdict: r.verdict,
    redirect_count: r.analysis_summary.total_redirects,
    final_url: r.final_url,
    cloaking_detected: r.cloaking_analysis.cloaking_detected,
    key_indicators: r.threat_indicators.map((i) => i.description),
    analysis_time_ms: r.execution_time_ms,
  };
}

async function attachTls(result: FollowResult, opts: AnalyzeUrlOptions): Promise<void> {
  const probes = new Map<string, Promise<TlsCertificateInfo>>();
  await Promise.all(
    result.hops.map(async (hop) => {
      if (!hop.url.startsWith('https:') || hop.status_code === null) return;
      const u = new URL(hop.url);
      const origin = `${u.hostname}:${u.port || 443}`;
      if (!probes.has(origin))
        probes.set(
          origin,
          probeTls(u.hostname.replace(/^\[|\]$/g, ''), Number(u.port || 443), { ...opts, timeoutMs: 10_000 }),
        );
      hop.tls_certificate = await (probes.get(origin) as Promise<TlsCertificateInfo>);
    }),
  );
}

function trace(profile: string, r: FollowResult): ProfileTrace {
  const last = r.hops.at(-1);
  return {
    profile,
    final_url: last?.url ?? '',
    final_status: last?.status_code ?? null,
    title: r.finalFacts?.title ?? null,
    has_password_form: r.finalFacts?.hasPasswordForm ?? false,
    hops: r.hops.length,
    text_sample: r.finalFacts?.textSample ?? '',
  };
}

function cacheKey(url: URL, o: AnalyzeUrlOptions): string {
  const u = new URL(url.href);
  u.hash = '';
  return JSON.stringify([
    u.href,
    o.mode,
    o.maxRedirects,
    o.timeoutSeconds,
    o.cloakingDetection,
    o.allowPrivateNetwork,
  ]);
}

function safeHost(href: string): string {
  try {
    return new URL(href).hostname;
  } catch {
    return '';
  }
}
