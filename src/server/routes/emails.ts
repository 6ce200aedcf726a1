import { createRoute, z } from '@hono/zod-openapi';
import type { EmailRow, EmailStatus, EmailSummaryRow } from '../../app/ports.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps } from '../env.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import { Detail, EmailDetail, EmailPage, EmailSummary, MessageViewSchema } from '../openapi/schemas.js';
import { trustedAuthServIds } from '../../app/mailbox-trust.js';
import { readQrCodes } from '../../adapters/data/qr-reader.js';
import { inertHtml, messageView, parseRawEmail, PREVIEW_CSP } from '../../core/index.js';
import { relearnSoon } from '../../app/sender-history.js';
import { dayStart, searchFilters } from '../../app/search-query.js';
import { screenshotUrl } from './analysis.js';
import { clientAddress } from '../validate.js';

const STATUSES = ['new', 'reviewed', 'safe', 'phishing', 'false_positive', 'quarantined'] as const;
const RANGES: Record<string, number | null> = {
  '1h': 3600e3,
  '24h': 86_400e3,
  '7d': 7 * 86_400e3,
  '30d': 30 * 86_400e3,
  all: null,
};

const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'not a calendar day');

export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000, 'page is at most 100000').default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
  risk_level: z.enum(['HIGH', 'MEDIUM', 'LOW', 'SAFE', 'all']).default('all'),
  status: z.enum([...STATUSES, 'all']).default('all'),
  search: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Words and "phrases" over subject, sender and text; from:, subject:, -word, level:high, is:safe, after:/before:YYYY-MM-DD',
    ),
  time_range: z.enum(['1h', '24h', '7d', '30d', 'all']).default('all'),
  sort_by: z.enum(['timestamp', 'received_at', 'risk_score', 'subject', 'sender']).default('timestamp'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  mailbox_id: z.coerce.number().int().positive().optional(),
  from: IsoDay.optional().describe('Received on or after this day (YYYY-MM-DD, UTC)'),
  to: IsoDay.optional().describe('Received on or before this day (YYYY-MM-DD, UTC)'),
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
    'mark_new',
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
  // Undoing a mark: back to unreviewed, and out of what the sender history learned.
  mark_new: 'new',
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

const IdParam = z.object({ id: Id });

export function emailRoutes(deps: AppDeps) {
  const { store } = deps;
  const logFailure = (err: Error) => deps.logger.warn({ err: err.message }, 'background rescoring failed');
  return routes()
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails',
        tags: ['emails'],
        summary: 'Your analysed emails, paged and filtered',
        ...signedIn(deps),
        request: { query: ListQuery },
        responses: { 200: json(EmailPage, 'One page'), ...ERRORS },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const range = RANGES[q.time_range];
        const filters = searchFilters(q.search ?? '', {
          riskLevel: q.risk_level === 'all' ? undefined : q.risk_level,
          status: q.status === 'all' ? undefined : q.status,
          since: [range ? new Date(Date.now() - range).toISOString() : undefined, q.from && dayStart(q.from)],
          // `to` is inclusive: up to the start of the next day.
          until: [q.to && new Date(Date.parse(dayStart(q.to)) + 86_400e3).toISOString()],
        });
        const { items, total } = filters
          ? await store.emails.list(c.get('user').id, {
              ...filters,
              page: q.page,
              size: q.size,
              mailboxId: q.mailbox_id,
              sortBy: q.sort_by === 'timestamp' ? 'received_at' : q.sort_by,
              sortOrder: q.sort_order,
            })
          : { items: [], total: 0 };
        return c.json(
          {
            emails: items.map((e) => emailJson(e)),
            total,
            page: q.page,
            size: q.size,
            pages: Math.ceil(total / q.size),
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/emails/bulk-action',
        tags: ['emails'],
        summary: 'Status change or removal for many emails',
        ...signedIn(deps),
        request: jsonBody(BulkBody),
        responses: {
          200: json(
            z.object({
              action: BulkBody.shape.action,
              requested: z.number().int(),
              affected: z.number().int(),
            }),
            'How many of them were yours and changed',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const user = c.get('user');
        let affected = 0;
        if (input.action === 'delete')
          for (const id of input.email_ids) affected += (await store.emails.remove(id, user.id)) ? 1 : 0;
        else
          affected = await store.emails.setStatus(
            input.email_ids,
            user.id,
            BULK_STATUS[input.action] as EmailStatus,
            input.reason ?? null,
          );
        if (input.action !== 'delete') await relearnSoon(store, user.id, input.email_ids, logFailure);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'email.bulk',
          target: `${input.email_ids.length} email(s)`,
          address: clientAddress(c),
          detail: { action: input.action, affected, reason: input.reason ?? null },
        });
        return c.json({ action: input.action, requested: input.email_ids.length, affected }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails/{id}',
        tags: ['emails'],
        summary: 'One email with its full analysis',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(EmailDetail, 'The email'), ...ERRORS },
      }),
      async (c) => {
        const e = await store.emails.get(c.req.valid('param').id, c.get('user').id);
        if (!e) throw new PhishguardError('NOT_FOUND', 'Email not found');
        return c.json(emailDetailJson(e), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/emails/{id}',
        tags: ['emails'],
        summary: 'Remove our stored copy (the provider is never touched)',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(Detail.extend({ id: z.number().int() }), 'Removed'), ...ERRORS },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const user = c.get('user');
        // Removes our stored copy only: provider access is read-only.
        if (!(await store.emails.remove(id, user.id)))
          throw new PhishguardError('NOT_FOUND', 'Email not found');
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'email.delete',
          target: `email:${id}`,
          address: clientAddress(c),
        });
        return c.json(
          { detail: 'Email removed from PhishGuard (the message at your provider is untouched)', id },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/emails/{id}/status',
        tags: ['emails'],
        summary: 'Set the review status',
        ...signedIn(deps),
        request: { params: IdParam, ...jsonBody(StatusBody) },
        responses: { 200: json(EmailSummary, 'The email with its new status'), ...ERRORS },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        const user = c.get('user');
        if ((await store.emails.setStatus([id], user.id, input.status, input.reason ?? null)) === 0)
          throw new PhishguardError('NOT_FOUND', 'Email not found');
        // The mark teaches the sender history: this sender's mail is scored again.
        await relearnSoon(store, user.id, [id], logFailure);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'email.status',
          target: `email:${id}`,
          address: clientAddress(c),
          detail: { status: input.status, reason: input.reason ?? null },
        });
        return c.json(emailJson((await store.emails.get(id, user.id)) as EmailRow), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails/{id}/links',
        tags: ['emails'],
        summary: 'Links found in an email',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: {
          200: json(
            z.object({
              links: z.array(
                z.object({
                  id: z.number().int(),
                  url: z.string(),
                  analysis: z
                    .object({
                      analysis_id: z.string(),
                      verdict: z.string(),
                      threat_score: z.number(),
                      created_at: z.string(),
                      screenshot_url: z.string().nullable(),
                    })
                    .nullable()
                    .describe('Your newest completed analysis of this URL, if any'),
                }),
              ),
            }),
            'Links, each with your newest analysis of it',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const userId = c.get('user').id;
        const links = await store.emails.links(c.req.valid('param').id, userId);
        if (!links) throw new PhishguardError('NOT_FOUND', 'Email not found');
        const analysed = await store.urlAnalyses.latestFor(
          userId,
          links.map((l) => l.url),
        );
        return c.json(
          {
            links: links.map((l) => {
              const a = analysed.get(l.url);
              return {
                ...l,
                analysis: a
                  ? {
                      analysis_id: a.analysis_id,
                      verdict: a.verdict,
                      threat_score: a.threat_score,
                      created_at: a.created_at,
                      screenshot_url: a.screenshot_id ? screenshotUrl(a.screenshot_id) : null,
                    }
                  : null,
              };
            }),
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails/{id}/view',
        tags: ['emails'],
        summary: 'The stored message as a person reads it: headers, text, attachments, links, authentication',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(MessageViewSchema, 'The message'), ...ERRORS },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const userId = c.get('user').id;
        const raw = await storedRaw(id, userId);
        const email = (await store.emails.get(id, userId)) as EmailRow;
        const mailbox = await store.mailboxes.byId(email.mailbox_id);
        return c.json(await messageView(raw, mailbox ? trustedAuthServIds(mailbox) : [], readQrCodes), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails/{id}/preview',
        tags: ['emails'],
        summary:
          'The HTML part made inert (no scripts, forms, remote content or live links), under a sandboxing CSP, for a sandboxed frame',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: {
          200: { description: 'Inert HTML', content: { 'text/html': { schema: { type: 'string' } } } },
          ...ERRORS,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const parsed = await parseRawEmail(await storedRaw(id, c.get('user').id));
        const body = parsed.html?.trim()
          ? inertHtml(parsed.html)
          : '<p style="font-family:sans-serif;color:#555">This message has no HTML part.</p>';
        // Inert links still look like links: hovering shows where they pointed.
        const style = '<style>a[title]{color:#1a56db;text-decoration:underline;cursor:help}</style>';
        return c.body(`<!doctype html><meta charset="utf-8">${style}${body}`, 200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': `${PREVIEW_CSP}; frame-ancestors 'self'`,
          'x-frame-options': 'SAMEORIGIN',
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/emails/{id}/raw',
        tags: ['emails'],
        summary: 'The message as stored (.eml), as a download',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: {
          200: { description: 'The message', content: { 'message/rfc822': { schema: { type: 'string' } } } },
          ...ERRORS,
        },
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const raw = await storedRaw(id, c.get('user').id);
        // Always a download, never rendered: the bytes are the sender's.
        return c.body(new Uint8Array(raw), 200, {
          'content-type': 'message/rfc822',
          'content-disposition': `attachment; filename="message-${id}.eml"`,
          'x-content-type-options': 'nosniff',
        });
      },
    );

  async function storedRaw(id: number, userId: number): Promise<Buffer> {
    if (!(await store.emails.get(id, userId))) throw new PhishguardError('NOT_FOUND', 'Email not found');
    const raw = await store.emails.raw(id, userId);
    if (!raw)
      throw new PhishguardError(
        'NOT_FOUND',
        'This message was stored without its source (analysed before sources were kept); rescan the mailbox to see it',
      );
    return raw;
  }
}
