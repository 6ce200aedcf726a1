import { Hono } from 'hono';
import { z } from 'zod';
import { ENGINE_VERSION } from '../../core/index.js';
import { findChromium } from '../../adapters/browser/chromium.js';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { parse } from '../validate.js';

const AuditQuery = z.object({
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
