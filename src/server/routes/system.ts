import { existsSync, readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { EVALUATION_FILE } from '../../config/paths.js';
import { z } from 'zod';
import { ENGINE_VERSION } from '../../core/index.js';
import { findChromium } from '../../adapters/browser/chromium.js';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { parse } from '../validate.js';

export const AuditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
  action: z.string().max(64).optional(),
  since: z.string().datetime({ error: 'since must be an ISO-8601 date-time' }).optional(),
  user_id: z.coerce.number().int().positive().optional(),
});

export function systemRoutes(deps: AppDeps) {
  const { store } = deps;
  const health = () => {
    const db = store.health();
    const chromium = findChromium(deps.config.chromium);
    const gmail =
      deps.config.google.clientId && deps.config.google.clientSecret ? 'configured' : 'not configured';
    return {
      status: db.ok ? 'healthy' : 'unhealthy',
      engine_version: ENGINE_VERSION,
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
  return new Hono<AppEnv>()
    .get('/system/evaluation', (c) => c.json(evaluationFigures()))
    .get('/system/health', (c) => {
      const h = health();
      return c.json(h, h.status === 'healthy' ? 200 : 503);
    })
    .get('/system/stats', requireUser(deps), (c) => {
      const user = c.get('user');
      const mailboxes = store.mailboxes.listForUser(user.id);
      return c.json({
        emails_total: store.emails.countForUser(user.id),
        by_risk_level: store.emails.countsByLevel(user.id),
        mailboxes: mailboxes.map((m) => ({
          id: m.id,
          kind: m.kind,
          address: m.address,
          last_scan_at: m.last_scan_at,
          last_scan: store.scans.latest(m.id),
        })),
        engine_version: ENGINE_VERSION,
        model_loaded: deps.engine.modelLoaded,
      });
    })
    .get('/audits/logs', requireUser(deps), (c) => {
      const q = parse(AuditQuery, c.req.query());
      const user = c.get('user');
      // Administrators see everyone's trail; others only their own.
      const { items, total } = store.audit.list({
        userId: user.is_admin ? q.user_id : user.id,
        action: q.action,
        since: q.since,
        page: q.page,
        size: q.size,
      });
      return c.json({ logs: items, total, page: q.page, size: q.size });
    });
}

/** The landing page's figures, straight from the engine's own generated evaluation report. */
export function evaluationFigures(file = EVALUATION_FILE): Record<string, unknown> {
  if (!existsSync(file)) return { available: false };
  const EvalFile = z.object({
    generated: z.string(),
    model_checksum: z.string(),
    dev_corpus_sizes: z.record(z.string(), z.number()),
    full_message: z.object({
      roc_auc_phishing_vs_legit: z.number(),
      at_is_phishing: z.object({ phishing_recall: z.number(), legit_false_positive_rate: z.number() }),
    }),
  });
  const r = EvalFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!r.success) return { available: false };
  const d = r.data;
  return {
    available: true,
    generated: d.generated,
    model_checksum: d.model_checksum,
    phishing_recall: d.full_message.at_is_phishing.phishing_recall,
    false_positive_rate: d.full_message.at_is_phishing.legit_false_positive_rate,
    roc_auc: d.full_message.roc_auc_phishing_vs_legit,
    messages_evaluated: Object.values(d.dev_corpus_sizes).reduce((a, b) => a + b, 0),
  };
}

/** GET /health outside /api: the same checks, for probes and the /oauth-test page. */
export function rootHealth(deps: AppDeps) {
  return new Hono<AppEnv>().get('/health', (c) => {
    const db = deps.store.health();
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
