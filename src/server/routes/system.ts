import { existsSync, readFileSync } from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { EVALUATION_FILE } from '../../config/paths.js';
import { findChromium } from '../../adapters/browser/chromium.js';
import type { AppDeps, AppEnv } from '../env.js';
import { isAdministrator } from '../middleware/auth.js';
import { ERRORS, json, routes, signedIn } from '../openapi/route.js';
import { AuditRow, Evaluation, Health, Mailbox } from '../openapi/schemas.js';
import { trustedAuthServId } from '../../app/mailbox-trust.js';

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000, 'page is at most 100000').default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().max(64).optional(),
  since: z.string().datetime({ error: 'since must be an ISO-8601 date-time' }).optional(),
  user_id: z.coerce.number().int().positive().optional(),
});

export function systemRoutes(deps: AppDeps) {
  const { store } = deps;
  const health = async () => {
    const db = await store.health();
    const chromium = findChromium(deps.config.chromium);
    const gmail =
      deps.config.google.clientId && deps.config.google.clientSecret ? 'configured' : 'not configured';
    return {
      status: db.ok ? ('healthy' as const) : ('unhealthy' as const),
      engine_version: deps.engine.version,
      model_loaded: deps.engine.modelLoaded,
      components: {
        database: db,
        browser_engine: chromium
          ? { ok: true, detail: chromium }
          : { ok: false, detail: 'Chromium not found: screenshots and script execution are unavailable' },
        mailbox_connectors: { gmail, imap: 'available', local_files: 'available' },
      },
      timestamp: new Date().toISOString(),
    };
  };
  const stats = z
    .object({
      emails_total: z.number().int(),
      by_risk_level: z.record(z.string(), z.number().int()),
      mailboxes: z.array(Mailbox.omit({ created_at: true })),
      engine_version: z.string(),
      model_loaded: z.boolean(),
    })
    .openapi('Stats');
  return routes()
    .openapi(
      createRoute({
        method: 'get',
        path: '/system/evaluation',
        tags: ['system'],
        summary: 'The engine’s own measured figures (docs/evaluation.json)',
        responses: { 200: json(Evaluation, 'Figures, or {available: false}') },
      }),
      async (c) => c.json(evaluationFigures(), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/system/health',
        tags: ['system'],
        summary: 'Database, browser engine and mailbox connectors (details for administrators)',
        responses: { 200: json(Health, 'Healthy'), 503: json(Health, 'Unhealthy') },
      }),
      async (c) => {
        const h = await health();
        const admin = await isAdministrator(deps, c);
        // Anyone on this machine may ask whether the daemon is up; the database path, the number
        // of accounts and the browser's location are for administrators.
        const { database, browser_engine, mailbox_connectors } = h.components;
        const shown = admin
          ? h
          : {
              ...h,
              components: {
                database: { ok: database.ok },
                browser_engine: { ok: browser_engine.ok },
                mailbox_connectors,
              },
            };
        return h.status === 'healthy' ? c.json(shown, 200) : c.json(shown, 503);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/system/timeline',
        tags: ['system'],
        summary: 'Your mail per received day and risk level, for the last `days` days (UTC)',
        ...signedIn(deps),
        request: { query: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }) },
        responses: {
          200: json(
            z.object({
              days: z.array(
                z.object({
                  day: z.string(),
                  HIGH: z.number().int(),
                  MEDIUM: z.number().int(),
                  LOW: z.number().int(),
                  SAFE: z.number().int(),
                }),
              ),
            }),
            'One entry per day, oldest first, days without mail included',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const { days } = c.req.valid('query');
        const today = Date.parse(new Date().toISOString().slice(0, 10));
        const first = today - (days - 1) * 86_400e3;
        const out = Array.from({ length: days }, (_, i) => ({
          day: new Date(first + i * 86_400e3).toISOString().slice(0, 10),
          HIGH: 0,
          MEDIUM: 0,
          LOW: 0,
          SAFE: 0,
        }));
        const at = new Map(out.map((d) => [d.day, d]));
        for (const r of await store.emails.timeline(c.get('user').id, new Date(first).toISOString())) {
          const d = at.get(r.day);
          if (d && (r.level === 'HIGH' || r.level === 'MEDIUM' || r.level === 'LOW' || r.level === 'SAFE'))
            d[r.level] += r.n;
        }
        return c.json({ days: out }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/system/stats',
        tags: ['system'],
        summary: 'Counts by level, mailboxes, scans, engine version',
        ...signedIn(deps),
        responses: { 200: json(stats, 'Your figures'), ...ERRORS },
      }),
      async (c) => {
        const user = c.get('user');
        const mailboxes = await store.mailboxes.listForUser(user.id);
        return c.json(
          {
            emails_total: await store.emails.countForUser(user.id),
            by_risk_level: await store.emails.countsByLevel(user.id),
            mailboxes: await Promise.all(
              mailboxes.map(async (m) => ({
                id: m.id,
                kind: m.kind,
                address: m.address,
                last_scan_at: m.last_scan_at,
                last_scan: await store.scans.latest(m.id),
                authserv_id: trustedAuthServId(m),
              })),
            ),
            engine_version: deps.engine.version,
            model_loaded: deps.engine.modelLoaded,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/audits/logs',
        tags: ['system'],
        summary: 'Audit log (administrators: everyone; others: their own)',
        ...signedIn(deps),
        request: { query: AuditQuery },
        responses: {
          200: json(
            z.object({
              logs: z.array(AuditRow),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
            'One page',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const user = c.get('user');
        // Administrators see everyone's trail; others only their own.
        const { items, total } = await store.audit.list({
          userId: user.is_admin ? q.user_id : user.id,
          action: q.action,
          since: q.since,
          page: q.page,
          size: q.size,
        });
        return c.json({ logs: items, total, page: q.page, size: q.size }, 200);
      },
    );
}

/**
 * The landing page's figures, straight from the engine's own generated evaluation report: the
 * honest ones first (phishing dated after everything the model trained on; legitimate mail of
 * sources it never saw), dev-split figures only as a secondary line.
 */
export function evaluationFigures(file = EVALUATION_FILE): z.infer<typeof Evaluation> {
  if (!existsSync(file)) return { available: false as const };
  const Modes = z.object({ full: z.number(), paste: z.number() });
  const Interval = z.tuple([z.number(), z.number()]);
  const EvalFile = z.object({
    generated: z.string(),
    engine_version: z.string(),
    model_checksum: z.string(),
    forward_from: z.string(),
    forward: z.object({
      test_phishing: z.number(),
      recall: Modes,
      // Reports before 2026-11-26 give no intervals.
      recall_ci: z.object({ full: Interval, paste: Interval }).optional(),
    }),
    unseen_sources: z.object({
      overall: Modes,
      per_source: z.record(z.string(), Modes.extend({ n: z.number() })),
    }),
    dev: z.object({ full: z.object({ recall: z.number(), legit_flagged: z.number() }) }),
    // Reports before 2026-11-26 have no such question.
    unseen_phishing: z.record(z.string(), z.object({ full: z.number() })).optional(),
  });
  const r = EvalFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!r.success) return { available: false as const };
  const d = r.data;
  const sources = Object.values(d.unseen_sources.per_source);
  return {
    available: true as const,
    generated: d.generated,
    engine_version: d.engine_version,
    model_checksum: d.model_checksum,
    forward_from: d.forward_from,
    phishing_recall: d.forward.recall.full,
    phishing_recall_pasted: d.forward.recall.paste,
    false_positive_rate: d.unseen_sources.overall.full,
    worst_source_false_positive_rate: Math.max(...sources.map((s) => s.full)),
    messages_evaluated: d.forward.test_phishing + sources.reduce((a, s) => a + s.n, 0),
    dev_recall: d.dev.full.recall,
    dev_false_positive_rate: d.dev.full.legit_flagged,
    unseen_collection_recall: rangeOf(Object.values(d.unseen_phishing ?? {}).map((c) => c.full)),
    phishing_recall_interval: boundsOf(d.forward.recall_ci?.full),
    phishing_recall_pasted_interval: boundsOf(d.forward.recall_ci?.paste),
  };
}

function boundsOf(ci: [number, number] | undefined): { lo: number; hi: number } | null {
  return ci ? { lo: ci[0], hi: ci[1] } : null;
}

function rangeOf(xs: number[]): { min: number; max: number } | null {
  return xs.length === 0 ? null : { min: Math.min(...xs), max: Math.max(...xs) };
}

/** GET /health outside /api: the same checks, for probes and the /oauth-test page. */
export function rootHealth(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    const db = await deps.store.health();
    return c.json(
      {
        status: db.ok ? 'healthy' : 'unhealthy',
        database: db.ok,
        model_loaded: deps.engine.modelLoaded,
        timestamp: new Date().toISOString(),
      },
      db.ok ? 200 : 503,
    );
  });
}
