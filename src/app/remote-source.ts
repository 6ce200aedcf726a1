import createClient from 'openapi-fetch';
import type { components, paths } from '../api-types.js';
import { PhishguardError } from '../errors.js';
import type { DashboardEmail, DashboardSource } from './dashboard-source.js';

type Summary = components['schemas']['EmailSummary'];
type Detail = components['schemas']['EmailDetail'];

/** The answer's data, or a PhishguardError with the daemon's message. */
async function data<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: d, error, response } = await pending;
  if (response.ok && d !== undefined) return d;
  const detail = (error as { detail?: unknown } | undefined)?.detail;
  throw new PhishguardError(
    response.status === 401 ? 'UNAUTHORIZED' : 'NETWORK',
    typeof detail === 'string' ? detail : `HTTP ${response.status}`,
  );
}

function fromApi(e: Summary | Detail): DashboardEmail {
  return {
    id: e.id,
    subject: e.subject,
    sender: e.sender,
    received_at: e.received_at,
    snippet: e.snippet,
    status: e.status,
    risk_level: e.phishing_analysis?.risk_level ?? null,
    risk_score: e.phishing_analysis?.risk_score ?? null,
    summary: e.phishing_analysis?.summary ?? '',
    indicators: ('analysis' in e ? e.analysis?.indicators : undefined) ?? [],
  };
}

/**
 * A running daemon over HTTP, with a bearer token. The client is typed from the daemon's OpenAPI
 * document (src/api-types.ts), so a change of the API that breaks this dashboard breaks the build.
 */
export function remoteSource(base: string, token: string): DashboardSource {
  const api = createClient<paths>({ baseUrl: base, headers: { authorization: `Bearer ${token}` } });
  return {
    label: base,
    async overview() {
      const s = await data(api.GET('/api/system/stats'));
      return {
        mailbox: s.mailboxes.map((m) => m.address).join(', ') || 'no mailbox',
        counts: s.by_risk_level,
        lastScan:
          s.mailboxes
            .map((m) => m.last_scan_at)
            .filter((x): x is string => !!x)
            .sort()
            .at(-1) ?? null,
      };
    },
    async list(q) {
      const r = await data(
        api.GET('/api/emails', {
          params: {
            query: {
              page: q.page,
              size: q.size,
              risk_level: (q.level ?? 'all') as 'all',
              search: q.search || undefined,
            },
          },
        }),
      );
      return { items: r.emails.map(fromApi), total: r.total };
    },
    async detail(id) {
      const path = { params: { path: { id } } };
      const [e, l] = await Promise.all([
        data(api.GET('/api/emails/{id}', path)),
        data(api.GET('/api/emails/{id}/links', path)),
      ]);
      return { ...fromApi(e), links: l.links.map((x) => x.url) };
    },
    async setStatus(id, status) {
      await data(
        api.PATCH('/api/emails/{id}/status', {
          params: { path: { id } },
          body: { status, reason: 'set in the terminal dashboard' },
        }),
      );
    },
    analyzeLink: (url) =>
      data(api.POST('/api/v1/redirect-analysis/analyze', { body: { url, mode: 'quick' } })),
    testEmail: async (input) => {
      const r = await data(api.POST('/api/analyze/email', { body: input }));
      return {
        risk_score: r.risk_score,
        risk_level: r.phishing_analysis.risk_level,
        summary: r.phishing_analysis.summary,
        indicators: r.phishing_analysis.indicators,
        advice: r.recommendations,
      };
    },
    rescan: async () => null,
  };
}
