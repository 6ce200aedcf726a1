import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { checkUrl } from '../../adapters/http/ssrf-guard.js';
import { quickScan } from '../../app/analyze-url.js';
import { StoreUrlCache } from '../../app/store-url-cache.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps } from '../env.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import {
  EmailDetail,
  EmailTestResult,
  QuickScanResult,
  RedirectAnalysis,
  RiskLevel,
} from '../openapi/schemas.js';
import { clientAddress } from '../validate.js';
import { emailDetailJson } from './emails.js';

const MAX_CONTENT = 1_000_000;
export const TestEmail = z.object({
  subject: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(2000),
  sender: z
    .string({ error: 'Please fill in all required fields' })
    .trim()
    .min(1, 'Please fill in all required fields')
    .max(500),
  content: z
    .string({ error: 'Please fill in all required fields' })
    .min(1, 'Please fill in all required fields')
    .max(MAX_CONTENT, `content is limited to ${MAX_CONTENT} characters`),
});
const HttpUrl = z
  .string({ error: 'Please enter a URL to analyze' })
  .trim()
  .min(1, 'Please enter a URL to analyze')
  .max(8192)
  .refine((u) => /^https?:\/\/[^\s/]+/i.test(u) && URL.canParse(u), 'Please enter a valid HTTP or HTTPS URL');
export const RedirectBody = z.object({
  url: HttpUrl,
  include_cloaking_detection: z.boolean().default(true),
  max_redirects: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(20)]).default(10),
  timeout_seconds: z.union([z.literal(15), z.literal(30), z.literal(45), z.literal(60)]).default(30),
  mode: z.enum(['comprehensive', 'quick']).default('comprehensive'),
});
const Id = z.coerce.number().int().positive();
export const QuickScanBody = z.object({ url: HttpUrl });
export const IntelQuery = z.object({
  query: z.string().trim().min(1, 'query is required').max(200),
  source: z.enum(['all', 'emails', 'urls', 'indicators']).default('all'),
});

/** Where a stored screenshot of the signed-in user is served (GET /api/screenshots/{id}). */
export const screenshotUrl = (id: string) => `/api/screenshots/${encodeURIComponent(id)}`;

export function analysisRoutes(deps: AppDeps) {
  const { store, engine } = deps;
  // A quick scan (no browser) answers here; full analyses go through deps.jobs.analyzeLink.
  const quickDeps = (userId: number) => ({ popular: deps.popular, cache: new StoreUrlCache(store, userId) });
  const auditUrl = async (
    c: { get: (k: 'user') => { id: number; username: string } },
    url: string,
    verdict: string,
    address: string,
  ) => {
    const u = c.get('user');
    await store.audit.add({
      userId: u.id,
      username: u.username,
      action: 'url.analyze',
      target: url.slice(0, 500),
      address,
      detail: { verdict },
    });
  };

  /**
   * Following a link of mail that looks legitimate visits it as the user would: a one-time
   * sign-in, confirmation or unsubscribe link is spent. Such links are followed only when the
   * request says so (?confirm=true).
   */
  const confirmFollowing = async (emailId: number, userId: number, confirm: string | undefined) => {
    const level = (await store.emails.get(emailId, userId))?.analysis?.risk_level;
    if ((level === 'SAFE' || level === 'LOW') && confirm !== 'true')
      throw new PhishguardError(
        'CONFLICT',
        `This message looks legitimate (${level}). Following its links visits them for real: a one-time sign-in, confirmation or unsubscribe link would be used up. Repeat with ?confirm=true to go ahead.`,
      );
  };

  const Confirm = z.object({
    confirm: z
      .enum(['true', 'false'])
      .optional()
      .openapi({ description: 'Follow links of mail that looks legitimate (SAFE/LOW) anyway' }),
  });
  const LinkParam = z.object({ id: Id });

  return routes()
    .openapi(
      createRoute({
        method: 'post',
        path: '/analyze/email',
        tags: ['analysis'],
        summary: 'Analyse a pasted email (subject, sender, content)',
        ...signedIn(deps),
        request: jsonBody(TestEmail),
        responses: { 200: json(EmailTestResult, 'The verdict and its reasons'), ...ERRORS },
      }),
      async (c) => {
        const a = engine.analyzeTest(c.req.valid('json'));
        return c.json(
          {
            ...engine.testResult(a),
            risk_score: a.risk_score,
            phishing_analysis: engine.listShape(a),
            indicators_detail: a.indicators,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/analysis/reprocess/{id}',
        tags: ['analysis'],
        summary: 'Analyse a stored email again with the current engine',
        ...signedIn(deps),
        request: { params: LinkParam },
        responses: { 200: json(EmailDetail, 'The email with its new analysis'), ...ERRORS },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.get('user');
        const raw = await store.emails.raw(id, user.id);
        if (!raw)
          throw new PhishguardError('NOT_FOUND', 'Email not found, or its original message is not stored');
        const { analysis } = await engine.analyzeRaw(raw);
        await store.emails.putAnalysis(id, analysis);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'email.reprocess',
          target: `email:${id}`,
          address: clientAddress(c),
        });
        const e = await store.emails.get(id, user.id);
        if (!e) throw new PhishguardError('NOT_FOUND', 'Email not found');
        return c.json(emailDetailJson(e), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/analysis/threat-intel',
        tags: ['analysis'],
        summary: 'Search past email and URL analyses and indicators',
        ...signedIn(deps),
        request: { query: IntelQuery },
        responses: { 200: json(IntelResults, 'Matches'), ...ERRORS },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const user = c.get('user');
        const emails =
          q.source === 'urls'
            ? []
            : (await store.emails.search(user.id, q.query, 50)).map((e) => ({
                type: 'email' as const,
                id: e.id,
                subject: e.subject,
                sender: e.sender,
                received_at: e.received_at,
                risk_level: e.analysis?.risk_level ?? null,
                risk_score: e.analysis?.risk_score ?? null,
                matched_indicators: (e.analysis?.result?.indicators ?? [])
                  .filter((i) => JSON.stringify(i).toLowerCase().includes(q.query.toLowerCase()))
                  .map((i) => i.id),
              }));
        const urls =
          q.source === 'emails' || q.source === 'indicators'
            ? []
            : (await store.urlAnalyses.search(user.id, q.query, 50)).map((u) => ({
                type: 'url' as const,
                ...u,
              }));
        const results =
          q.source === 'indicators'
            ? emails.filter((e) => e.matched_indicators.length > 0)
            : [...emails, ...urls];
        return c.json({ query: q.query, source: q.source, results, total: results.length }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/links/{id}/analyze',
        tags: ['links'],
        summary: 'Follow a link from an email (redirects, TLS, cloaking)',
        description:
          'Visits the link for real: for mail that looks legitimate this needs ?confirm=true (409 otherwise).',
        ...signedIn(deps),
        request: { params: LinkParam, query: Confirm },
        responses: { 200: json(RedirectAnalysis, 'The analysis'), ...ERRORS },
      }),
      async (c) => {
        const user = c.get('user');
        const link = await store.emails.link(c.req.valid('param').id, user.id);
        if (!link) throw new PhishguardError('NOT_FOUND', 'Link not found');
        await confirmFollowing(link.email_id, user.id, c.req.valid('query').confirm);
        const r = await deps.fetchBudget.run(user.id, () =>
          deps.jobs.analyzeLink({
            userId: user.id,
            url: link.url,
            options: { allowPrivateNetwork: deps.config.allowPrivateNetwork },
            comprehensive: true,
          }),
        );
        await auditUrl(c, link.url, r.verdict, clientAddress(c));
        return c.json(r, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/links/{id}/screenshot',
        tags: ['links'],
        summary: 'Screenshot a link in headless Chromium (503 without a browser)',
        ...signedIn(deps),
        request: { params: LinkParam, query: Confirm },
        responses: {
          200: json(
            z.object({
              screenshot_url: z.string(),
              final_url: z.string(),
              blocked_requests: z.array(z.string()),
            }),
            'Where to fetch the PNG',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const user = c.get('user');
        const link = await store.emails.link(c.req.valid('param').id, user.id);
        if (!link) throw new PhishguardError('NOT_FOUND', 'Link not found');
        await confirmFollowing(link.email_id, user.id, c.req.valid('query').confirm);
        const browser = await deps.browser();
        if (!browser)
          throw new PhishguardError(
            'UNAVAILABLE',
            'No browser engine is available for screenshots: install Chromium (Debian: apt-get install chromium) or set PHISHGUARD_CHROMIUM',
          );
        checkUrl(link.url, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
        const visit = await deps.fetchBudget.run(user.id, () =>
          browser.visit(link.url, {
            allowPrivateNetwork: deps.config.allowPrivateNetwork,
            timeoutMs: 30_000,
          }),
        );
        if (!visit.screenshot) throw new PhishguardError('UNAVAILABLE', 'The page could not be captured');
        const id = `link-${link.id}-${randomUUID().slice(0, 8)}`;
        await store.screenshots.put(id, user.id, visit.screenshot);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'url.screenshot',
          target: link.url.slice(0, 500),
          address: clientAddress(c),
        });
        return c.json(
          {
            screenshot_url: screenshotUrl(id),
            final_url: visit.finalUrl,
            blocked_requests: visit.blockedRequests,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/screenshots/{id}',
        tags: ['links'],
        summary: 'A stored screenshot of yours (PNG)',
        ...signedIn(deps),
        request: { params: z.object({ id: z.string().max(200) }) },
        responses: {
          200: {
            description: 'The PNG',
            content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } },
          },
          ...ERRORS,
        },
      }),
      async (c) => {
        const png = await store.screenshots.get(c.req.valid('param').id, c.get('user').id);
        if (!png) throw new PhishguardError('NOT_FOUND', 'Screenshot not found');
        return c.body(new Uint8Array(png), 200, {
          'content-type': 'image/png',
          'cache-control': 'private, max-age=3600',
          'x-content-type-options': 'nosniff',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/v1/redirect-analysis/history',
        tags: ['links'],
        summary:
          'Your recent link analyses, newest first (completed ones; a URL that could not be fetched is not kept)',
        ...signedIn(deps),
        request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) }) },
        responses: {
          200: json(
            z.object({
              analyses: z.array(
                z.object({
                  analysis_id: z.string(),
                  url: z.string(),
                  verdict: z.string(),
                  threat_score: z.number(),
                  created_at: z.string(),
                }),
              ),
            }),
            'Recent analyses',
          ),
          ...ERRORS,
        },
      }),
      async (c) =>
        c.json(
          { analyses: await store.urlAnalyses.search(c.get('user').id, '', c.req.valid('query').limit) },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/v1/redirect-analysis/results/{analysis_id}',
        tags: ['links'],
        summary: 'One of your stored link analyses, in full',
        ...signedIn(deps),
        request: { params: z.object({ analysis_id: z.string().max(100) }) },
        responses: { 200: json(RedirectAnalysis, 'The analysis'), ...ERRORS },
      }),
      async (c) => {
        const row = await store.urlAnalyses.get(c.req.valid('param').analysis_id, c.get('user').id);
        if (!row) throw new PhishguardError('NOT_FOUND', 'Analysis not found');
        return c.json(JSON.parse(row.result_json) as z.infer<typeof RedirectAnalysis>, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/v1/redirect-analysis/analyze',
        tags: ['links'],
        summary: 'Full redirect analysis of a URL',
        ...signedIn(deps),
        request: jsonBody(RedirectBody),
        responses: { 200: json(RedirectAnalysis, 'The analysis'), ...ERRORS },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const r = await deps.fetchBudget.run(c.get('user').id, () =>
          deps.jobs.analyzeLink({
            userId: c.get('user').id,
            url: input.url,
            options: {
              mode: input.mode,
              maxRedirects: input.max_redirects,
              timeoutSeconds: input.timeout_seconds,
              cloakingDetection: input.include_cloaking_detection,
              allowPrivateNetwork: deps.config.allowPrivateNetwork,
            },
            comprehensive: input.mode === 'comprehensive',
          }),
        );
        await auditUrl(c, input.url, r.verdict, clientAddress(c));
        const shot = r.analysis_metadata.screenshot_id;
        return c.json(
          typeof shot === 'string'
            ? {
                ...r,
                analysis_metadata: { ...r.analysis_metadata, screenshot_url: screenshotUrl(shot) },
              }
            : r,
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/v1/redirect-analysis/quick-scan',
        tags: ['links'],
        summary: 'Quick verdict for a URL',
        ...signedIn(deps),
        request: jsonBody(QuickScanBody),
        responses: { 200: json(QuickScanResult, 'The verdict'), ...ERRORS },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const r = await deps.fetchBudget.run(c.get('user').id, async () =>
          quickScan(input.url, quickDeps(c.get('user').id), deps.config.allowPrivateNetwork),
        );
        await auditUrl(c, input.url, r.verdict, clientAddress(c));
        return c.json(r, 200);
      },
    );
}

const IntelResults = z
  .object({
    query: z.string(),
    source: z.enum(['all', 'emails', 'urls', 'indicators']),
    total: z.number().int(),
    results: z.array(
      z.union([
        z.object({
          type: z.literal('email'),
          id: z.number().int(),
          subject: z.string(),
          sender: z.string(),
          received_at: z.string().nullable(),
          risk_level: z.union([RiskLevel, z.null()]),
          risk_score: z.number().nullable(),
          matched_indicators: z.array(z.string()),
        }),
        z.object({
          type: z.literal('url'),
          analysis_id: z.string(),
          url: z.string(),
          verdict: z.string(),
          threat_score: z.number(),
          created_at: z.string(),
        }),
      ]),
    ),
  })
  .openapi('IntelResults');
