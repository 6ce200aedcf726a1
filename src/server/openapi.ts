import { z } from 'zod';
import { ChangePassword, Login, RefreshBody } from './routes/auth.js';
import { BulkBody, ListQuery, StatusBody } from './routes/emails.js';
import { IntelQuery, RedirectBody, TestEmail, QuickScanBody } from './routes/analysis.js';
import { AuditQuery } from './routes/system.js';
import { AnalyzeBody, MessagesQuery } from './routes/gmail.js';

interface Op {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  form?: boolean;
  query?: z.ZodObject;
  tag: string;
}

/** Every endpoint under /api and the browser navigations, with the schemas the routes validate with. */
export const OPERATIONS: Op[] = [
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Sign in (form fields username, password) → {access_token, refresh_token, user}',
    auth: false,
    body: Login,
    form: true,
    tag: 'auth',
  },
  {
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Rotate a refresh token (body, or the dashboard cookie) → {access_token}',
    auth: false,
    body: RefreshBody,
    tag: 'auth',
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Revoke a refresh token family',
    auth: false,
    body: RefreshBody,
    tag: 'auth',
  },
  {
    method: 'post',
    path: '/api/auth/password',
    summary: 'Change your password',
    auth: true,
    body: ChangePassword,
    tag: 'auth',
  },
  { method: 'get', path: '/api/v1/auth/me', summary: 'The signed-in user', auth: true, tag: 'auth' },
  {
    method: 'get',
    path: '/api/emails',
    summary: 'Your analysed emails, paged and filtered',
    auth: true,
    query: ListQuery,
    tag: 'emails',
  },
  {
    method: 'get',
    path: '/api/emails/{id}',
    summary: 'One email with its full analysis',
    auth: true,
    tag: 'emails',
  },
  {
    method: 'delete',
    path: '/api/emails/{id}',
    summary: 'Remove our stored copy (the provider is never touched)',
    auth: true,
    tag: 'emails',
  },
  {
    method: 'patch',
    path: '/api/emails/{id}/status',
    summary: 'Set the review status',
    auth: true,
    body: StatusBody,
    tag: 'emails',
  },
  {
    method: 'post',
    path: '/api/emails/bulk-action',
    summary: 'Status change or removal for many emails',
    auth: true,
    body: BulkBody,
    tag: 'emails',
  },
  {
    method: 'get',
    path: '/api/emails/{id}/links',
    summary: 'Links found in an email',
    auth: true,
    tag: 'emails',
  },
  {
    method: 'post',
    path: '/api/links/{id}/analyze',
    summary: 'Follow a link from an email (redirects, TLS, cloaking)',
    auth: true,
    tag: 'links',
  },
  {
    method: 'post',
    path: '/api/links/{id}/screenshot',
    summary: 'Screenshot a link in headless Chromium → {screenshot_url}; 503 without a browser',
    auth: true,
    tag: 'links',
  },
  {
    method: 'get',
    path: '/api/screenshots/{id}',
    summary: 'A stored screenshot (PNG)',
    auth: true,
    tag: 'links',
  },
  {
    method: 'post',
    path: '/api/analyze/email',
    summary: 'Analyse a pasted email (subject, sender, content) → the test shape',
    auth: true,
    body: TestEmail,
    tag: 'analysis',
  },
  {
    method: 'post',
    path: '/api/analysis/reprocess/{id}',
    summary: 'Analyse a stored email again with the current engine',
    auth: true,
    tag: 'analysis',
  },
  {
    method: 'get',
    path: '/api/analysis/threat-intel',
    summary: 'Search past email and URL analyses and indicators',
    auth: true,
    query: IntelQuery,
    tag: 'analysis',
  },
  {
    method: 'post',
    path: '/api/v1/redirect-analysis/analyze',
    summary: 'Full redirect analysis of a URL',
    auth: true,
    body: RedirectBody,
    tag: 'links',
  },
  {
    method: 'post',
    path: '/api/v1/redirect-analysis/quick-scan',
    summary: 'Quick verdict for a URL',
    auth: true,
    body: QuickScanBody,
    tag: 'links',
  },
  {
    method: 'get',
    path: '/api/audits/logs',
    summary: 'Audit log (admins: everyone; others: their own)',
    auth: true,
    query: AuditQuery,
    tag: 'system',
  },
  {
    method: 'get',
    path: '/api/system/stats',
    summary: 'Counts by level, mailboxes, scans, engine version',
    auth: true,
    tag: 'system',
  },
  {
    method: 'get',
    path: '/api/system/health',
    summary: 'Database, browser engine and mailbox connectors',
    auth: false,
    tag: 'system',
  },
  {
    method: 'get',
    path: '/api/test-oauth',
    summary: 'Which Google sign-in settings are present (never their values), for the /oauth-test page',
    auth: true,
    tag: 'system',
  },
  {
    method: 'get',
    path: '/api/system/evaluation',
    summary: 'The engine’s own measured figures (docs/evaluation.json)',
    auth: false,
    tag: 'system',
  },
  { method: 'get', path: '/api/mailboxes', summary: 'Your mailboxes', auth: true, tag: 'mailboxes' },
  {
    method: 'post',
    path: '/api/mailboxes/import',
    summary: 'Upload .eml/.mbox/.mbox.gz files into your local mailbox (multipart, field "file")',
    auth: true,
    tag: 'mailboxes',
  },
  {
    method: 'post',
    path: '/api/mailboxes/{id}/scan',
    summary: 'Start a background scan of an IMAP mailbox → {scan_id}',
    auth: true,
    tag: 'mailboxes',
  },
  { method: 'get', path: '/api/scans/{id}', summary: 'Progress of a scan', auth: true, tag: 'mailboxes' },
  {
    method: 'post',
    path: '/api/gmail-simple/analyze',
    summary: 'Analyse a page of your Gmail → {emails, next_page_token, total_emails}',
    auth: true,
    body: AnalyzeBody,
    tag: 'gmail',
  },
  {
    method: 'post',
    path: '/api/gmail/analyze',
    summary: 'Analyse your most recent Gmail → {emails}',
    auth: true,
    body: AnalyzeBody,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/auth/gmail/status',
    summary: 'Gmail connection state',
    auth: true,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/auth/gmail/scopes',
    summary: 'The read-only scopes requested',
    auth: true,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/auth/gmail/health',
    summary: 'Check Gmail access (users.getProfile)',
    auth: true,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/auth/gmail/messages',
    summary: 'List message ids',
    auth: true,
    query: MessagesQuery,
    tag: 'gmail',
  },
  {
    method: 'post',
    path: '/api/auth/gmail/revoke',
    summary: 'Revoke at Google and delete our tokens',
    auth: true,
    tag: 'gmail',
  },
  {
    method: 'post',
    path: '/api/auth/gmail/scan',
    summary: 'Analyse the latest 50 messages',
    auth: true,
    tag: 'gmail',
  },
  {
    method: 'post',
    path: '/api/auth/gmail/watch/setup',
    summary: 'users.watch with the configured Pub/Sub topic (400 when unconfigured)',
    auth: true,
    tag: 'gmail',
  },
  { method: 'post', path: '/api/auth/gmail/watch/stop', summary: 'users.stop', auth: true, tag: 'gmail' },
  {
    method: 'post',
    path: '/api/test/oauth/start',
    summary: 'The Google consent URL, for the debug page',
    auth: false,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/rest/auth/google',
    summary: 'Browser navigation: start Google sign-in (state + PKCE)',
    auth: false,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/rest/auth/google/callback',
    summary: 'OAuth redirect URI → /connected?oauth_success=true&email=… or ?oauth_error=CODE',
    auth: false,
    tag: 'gmail',
  },
  {
    method: 'get',
    path: '/api/test/auth/google',
    summary: 'Browser navigation: start Google sign-in from /oauth-test',
    auth: false,
    tag: 'gmail',
  },
  { method: 'get', path: '/api/openapi.json', summary: 'This document', auth: false, tag: 'system' },
  {
    method: 'get',
    path: '/api/docs',
    summary: 'A readable list of these endpoints',
    auth: false,
    tag: 'system',
  },
];

const ERROR = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
  required: ['detail', 'code'],
};

export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'integer' },
    }));
    if (op.query) {
      const schema = z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      for (const [name, s] of Object.entries(schema.properties ?? {}))
        params.push({
          name,
          in: 'query',
          required: (schema.required ?? []).includes(name),
          schema: s as { type: string },
        });
    }
    (paths[op.path] ??= {})[op.method] = {
      summary: op.summary,
      tags: [op.tag],
      ...(op.auth ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: {
                [op.form ? 'application/x-www-form-urlencoded' : 'application/json']: {
                  schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }),
                },
              },
            },
          }
        : {}),
      responses: {
        '200': { description: 'OK' },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PhishGuard API',
      version,
      description:
        'The local daemon behind the PhishGuard dashboards. Every /api call except health, evaluation and sign-in needs a signed-in user; each user sees only their own mailboxes and mail.',
    },
    paths,
    components: {
      schemas: { Error: ERROR },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'pg_access',
          description: 'Dashboard session; state changes also need X-Requested-With: phishguard',
        },
      },
    },
  };
}

export function docsPage(doc: Record<string, unknown>): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
  const rows = OPERATIONS.map(
    (o) =>
      `<tr><td><code>${o.method.toUpperCase()}</code></td><td><code>${esc(o.path)}</code></td><td>${o.auth ? 'signed in' : 'public'}</td><td>${esc(o.summary)}</td></tr>`,
  ).join('\n');
  const info = doc.info as { title: string; version: string };
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(info.title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;color:#16181d}table{border-collapse:collapse}td,th{border:1px solid #d9dde4;padding:.3rem .6rem;text-align:left;vertical-align:top}</style></head><body><h1>${esc(info.title)} ${esc(info.version)}</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, request schemas generated from the route validators).</p><table><thead><tr><th>Method</th><th>Path</th><th>Access</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
