/** The spec's redirect-analysis shapes (section 3). */
export interface TlsCertificateInfo {
  is_valid: boolean;
  is_expired: boolean;
  not_yet_valid: boolean;
  self_signed: boolean;
  hostname_matches: boolean;
  validation_errors: string[];
  subject: string | null;
  issuer_organization: string | null;
  not_after: string | null;
}

export type RedirectType = 'initial' | 'http' | 'refresh-header' | 'meta-refresh' | 'javascript' | 'browser';

export interface Hop {
  hop_number: number;
  url: string;
  method: 'GET';
  redirect_type: RedirectType;
  status_code: number | null;
  ip_address: string | null;
  response_time_ms: number;
  content_length: number;
  content_hash: string | null;
  content_type: string | null;
  suspicious_patterns: string[];
  javascript_redirects: string[];
  meta_refresh_delay: number | null;
  tls_certificate: TlsCertificateInfo | null;
  error: string | null;
}

/** What a fetch of one URL (one hop) yields, before scoring. */
export interface PageFacts {
  title: string | null;
  hasPasswordForm: boolean;
  formActions: string[];
  metaRefresh: { delay: number; url: string } | null;
  scriptRedirects: string[];
  textSample: string;
  externalScripts: number;
}

export interface ProfileTrace {
  profile: string;
  final_url: string;
  final_status: number | null;
  title: string | null;
  has_password_form: boolean;
  hops: number;
  text_sample: string;
}

export interface CloakingAnalysis {
  cloaking_detected: boolean;
  cloaking_confidence: number;
  cloaking_indicators: string[];
  browser_behavior: Record<string, unknown>;
  content_differences: Record<string, unknown>;
  js_behavior: Record<string, unknown>;
  cross_ua_differences: ProfileTrace[];
}

export interface SecurityFindings {
  ip_domain_mismatch: boolean;
  cert_hostname_mismatch: boolean;
  suspicious_tld: boolean;
  suspicious_patterns: string[];
  domain_reputation: 'popular' | 'unknown' | 'suspicious';
  ssl_issues: string[];
}

export interface ThreatIndicator {
  id: string;
  severity: 'low' | 'medium' | 'high' | 'critical';
  description: string;
  evidence: string;
}

export interface AnalysisSummary {
  total_redirects: number;
  final_destination: string;
  cloaking_detected: boolean;
  cloaking_confidence: number;
  threat_score: number;
  unique_domains: number;
  https_coverage: number;
  suspicious_patterns_count: number;
  analysis_duration_ms: number;
}

export type Verdict = 'malicious' | 'suspicious' | 'safe' | 'error';

export interface RedirectAnalysis {
  analysis_id: string;
  original_url: string;
  final_url: string;
  verdict: Verdict;
  threat_score: number;
  explanation: string;
  threat_indicators: ThreatIndicator[];
  redirect_chain: Hop[];
  cloaking_analysis: CloakingAnalysis;
  security_findings: SecurityFindings;
  analysis_summary: AnalysisSummary;
  timing_analysis: {
    total_ms: number;
    per_hop_ms: number[];
    slowest_hop: number | null;
    deadline_ms: number;
    deadline_hit: boolean;
  };
  analysis_metadata: Record<string, unknown>;
  timestamp: string;
  execution_time_ms: number;
  cached: boolean;
}

export interface QuickScanResult {
  threat_score: number;
  verdict: Verdict;
  redirect_count: number;
  final_url: string;
  cloaking_detected: boolean;
  key_indicators: string[];
  analysis_time_ms: number;
}
