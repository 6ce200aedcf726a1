import { extractPageFacts, parseRefresh } from '../../core/url/page.js';
import type { Hop, PageFacts, RedirectType } from '../../core/url/types.js';
import { PhishguardError } from '../../errors.js';
import type { GuardedHttp, Profile } from './fetch-hop.js';
import { checkUrl, type GuardOptions } from './ssrf-guard.js';

export interface FollowOptions extends GuardOptions {
  maxRedirects: number;
  /** One deadline for the whole chain. */
  signal: AbortSignal;
}

export interface FollowResult {
  hops: Hop[];
  finalFacts: PageFacts | null;
  loopDetected: boolean;
  hopLimitHit: boolean;
  blocked: string | null;
  deadlineHit: boolean;
}

const SUSPICIOUS: [RegExp, string][] = [
  [/eval\s*\(\s*(?:atob|unescape|decodeURIComponent)\s*\(/i, 'obfuscated script (eval of decoded text)'],
  [/String\.fromCharCode\s*\((?:\s*\d+\s*,){20,}/i, 'script built from character codes'],
  [/document\.write\s*\(\s*(?:unescape|atob)\s*\(/i, 'document.write of decoded markup'],
  [/<iframe[^>]+(?:width|height)\s*=\s*["']?(?:100%|0)["']?/i, 'full-page or invisible iframe'],
  [/data:text\/html;base64,/i, 'embedded data:text/html page'],
  [/navigator\.webdriver|headless/i, 'checks whether the visitor is an automated browser'],
  [/<input[^>]+type\s*=\s*["']?password/i, 'password field'],
];

/** Follows a URL the way a browser would, without running scripts: 3xx, Refresh, meta refresh, script redirects. */
export async function followRedirects(
  start: string,
  http: GuardedHttp,
  profile: Profile,
  opts: FollowOptions,
): Promise<FollowResult> {
  const hops: Hop[] = [];
  const seen = new Set<string>();
  let url = checkUrl(start, opts);
  let arrivedBy: RedirectType = 'initial';
  let finalFacts: PageFacts | null = null;
  let result: Omit<FollowResult, 'hops' | 'finalFacts'> = {
    loopDetected: false,
    hopLimitHit: false,
    blocked: null,
    deadlineHit: false,
  };

  for (;;) {
    const key = url.href.replace(/#.*$/, '');
    if (seen.has(key)) {
      result = { ...result, loopDetected: true };
      break;
    }
    seen.add(key);
    const hop = blankHop(hops.length, url.href, arrivedBy);
    hops.push(hop);
    let next: { url: string; type: RedirectType } | null = null;
    try {
      const res = await http.get(url, profile, opts.signal);
      hop.status_code = res.status;
      hop.ip_address = res.ip;
      hop.response_time_ms = res.ms;
      hop.content_length = res.body.length;
      hop.content_hash = res.sha256;
      hop.content_type = res.headers['content-type'] ?? null;
      if (res.truncated)
        hop.suspicious_patterns.push(`body larger than ${res.body.length} bytes; read the first part only`);
      if (res.status >= 300 && res.status < 400 && res.headers.location)
        next = { url: res.headers.location, type: 'http' };
      else if (res.headers.refresh) {
        const r = parseRefresh(res.headers.refresh);
        if (r) next = { url: r.url, type: 'refresh-header' };
        hop.meta_refresh_delay = r?.delay ?? null;
      }
      if (/html|text\/plain|^$/i.test(hop.content_type ?? '')) {
        const html = res.body.toString('utf8');
        const facts = extractPageFacts(html);
        finalFacts = facts;
        hop.javascript_redirects = facts.scriptRedirects;
        for (const [re, label] of SUSPICIOUS) if (re.test(html)) hop.suspicious_patterns.push(label);
        if (!next && facts.metaRefresh) {
          next = { url: facts.metaRefresh.url, type: 'meta-refresh' };
          hop.meta_refresh_delay = facts.metaRefresh.delay;
        }
        if (!next && facts.scriptRedirects[0]) next = { url: facts.scriptRedirects[0], type: 'javascript' };
      } else finalFacts = null;
    } catch (err) {
      if (opts.signal.aborted) {
        hop.error = 'overall deadline reached';
        result = { ...result, deadlineHit: true };
      } else hop.error = describe(err);
      if (hop.error.startsWith('refused')) result = { ...result, blocked: hop.error };
      break;
    }
    if (!next) break;
    if (hops.length > opts.maxRedirects) {
      result = { ...result, hopLimitHit: true };
      break;
    }
    const target = resolve(next.url, url);
    if (target?.protocol === 'data:' || target?.protocol === 'javascript:') {
      hops.push({
        ...blankHop(hops.length, target.href.slice(0, 500), next.type),
        suspicious_patterns: [`redirect to a ${target.protocol} URL`],
        error: `${target.protocol} URLs are not fetched`,
      });
      break;
    }
    try {
      // An absolute target is checked as written, so odd IP notations are seen before URL parsing normalises them.
      const asWritten = /^[a-z][a-z0-9+.-]*:/i.test(next.url.trim())
        ? next.url.trim()
        : (target?.href ?? next.url);
      url = checkUrl(asWritten, opts);
    } catch (err) {
      const message = err instanceof PhishguardError ? err.message : describe(err);
      hops.push({ ...blankHop(hops.length, target?.href ?? next.url, next.type), error: message });
      result = { ...result, blocked: message };
      break;
    }
    arrivedBy = next.type;
  }
  return { hops, finalFacts, ...result };
}

/** A hop before (or instead of) any response. */
function blankHop(n: number, url: string, type: RedirectType): Hop {
  return {
    hop_number: n,
    url,
    method: 'GET',
    redirect_type: type,
    status_code: null,
    ip_address: null,
    response_time_ms: 0,
    content_length: 0,
    content_hash: null,
    content_type: null,
    suspicious_patterns: [],
    javascript_redirects: [],
    meta_refresh_delay: null,
    tls_certificate: null,
    error: null,
  };
}

function resolve(href: string, base: URL): URL | null {
  try {
    return new URL(href.trim(), base);
  } catch {
    return null;
  }
}

export function describe(err: unknown): string {
  const e = err as {
    message?: string;
    code?: string;
    cause?: { message?: string; code?: string; hostname?: string };
  };
  const inner = e.cause?.message ?? e.message ?? String(err);
  if (/refused to connect/.test(inner))
    return inner.replace(/^.*?(refused to connect)/, 'refused to connect');
  const code = e.cause?.code ?? e.code ?? '';
  const host = e.cause?.hostname ?? /ENOTFOUND (\S+)/.exec(inner)?.[1];
  // What a person can act on first; the system's own code last, for whoever needs it.
  const plain = FRIENDLY[code]?.(host);
  return plain ? `${plain} (${code})` : `${code || 'error'}: ${inner}`;
}

const FRIENDLY: Record<string, (host?: string) => string> = {
  ENOTFOUND: (h) =>
    `the name ${h ?? ''} does not resolve: no such domain (taken down, or never existed)`.replace('  ', ' '),
  EAI_AGAIN: (h) =>
    `the name ${h ?? ''} could not be resolved right now (DNS did not answer)`.replace('  ', ' '),
  ECONNREFUSED: () => 'the server refused the connection (nothing listens on that port)',
  ECONNRESET: () => 'the server closed the connection abruptly',
  ETIMEDOUT: () => 'the server did not answer in time',
  UND_ERR_CONNECT_TIMEOUT: () => 'the server did not accept a connection in time',
  UND_ERR_HEADERS_TIMEOUT: () => 'the server accepted the connection but sent no answer in time',
  EHOSTUNREACH: () => 'the server cannot be reached from here (no route)',
  ENETUNREACH: () => 'the network of that address cannot be reached from here',
  CERT_HAS_EXPIRED: () => 'the TLS handshake failed: the certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: () => 'the TLS handshake failed: the certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: () =>
    'the TLS handshake failed: the certificate chain ends in an untrusted root',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: () => 'the TLS handshake failed: the certificate chain is incomplete',
  ERR_TLS_CERT_ALTNAME_INVALID: () => 'the TLS handshake failed: the certificate is for another name',
  EPROTO: () => 'the TLS handshake failed (protocol error)',
};
