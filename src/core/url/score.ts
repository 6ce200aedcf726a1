import { brandNames, brandOwns, brandsIn } from '../domains/brands.js';
import { findLookalike } from '../domains/lookalike.js';
import type { PopularDomains } from '../domains/popular.js';
import { hostInfo, safeUrl } from '../domains/registrable.js';
import { freeHostOwnPage, isFreeHost, isRiskyTld, isShortener } from './lists.js';
import type { CloakingAnalysis, Hop, SecurityFindings, ThreatIndicator, Verdict } from './types.js';

export interface UrlScoreInput {
  hops: Hop[];
  finalTitle: string | null;
  finalHasPasswordForm: boolean;
  cloaking: CloakingAnalysis;
  loopDetected: boolean;
  hopLimitHit: boolean;
  popular: PopularDomains;
}

export interface UrlScore {
  threat_score: number;
  verdict: Verdict;
  explanation: string;
  indicators: ThreatIndicator[];
  findings: SecurityFindings;
}

const WEIGHT: Record<ThreatIndicator['severity'], number> = {
  low: 0.1,
  medium: 0.25,
  high: 0.45,
  critical: 0.7,
};
const EXECUTABLE = /\.(exe|scr|msi|bat|cmd|js|jse|vbs|hta|ps1|jar|apk|dmg|iso|lnk)$/i;
const EXECUTABLE_TYPES =
  /application\/(x-msdownload|x-msdos-program|x-ms-installer|vnd\.microsoft\.portable-executable|x-dosexec|java-archive|vnd\.android\.package-archive|x-apple-diskimage)/i;

/** Scores a followed chain: each finding an indicator with evidence; noisy-OR of severities. */
export function scoreRedirectChain(input: UrlScoreInput): UrlScore {
  const ind: ThreatIndicator[] = [];
  const add = (id: string, severity: ThreatIndicator['severity'], description: string, evidence: string) => {
    if (!ind.some((i) => i.id === id)) ind.push({ id, severity, description, evidence });
  };
  const domains: string[] = [];
  let ipHost = false;
  let tldRisk = false;
  const sslIssues: string[] = [];
  let certMismatch = false;

  for (const hop of input.hops) {
    const url = safeUrl(hop.url);
    if (!url) continue;
    if (url.protocol === 'data:')
      add(
        'data_url',
        'critical',
        'The chain ends in a data: URL, which carries a whole page inline.',
        hop.url.slice(0, 80),
      );
    if (!/^https?:$/.test(url.protocol)) continue;
    const info = hostInfo(url.hostname);
    const domain = info.domain ?? info.hostname;
    if (!domains.includes(domain)) domains.push(domain);
    if (info.isIp) {
      ipHost = true;
      add('ip_host', 'high', 'A hop uses a bare IP address instead of a domain name.', hop.url);
    }
    if (info.publicSuffix && isRiskyTld(info.publicSuffix)) {
      tldRisk = true;
      add(
        'suspicious_tld',
        'medium',
        `A hop uses the .${info.publicSuffix} ending, common in abuse.`,
        hop.url,
      );
    }
    if (isFreeHost(url.hostname) && !freeHostOwnPage(url))
      add(
        'free_hosting',
        'low',
        'A hop is a page on a free site host, where anyone can publish a site in minutes.',
        hop.url,
      );
    if (info.domain && isShortener(info.domain))
      add('shortener', 'low', 'The link goes through a URL shortener.', hop.url);
    if (info.domain) {
      const look = findLookalike(url.hostname, input.popular);
      if (look)
        add(
          'lookalike_domain',
          'critical',
          `A hop's domain imitates ${look.imitates ?? 'a well-known site'}.`,
          look.detail,
        );
      const misused = brandsIn(`${info.subdomain} ${url.pathname}`, { allowCommonWords: false }).filter(
        (b) => !brandOwns(b, info.domain ?? ''),
      );
      if (misused.length > 0 && !input.popular.isPopular(info.domain, 5000))
        add(
          'brand_on_unrelated_domain',
          'high',
          `${brandNames(misused)} named on ${info.domain}, a domain that brand does not use.`,
          hop.url,
        );
    }
    const tls = hop.tls_certificate;
    if (tls) {
      if (!tls.hostname_matches) certMismatch = true;
      for (const e of tls.validation_errors) if (!sslIssues.includes(e)) sslIssues.push(e);
    }
    if (EXECUTABLE.test(url.pathname) || (hop.content_type && EXECUTABLE_TYPES.test(hop.content_type)))
      add(
        'executable_download',
        'critical',
        'The link downloads a program.',
        `${hop.url} (${hop.content_type ?? 'by name'})`,
      );
  }
  if (certMismatch)
    add(
      'cert_hostname_mismatch',
      'high',
      "A site's certificate was issued for another name.",
      sslIssues.find((e) => e.includes('hostname')) ?? '',
    );
  if (sslIssues.some((e) => /expired|not yet valid/.test(e)))
    add(
      'cert_expired',
      'medium',
      'A site presents an expired or not-yet-valid certificate.',
      sslIssues.join('; '),
    );
  if (sslIssues.some((e) => /self-signed|untrusted/.test(e)))
    add(
      'cert_untrusted',
      'high',
      'A site presents a self-signed or untrusted certificate.',
      sslIssues.join('; '),
    );
  if (domains.length > 2)
    add(
      'cross_domain_hops',
      domains.length > 3 ? 'medium' : 'low',
      `The chain crosses ${domains.length} different domains.`,
      domains.join(' → '),
    );
  if (input.loopDetected)
    add(
      'redirect_loop',
      'medium',
      'The redirects loop back on themselves.',
      input.hops
        .map((h) => h.url)
        .slice(-3)
        .join(' → '),
    );
  if (input.hopLimitHit)
    add('too_many_redirects', 'medium', 'The chain hit the redirect limit.', `${input.hops.length} hops`);
  if (input.hops.some((h) => h.redirect_type === 'javascript'))
    add(
      'script_redirect',
      'low',
      'A page forwards the visitor with a script.',
      input.hops.find((h) => h.redirect_type === 'javascript')?.url ?? '',
    );
  if (input.hops.some((h) => h.redirect_type === 'meta-refresh' && (h.meta_refresh_delay ?? 1) === 0))
    add('instant_meta_refresh', 'low', 'A page forwards instantly with a meta refresh.', '');

  const final = input.hops.at(-1);
  const finalInfo = final ? hostInfo(safeUrl(final.url)?.hostname ?? '') : null;
  const finalSite = finalInfo?.domain ?? finalInfo?.hostname;
  if (input.finalHasPasswordForm && finalSite) {
    const claimed = brandsIn(input.finalTitle ?? '', { allowCommonWords: true }).filter(
      (b) => !brandOwns(b, finalSite),
    );
    if (claimed.length > 0)
      add(
        'brand_login_on_unrelated_domain',
        'critical',
        `A ${brandNames(claimed)} sign-in page is served from ${finalSite}.`,
        `title "${input.finalTitle}"`,
      );
    else if (!input.popular.isPopular(finalSite, 20_000))
      add(
        'password_form_unknown_domain',
        'high',
        'The final page asks for a password on a little-known domain.',
        final?.url ?? '',
      );
    if (final?.url.startsWith('http:'))
      add('password_over_http', 'high', 'The final page asks for a password without encryption.', final.url);
  }
  if (input.cloaking.cloaking_detected)
    add(
      'cloaking',
      input.cloaking.cloaking_confidence >= 0.7 ? 'critical' : 'high',
      'The site shows different content to browsers and to crawlers.',
      input.cloaking.cloaking_indicators.join('; '),
    );

  let keep = 1;
  for (const i of ind) keep *= 1 - WEIGHT[i.severity];
  const threat = Math.round((1 - keep) * 1000) / 1000;
  const reachable = input.hops.some((h) => h.status_code !== null);
  const verdict: Verdict = !reachable
    ? 'error'
    : threat >= 0.6
      ? threat >= 0.8
        ? 'malicious'
        : 'suspicious'
      : threat >= 0.3
        ? 'suspicious'
        : 'safe';
  const finalDomain = finalInfo?.domain ?? null;
  const findings: SecurityFindings = {
    ip_domain_mismatch: ipHost,
    cert_hostname_mismatch: certMismatch,
    suspicious_tld: tldRisk,
    suspicious_patterns: [...new Set(input.hops.flatMap((h) => h.suspicious_patterns))],
    domain_reputation: ind.some(
      (i) => i.id === 'lookalike_domain' || i.id === 'brand_login_on_unrelated_domain',
    )
      ? 'suspicious'
      : finalDomain && input.popular.isPopular(finalDomain, 20_000)
        ? 'popular'
        : 'unknown',
    ssl_issues: sslIssues,
  };
  return {
    threat_score: threat,
    verdict,
    explanation: explain(verdict, threat, ind, input.hops),
    indicators: ind,
    findings,
  };
}

function explain(verdict: Verdict, score: number, ind: ThreatIndicator[], hops: Hop[]): string {
  const top = [...ind].sort((a, b) => WEIGHT[b.severity] - WEIGHT[a.severity]).slice(0, 3);
  if (verdict === 'error')
    return `The URL could not be analysed: ${hops.find((h) => h.error)?.error ?? 'no response'}. Nothing was fetched, so redirects, TLS and cloaking were not checked.${top.length ? ` From the address alone: ${top.map((t) => t.description.replace(/\.$/, '')).join('; ')}.` : ''}`;
  const lead =
    verdict === 'malicious'
      ? 'Likely malicious'
      : verdict === 'suspicious'
        ? 'Suspicious'
        : 'No significant threats found';
  const path = `${hops.length - 1} redirect(s) to ${hops.at(-1)?.url ?? '?'}`;
  if (top.length === 0) return `${lead} (threat ${score.toFixed(2)}): ${path}.`;
  return `${lead} (threat ${score.toFixed(2)}): ${top.map((t) => t.description.replace(/\.$/, '')).join('; ')}. ${path}.`;
}
