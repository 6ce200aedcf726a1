import { describe, expect, it } from 'vitest';
import { PopularDomains } from '../../src/core/index.js';
import { scoreRedirectChain } from '../../src/core/url/score.js';
import type { Hop } from '../../src/core/url/types.js';

const popular = new PopularDomains(['example.com']);
const hop = (url: string, n = 0): Hop => ({
  hop_number: n,
  url,
  method: 'GET',
  redirect_type: 'initial',
  status_code: 200,
  ip_address: '203.0.113.7',
  response_time_ms: 5,
  content_length: 100,
  content_hash: null,
  content_type: 'text/html',
  suspicious_patterns: [],
  javascript_redirects: [],
  meta_refresh_delay: null,
  tls_certificate: null,
  error: null,
});
const ids = (...urls: string[]) =>
  scoreRedirectChain({
    hops: urls.map((u, i) => hop(u, i)),
    finalTitle: null,
    finalHasPasswordForm: false,
    cloaking: {
      cloaking_detected: false,
      cloaking_confidence: 0,
      cloaking_indicators: [],
      browser_behavior: {},
      content_differences: {},
      js_behavior: {},
      cross_ua_differences: [],
    },
    loopDetected: false,
    hopLimitHit: false,
    popular,
  }).indicators.map((i) => i.id);

describe('the redirect chain score', () => {
  it('names a hop on a free site host, and not the host’s own site', () => {
    expect(ids('https://example.com/r', 'https://transfer705.pages.dev/x')).toContain('free_hosting');
    expect(ids('https://www.netlify.com/', 'https://example.com/')).not.toContain('free_hosting');
    // The pages Firebase Hosting serves itself under /__/ (its Auth action handler) are no user's.
    expect(
      ids('https://acme-1234.firebaseapp.com/__/auth/action?mode=verifyEmail', 'https://acme.example/'),
    ).not.toContain('free_hosting');
    expect(ids('https://acme-1234.firebaseapp.com/login', 'https://acme.example/')).toContain('free_hosting');
  });
});
