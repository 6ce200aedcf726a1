import { z } from '@hono/zod-openapi';

/**
 * What the API answers, as zod schemas. The routes declare them (src/server/routes), the
 * compiler checks every handler's `c.json(...)` against them, the OpenAPI document is generated
 * from them, and the web and terminal clients are typed from that document.
 */

export const ErrorBody = z
  .object({
    detail: z.string(),
    code: z.string(),
    issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    request_id: z.string().optional(),
  })
  .openapi('Error');

export const Detail = z.object({ detail: z.string() }).openapi('Detail');

export const RiskLevel = z.enum(['HIGH', 'MEDIUM', 'LOW', 'SAFE']).openapi('RiskLevel');
export const EmailStatus = z
  .enum(['new', 'reviewed', 'safe', 'phishing', 'false_positive', 'quarantined'])
  .openapi('EmailStatus');

export const PublicUser = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string().nullable(),
    name: z.string(),
    is_admin: z.boolean(),
    must_change_password: z.boolean(),
  })
  .openapi('User');

export const TokenPair = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
    user: PublicUser,
  })
  .openapi('TokenPair');

export const PhishingAnalysis = z
  .object({
    risk_score: z.number(),
    risk_level: RiskLevel,
    indicators: z.array(z.string()),
    summary: z.string(),
  })
  .openapi('PhishingAnalysis');

export const Indicator = z
  .object({
    id: z.string(),
    family: z.enum([
      'auth',
      'sender',
      'lookalike',
      'links',
      'content',
      'attachments',
      'model',
      'history',
      'parse',
    ]),
    severity: z.enum(['info', 'low', 'medium', 'high', 'critical']),
    weight: z.number(),
    explanation: z.string(),
    evidence: z.array(z.string()),
  })
  .openapi('Indicator');

export const EmailSummary = z
  .object({
    id: z.number().int(),
    mailbox_id: z.number().int(),
    message_id: z.string().nullable(),
    subject: z.string(),
    sender: z.string(),
    received_at: z.string().nullable(),
    snippet: z.string(),
    size: z.number().int(),
    status: EmailStatus,
    status_reason: z.string().nullable(),
    phishing_analysis: z.union([PhishingAnalysis, z.null()]),
  })
  .openapi('EmailSummary');

export const EmailDetail = EmailSummary.extend({
  analysis: z
    .object({
      engine_version: z.string(),
      is_phishing: z.boolean(),
      confidence: z.number(),
      indicators: z.array(Indicator),
      model: z.object({
        used: z.boolean(),
        probability: z.number().nullable(),
        top_terms: z.array(z.string()),
      }),
    })
    .optional(),
}).openapi('EmailDetail');

export const EmailPage = z
  .object({
    emails: z.array(EmailSummary),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .openapi('EmailPage');

export const TestRiskLevel = z.enum(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']);
export const EmailTestResult = z
  .object({
    is_phishing: z.boolean(),
    risk_level: TestRiskLevel,
    confidence: z.number(),
    threats_detected: z.array(z.string()),
    recommendations: z.array(z.string()),
    analysis_details: z.object({
      sender_analysis: z.object({
        domain_trust: z.enum(['trusted', 'unknown', 'suspicious']),
        auth_status: z.string(),
      }),
      content_analysis: z.object({ suspicious_patterns: z.array(z.string()), urgency_score: z.number() }),
    }),
    timestamp: z.string(),
    risk_score: z.number(),
    phishing_analysis: PhishingAnalysis,
    indicators_detail: z.array(Indicator),
  })
  .openapi('EmailTestResult');

const Verdict = z.enum(['malicious', 'suspicious', 'safe', 'error']);
const Tls = z.object({
  is_valid: z.boolean(),
  is_expired: z.boolean(),
  not_yet_valid: z.boolean(),
  self_signed: z.boolean(),
  hostname_matches: z.boolean(),
  validation_errors: z.array(z.string()),
  subject: z.string().nullable(),
  issuer_organization: z.string().nullable(),
  not_after: z.string().nullable(),
});
export const Hop = z
  .object({
    hop_number: z.number().int(),
    url: z.string(),
    method: z.literal('GET'),
    redirect_type: z.enum(['initial', 'http', 'refresh-header', 'meta-refresh', 'javascript', 'browser']),
    status_code: z.number().int().nullable(),
    ip_address: z.string().nullable(),
    response_time_ms: z.number(),
    content_length: z.number(),
    content_hash: z.string().nullable(),
    content_type: z.string().nullable(),
    suspicious_patterns: z.array(z.string()),
    javascript_redirects: z.array(z.string()),
    meta_refresh_delay: z.number().nullable(),
    tls_certificate: Tls.nullable(),
    error: z.string().nullable(),
  })
  .openapi('Hop');
const Loose = z.record(z.string(), z.unknown());
export const RedirectAnalysis = z
  .object({
    analysis_id: z.string(),
    original_url: z.string(),
    final_url: z.string(),
    verdict: Verdict,
    threat_score: z.number(),
    explanation: z.string(),
    threat_indicators: z.array(
      z.object({
        id: z.string(),
        severity: z.enum(['low', 'medium', 'high', 'critical']),
        description: z.string(),
        evidence: z.string(),
      }),
    ),
    redirect_chain: z.array(Hop),
    cloaking_analysis: z.object({
      cloaking_detected: z.boolean(),
      cloaking_confidence: z.number(),
      cloaking_indicators: z.array(z.string()),
      browser_behavior: Loose,
      content_differences: Loose,
      js_behavior: Loose,
      cross_ua_differences: z.array(
        z.object({
          profile: z.string(),
          final_url: z.string(),
          final_status: z.number().nullable(),
          title: z.string().nullable(),
          has_password_form: z.boolean(),
          hops: z.number(),
          text_sample: z.string(),
        }),
      ),
    }),
    security_findings: z.object({
      ip_domain_mismatch: z.boolean(),
      cert_hostname_mismatch: z.boolean(),
      suspicious_tld: z.boolean(),
      suspicious_patterns: z.array(z.string()),
      domain_reputation: z.enum(['popular', 'unknown', 'suspicious']),
      ssl_issues: z.array(z.string()),
    }),
    analysis_summary: z.object({
      total_redirects: z.number(),
      final_destination: z.string(),
      cloaking_detected: z.boolean(),
      cloaking_confidence: z.number(),
      threat_score: z.number(),
      unique_domains: z.number(),
      https_coverage: z.number(),
      suspicious_patterns_count: z.number(),
      analysis_duration_ms: z.number(),
    }),
    timing_analysis: z.object({
      total_ms: z.number(),
      per_hop_ms: z.array(z.number()),
      slowest_hop: z.number().nullable(),
      deadline_ms: z.number(),
      deadline_hit: z.boolean(),
    }),
    analysis_metadata: Loose,
    timestamp: z.string(),
    execution_time_ms: z.number(),
    cached: z.boolean(),
  })
  .openapi('RedirectAnalysis');

export const QuickScanResult = z
  .object({
    threat_score: z.number(),
    verdict: Verdict,
    redirect_count: z.number().int(),
    final_url: z.string(),
    cloaking_detected: z.boolean(),
    key_indicators: z.array(z.string()),
    analysis_time_ms: z.number(),
  })
  .openapi('QuickScanResult');

export const Scan = z
  .object({
    id: z.number().int(),
    mailbox_id: z.number().int(),
    status: z.enum(['running', 'done', 'failed', 'interrupted']),
    processed: z.number().int(),
    added: z.number().int(),
    total: z.number().int().nullable(),
    error: z.string().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('Scan');

export const Mailbox = z
  .object({
    id: z.number().int(),
    kind: z.enum(['gmail', 'imap', 'local']),
    address: z.string(),
    created_at: z.string(),
    last_scan_at: z.string().nullable(),
    last_scan: z.union([Scan, z.null()]),
    authserv_id: z
      .string()
      .nullable()
      .describe(
        "The receiving server whose Authentication-Results may lower this mailbox's scores (Gmail: mx.google.com); null: none",
      ),
  })
  .openapi('Mailbox');

export const TrustReport = z
  .object({
    trusted: z.string().nullable(),
    sampled: z.number().int().describe('stored messages read, the newest first'),
    with_results: z.number().int().describe('how many of them carry an Authentication-Results header'),
    seen: z.array(z.object({ authserv_id: z.string(), messages: z.number().int() })),
    suggested: z
      .string()
      .nullable()
      .describe('the receiving server that wrote the topmost header of nearly all of them, if one did'),
  })
  .openapi('TrustReport');

export const AuditRow = z
  .object({
    id: z.number().int(),
    at: z.string(),
    user_id: z.number().int().nullable(),
    username: z.string().nullable(),
    action: z.string(),
    target: z.string().nullable(),
    address: z.string().nullable(),
    outcome: z.string(),
    detail: Loose,
  })
  .openapi('AuditRow');

const Component = z.object({ ok: z.boolean(), detail: z.string().optional() });
export const Health = z
  .object({
    status: z.enum(['healthy', 'unhealthy']),
    engine_version: z.string(),
    model_loaded: z.boolean(),
    components: z.object({
      database: Component,
      browser_engine: Component,
      mailbox_connectors: z.object({ gmail: z.string(), imap: z.string(), local_files: z.string() }),
    }),
    timestamp: z.string(),
  })
  .openapi('Health');

export const Evaluation = z
  .union([
    z.object({ available: z.literal(false) }),
    z.object({
      available: z.literal(true),
      generated: z.string(),
      engine_version: z.string(),
      model_checksum: z.string(),
      forward_from: z.string(),
      phishing_recall: z.number(),
      phishing_recall_pasted: z.number(),
      false_positive_rate: z.number(),
      worst_source_false_positive_rate: z.number(),
      messages_evaluated: z.number(),
      dev_recall: z.number(),
      dev_false_positive_rate: z.number(),
      /** Phishing of a collection left out of training, each collection in turn: the lowest and highest recall. */
      unseen_collection_recall: z.object({ min: z.number(), max: z.number() }).nullable(),
      /**
       * 95% intervals of the two forward-in-time recalls (near-duplicate groups resampled; see
       * docs/evaluation.md). Null for a report from before 2026-11-26.
       */
      phishing_recall_interval: z.object({ lo: z.number(), hi: z.number() }).nullable(),
      phishing_recall_pasted_interval: z.object({ lo: z.number(), hi: z.number() }).nullable(),
    }),
  ])
  .openapi('Evaluation');

export const GmailMessage = z
  .object({
    id: z.string(),
    subject: z.string(),
    sender: z.string(),
    received_at: z.string().nullable(),
    snippet: z.string(),
    phishing_analysis: PhishingAnalysis,
  })
  .openapi('GmailMessage');

export const MessageViewSchema = z
  .object({
    headers: z.array(z.object({ name: z.string(), value: z.string() })),
    text: z.string(),
    has_html: z.boolean(),
    attachments: z.array(z.object({ filename: z.string(), mime_type: z.string(), size: z.number().int() })),
    links: z.array(
      z.object({
        url: z.string(),
        text: z.string(),
        qr_picture: z
          .string()
          .optional()
          .describe('For a link read from a QR code: the picture (or PDF) that holds it'),
        via: z
          .string()
          .optional()
          .describe(
            "For a link through a well-known site's open redirect: the redirect (google.co.uk/amp); url is where it leads",
          ),
      }),
    ),
    authentication: z
      .object({
        authserv_id: z.string(),
        trusted: z
          .boolean()
          .describe('Written by a receiving server this mailbox trusts (else anyone on the path could have)'),
        spf: z.string().nullable(),
        dkim: z.string().nullable(),
        dmarc: z.string().nullable(),
        arc: z.string().nullable(),
        header: z.string(),
      })
      .nullable(),
    warnings: z.array(z.string()),
  })
  .strict()
  .openapi('MessageView');
