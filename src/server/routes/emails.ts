import { Hono } from 'hono';
import { z } from 'zod';
import type { EmailRow, EmailStatus, EmailSummaryRow } from '../../app/ports.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { body, clientAddress, parse } from '../validate.js';

const STATUSES = ['new', 'reviewed', 'safe', 'phishing', 'false_positive', 'quarantined'] as const;
const RANGES: Record<string, number | null> = {
  '1h': 3600e3,
  '24h': 86_400e3,
  '7d': 7 * 86_400e3,
  '30d': 30 * 86_400e3,
  all: null,
};

export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  risk_level: z.enum(['HIGH', 'MEDIUM', 'LOW', 'SAFE', 'all']).default('all'),
  status: z.enum([...STATUSES, 'all']).default('all'),
  search: z.string().max(200).optional(),
  time_range: z.enum(['1h', '24h', '7d', '30d', 'all']).default('all'),
  sort_by: z.enum(['timestamp', 'received_at', 'risk_score', 'subject', 'sender']).default('timestamp'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  mailbox_id: z.coerce.number().int().positive().optional(),
});
const Id = z.coerce.number({ error: 'id must be a number' }).int().positive();
export const StatusBody = z.object({ status: z.enum(STATUSES), reason: z.string().max(1000).nullish() });
export const BulkBody = z.object({
  email_ids: z.array(z.number().int().positive()).min(1, 'email_ids must not be empty').max(1000),
  action: z.enum([
    'mark_safe',
    'mark_phishing',
    'mark_false_positive',
    'mark_reviewed',
    'quarantine',
    'delete',
  ]),
  reason: z.string().max(1000).nullish(),
});
const BULK_STATUS: Record<string, EmailStatus> = {
  mark_safe: 'safe',
  mark_phishing: 'phishing',
  mark_false_positive: 'false_positive',
  mark_reviewed: 'reviewed',
  quarantine: 'quarantined',
};

/** The email as the API lists it: the spec's list fields plus status. */
export function emailJson(e: EmailSummaryRow) {
  return {
    id: e.id,
    mailbox_id: e.mailbox_id,
    message_id: e.message_id,
    subject: e.subject,
    sender: e.sender,
    received_at: e.received_at,
    snippet: e.snippet,
    size: e.size,
    status: e.status,
    status_reason: e.status_reason,
    phishing_analysis: e.analysis
      ? {
          risk_score: e.analysis.risk_score,
          risk_level: e.analysis.risk_level,
          indicators: e.analysis.indicators,
          summary: e.analysis.summary,
        }
      : null,
  };
}

/** One email: the list fields plus the rich analysis. */
export function emailDetailJson(e: EmailRow) {
  return {
    ...emailJson(e),
    ...(e.analysis?.result
      ? {
          analysis: {
            engine_version: e.analysis.engine_version,
            is_phishing: e.analysis.is_phishing,
            confidence: e.analysis.confidence,
            indicators: e.analysis.result.indicators,
            model: e.analysis.result.model,
          },
        }
      : {}),
  };
}

export function emailRoutes(deps: AppDeps) {
  const { store } = deps;
  return new Hono<AppEnv>()
    .use('/emails/*', requireUser(deps))
    .get('/emails', (c) => {
      const q = parse(ListQuery, c.req.query());
      const range = RANGES[q.time_range];
      const { items, total } = store.emails.list(c.get('user').id, {
        page: q.page,
        size: q.size,
        riskLevel: q.risk_level === 'all' ? undefined : q.risk_level,
        status: q.status === 'all' ? undefined : q.status,
        search: q.search?.trim() || undefined,
        since: range ? new Date(Date.now() - range).toISOString() : undefined,
        mailboxId: q.mailbox_id,
        sortBy: q.sort_by === 'timestamp' ? 'received_at' : q.sort_by,
        sortOrder: q.sort_order,
      });
      return c.json({
        emails: items.map((e) => emailJson(e)),
        total,
        page: q.page,
        size: q.size,
        pages: Math.ceil(total / q.size),
      });
    })
    .get('/emails/:id', (c) => {
      const e = store.emails.get(parse(Id, c.req.param('id')), c.get('user').id);
      if (!e) throw new PhishguardError('NOT_FOUND', 'Email not found');
      return c.json(emailDetailJson(e));
    })
    .delete('/emails/:id', (c) => {
      const id = parse(Id, c.req.param('id'));
      const user = c.get('user');
      // Removes our stored copy only: provider access is read-only.
      if (!store.emails.remove(id, user.id)) throw new PhishguardError('NOT_FOUND', 'Email not found');
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'email.delete',
        target: `email:${id}`,
        address: clientAddress(c),
      });
      return c.json({
        detail: 'Email removed from PhishGuard (the message at your provider is untouched)',
        id,
      });
    })
    .patch('/emails/:id/status', async (c) => {
      const id = parse(Id, c.req.param('id'));
      const input = parse(StatusBody, await body(c));
      const user = c.get('user');
      if (store.emails.setStatus([id], user.id, input.status, input.reason ?? null) === 0)
        throw new PhishguardError('NOT_FOUND', 'Email not found');
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'email.status',
        target: `email:${id}`,
        address: clientAddress(c),
        detail: { status: input.status, reason: input.reason ?? null },
      });
      return c.json(emailJson(store.emails.get(id, user.id) as EmailRow));
    })
    .post('/emails/bulk-action', async (c) => {
      const input = parse(BulkBody, await body(c));
      const user = c.get('user');
      let affected = 0;
      if (input.action === 'delete')
        for (const id of input.email_ids) affected += store.emails.remove(id, user.id) ? 1 : 0;
      else
        affected = store.emails.setStatus(
          input.email_ids,
          user.id,
          BULK_STATUS[input.action] as EmailStatus,
          input.reason ?? null,
        );
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'email.bulk',
        target: `${input.email_ids.length} email(s)`,
        address: clientAddress(c),
        detail: { action: input.action, affected, reason: input.reason ?? null },
      });
      return c.json({ action: input.action, requested: input.email_ids.length, affected });
    })
    .get('/emails/:id/links', (c) => {
      const links = store.emails.links(parse(Id, c.req.param('id')), c.get('user').id);
      if (!links) throw new PhishguardError('NOT_FOUND', 'Email not found');
      return c.json({ links });
    });
}
