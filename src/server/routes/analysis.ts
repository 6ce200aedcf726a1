import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { checkUrl } from '../../adapters/http/ssrf-guard.js';
import { analyzeUrl, quickScan } from '../../app/analyze-url.js';
import { StoreUrlCache } from '../../app/store-url-cache.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { body, clientAddress, parse } from '../validate.js';
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

export function analysisRoutes(deps: AppDeps) {
  const { store, engine } = deps;
  const urlDeps = async (userId: number, comprehensive: boolean) => ({
    popular: deps.popular,
    cache: new StoreUrlCache(store, userId),
    browser: comprehensive ? await deps.browser() : null,
    saveScreenshot: (id: string, png: Buffer) => {
      const shotId = `${id}-${randomUUID().slice(0, 8)}`;
      store.screenshots.put(shotId, userId, png);
      return shotId;
    },
  });
  const auditUrl = (
    c: { get: (k: 'user') => { id: number; username: string } },
    url: string,
    verdict: string,
    address: string,
  ) => {
    const u = c.get('user');
    store.audit.add({
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
  const confirmFollowing = (emailId: number, userId: number, confirm: string | undefined) => {
    const level = store.emails.get(emailId, userId)?.analysis?.risk_level;
    if ((level === 'SAFE' || level === 'LOW') && confirm !== 'true')
      throw new PhishguardError(
        'CONFLICT',
        `This message looks legitimate (${level}). Following its links visits them for real: a one-time sign-in, confirmation or unsubscribe link would be used up. Repeat with ?confirm=true to go ahead.`,
      );
  };

  return new Hono<AppEnv>()
    .use('/analyze/*', requireUser(deps))
    .use('/analysis/*', requireUser(deps))
    .use('/links/*', requireUser(deps))
    .use('/v1/redirect-analysis/*', requireUser(deps))
    .use('/screenshots/*', requireUser(deps))
    .post('/analyze/email', async (c) => {
      const input = parse(TestEmail, await body(c));
      const a = engine.analyzeTest(input);
      return c.json({
        ...engine.testResult(a),
        risk_score: a.risk_score,
        phishing_analysis: engine.listShape(a),
        indicators_detail: a.indicators,
      });
    })
    .post('/analysis/reprocess/:id', async (c) => {
      const id = parse(Id, c.req.param('id'));
      const user = c.get('user');
      const raw = store.emails.raw(id, user.id);
      if (!raw)
        throw new PhishguardError('NOT_FOUND', 'Email not found, or its original message is not stored');
      const { analysis } = await engine.analyzeRaw(raw);
      store.emails.putAnalysis(id, analysis);
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'email.reprocess',
        target: `email:${id}`,
        address: clientAddress(c),
      });
      return c.json(
        emailDetailJson(store.emails.get(id, user.id) as NonNullable<ReturnType<typeof store.emails.get>>),
      );
    })
    .get('/analysis/threat-intel', (c) => {
      const q = parse(IntelQuery, c.req.query());
      const user = c.get('user');
      const emails =
        q.source === 'urls'
          ? []
          : store.emails.search(user.id, q.query, 50).map((e) => ({
              type: 'email',
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
          : store.urlAnalyses.search(user.id, q.query, 50).map((u) => ({ type: 'url', ...u }));
      const results =
        q.source === 'indicators'
          ? emails.filter((e) => e.matched_indicators.length > 0)
          : [...emails, ...urls];
      return c.json({ query: q.query, source: q.source, results, total: results.length });
    })
    .post('/links/:id/analyze', async (c) => {
      const user = c.get('user');
      const link = store.emails.link(parse(Id, c.req.param('id')), user.id);
      if (!link) throw new PhishguardError('NOT_FOUND', 'Link not found');
      confirmFollowing(link.email_id, user.id, c.req.query('confirm'));
      const r = await deps.fetchBudget.run(user.id, async () =>
        analyzeUrl(
          link.url,
          { allowPrivateNetwork: deps.config.allowPrivateNetwork },
          await urlDeps(user.id, true),
        ),
      );
      auditUrl(c, link.url, r.verdict, clientAddress(c));
      return c.json(r);
    })
    .post('/links/:id/screenshot', async (c) => {
      const user = c.get('user');
      const link = store.emails.link(parse(Id, c.req.param('id')), user.id);
      if (!link) throw new PhishguardError('NOT_FOUND', 'Link not found');
      confirmFollowing(link.email_id, user.id, c.req.query('confirm'));
      const browser = await deps.browser();
      if (!browser)
        throw new PhishguardError(
          'UNAVAILABLE',
          'No browser engine is available for screenshots: install Chromium (Debian: apt-get install chromium) or set PHISHGUARD_CHROMIUM',
        );
      checkUrl(link.url, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
      const visit = await deps.fetchBudget.run(user.id, () =>
        browser.visit(link.url, { allowPrivateNetwork: deps.config.allowPrivateNetwork, timeoutMs: 30_000 }),
      );
      if (!visit.screenshot) throw new PhishguardError('UNAVAILABLE', 'The page could not be captured');
      const id = `link-${link.id}-${randomUUID().slice(0, 8)}`;
      store.screenshots.put(id, user.id, visit.screenshot);
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'url.screenshot',
        target: link.url.slice(0, 500),
        address: clientAddress(c),
      });
      return c.json({
        screenshot_url: `/api/screenshots/${id}`,
        final_url: visit.finalUrl,
        blocked_requests: visit.blockedRequests,
      });
    })
    .get('/screenshots/:id', (c) => {
      const png = store.screenshots.get(c.req.param('id'), c.get('user').id);
      if (!png) throw new PhishguardError('NOT_FOUND', 'Screenshot not found');
      return c.body(new Uint8Array(png), 200, {
        'content-type': 'image/png',
        'cache-control': 'private, max-age=3600',
        'x-content-type-options': 'nosniff',
      });
    })
    .post('/v1/redirect-analysis/analyze', async (c) => {
      const input = parse(RedirectBody, await body(c));
      const r = await deps.fetchBudget.run(c.get('user').id, async () =>
        analyzeUrl(
          input.url,
          {
            mode: input.mode,
            maxRedirects: input.max_redirects,
            timeoutSeconds: input.timeout_seconds,
            cloakingDetection: input.include_cloaking_detection,
            allowPrivateNetwork: deps.config.allowPrivateNetwork,
          },
          await urlDeps(c.get('user').id, input.mode === 'comprehensive'),
        ),
      );
      auditUrl(c, input.url, r.verdict, clientAddress(c));
      const shot = r.analysis_metadata.screenshot_id;
      return c.json(
        typeof shot === 'string'
          ? {
              ...r,
              analysis_metadata: { ...r.analysis_metadata, screenshot_url: `/api/screenshots/${shot}` },
            }
          : r,
      );
    })
    .post('/v1/redirect-analysis/quick-scan', async (c) => {
      const input = parse(QuickScanBody, await body(c));
      const r = await deps.fetchBudget.run(c.get('user').id, async () =>
        quickScan(input.url, await urlDeps(c.get('user').id, false), deps.config.allowPrivateNetwork),
      );
      auditUrl(c, input.url, r.verdict, clientAddress(c));
      return c.json(r);
    });
}
