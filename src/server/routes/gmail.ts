import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { randomBytes } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { GMAIL_SCOPES } from '../../adapters/gmail/google-client.js';
import { notConfiguredMessage } from '../../app/gmail/service.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { ACCESS_COOKIE } from '../middleware/auth.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import { Detail, GmailMessage } from '../openapi/schemas.js';
import { clientAddress, isHttps } from '../validate.js';
import { setSessionCookies } from './auth.js';

export const AnalyzeBody = z.object({
  user_email: z.string({ error: 'No user email provided' }).trim().min(1, 'No user email provided').max(320),
  max_emails: z.coerce.number().int().min(1).max(50, 'max_emails is at most 50').default(10),
  page_token: z.string().max(500).nullish(),
  query: z.string().max(500).optional(),
});
export const MessagesQuery = z.object({
  query: z.string().max(500).optional(),
  max_results: z.coerce.number().int().min(1).max(100).default(20),
});

/** Where Google sends the browser back; the binding cookie is scoped to it. */
const CALLBACK_PATH = '/api/rest/auth/google/callback';
const OAUTH_BINDING_COOKIE = 'pg_oauth';

export function gmailRoutes(deps: AppDeps) {
  const gmail = () => {
    if (!deps.gmail?.configured) throw new PhishguardError('NOT_CONFIGURED', notConfiguredMessage());
    return deps.gmail;
  };

  /**
   * Starts the Google flow for this browser: a one-time value goes into an httpOnly cookie that
   * only the callback path receives, and only the browser holding it can complete the flow. A
   * signed-in user (dashboard cookie) links the mailbox to their own account.
   */
  const begin = async (c: Context<AppEnv>): Promise<string> => {
    let userId: number | null = null;
    const token = getCookie(c, ACCESS_COOKIE);
    if (token)
      userId = await deps.auth.authenticate(token).then(
        (u) => u.id,
        () => null,
      );
    const binding = randomBytes(24).toString('base64url');
    const url = await gmail().startAuth(userId, binding);
    // Lax, not Strict: the callback is a top-level navigation back from accounts.google.com.
    setCookie(c, OAUTH_BINDING_COOKIE, binding, {
      httpOnly: true,
      sameSite: 'Lax',
      path: CALLBACK_PATH,
      maxAge: 600,
      secure: isHttps(c),
    });
    return url;
  };
  const start = async (c: Context<AppEnv>) => {
    // A browser sent here by a "Connect Gmail" button gets a page saying what to configure;
    // scripts still get the 400 {detail, code} that names the settings.
    if (!deps.gmail?.configured && (c.req.header('accept') ?? '').includes('text/html'))
      return c.redirect('/gmail-setup', 302);
    return c.redirect(await begin(c), 302);
  };
  /**
   * A configuration check for the /oauth-test page: which settings are present, never their
   * values, and for signed-in users only. Served at /test-oauth and at /api/test-oauth, where
   * the dashboard's cookie (path /api) reaches it.
   */
  const oauthConfig = (c: Context<AppEnv>) => {
    const g = deps.config.google;
    return c.json(
      {
        configured: !!deps.gmail?.configured,
        client_id_set: !!g.clientId,
        client_secret_set: !!g.clientSecret,
        redirect_uri: g.redirectUri,
        scopes: [...GMAIL_SCOPES],
        allowed_domains: g.allowedDomains,
        pubsub_topic_set: !!g.pubsubTopic,
        ...(deps.gmail?.configured ? {} : { detail: notConfiguredMessage() }),
      },
      200,
    );
  };

  const navigation = (path: string, summary: string, hide = false) =>
    createRoute({
      method: 'get',
      path,
      tags: ['gmail'],
      summary,
      hide,
      responses: { 302: { description: 'Redirect to Google’s consent page' }, ...ERRORS },
    });
  const config = (path: string, hide = false) =>
    createRoute({
      method: 'get',
      path,
      tags: ['gmail'],
      summary: 'Which Google sign-in settings are present (never their values), for the /oauth-test page',
      hide,
      ...signedIn(deps),
      responses: { 200: json(OAuthConfig, 'The settings present'), ...ERRORS },
    });
  const Watch = z
    .object({
      historyId: z.string().nullish(),
      expiration: z.string().nullish(),
      stopped: z.boolean().optional(),
    })
    .openapi('GmailWatch');

  return routes()
    .openapi(
      navigation('/api/rest/auth/google', 'Browser navigation: start Google sign-in (state + PKCE)'),
      start,
    )
    .openapi(navigation('/auth/start', 'Browser navigation: start Google sign-in', true), start)
    .openapi(
      navigation('/api/test/auth/google', 'Browser navigation: start Google sign-in from /oauth-test'),
      start,
    )
    .openapi(
      createRoute({
        method: 'get',
        path: CALLBACK_PATH,
        tags: ['gmail'],
        summary: 'OAuth redirect URI → /connected?oauth_success=true&email=… or ?oauth_error=CODE',
        request: {
          query: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(1000).optional(),
            error: z.string().max(200).optional(),
          }),
        },
        responses: { 302: { description: 'Back to the dashboard' }, ...ERRORS },
      }),
      async (c) => {
        const q = c.req.valid('query');
        try {
          const binding = getCookie(c, OAUTH_BINDING_COOKIE);
          deleteCookie(c, OAUTH_BINDING_COOKIE, { path: CALLBACK_PATH });
          const r = await gmail().handleCallback({ code: q.code, state: q.state, error: q.error }, binding);
          const pair = await deps.auth.issue(r.user, crypto.randomUUID());
          setSessionCookies(c, pair);
          await deps.store.audit.add({
            userId: r.user.id,
            username: r.user.username,
            action: 'auth.login',
            address: clientAddress(c),
            detail: { via: 'google' },
          });
          return c.redirect(`/connected?oauth_success=true&email=${encodeURIComponent(r.email)}`, 302);
        } catch (err) {
          const code =
            err instanceof PhishguardError && /^[a-z_]+$/.test(err.message)
              ? err.message
              : err instanceof PhishguardError && err.code === 'NOT_CONFIGURED'
                ? 'not_configured'
                : 'callback_failed';
          // Anyone can hit the callback: aggregated per address and error, not a row per hit.
          await deps.auth.anonymousAudit.add({
            userId: null,
            username: null,
            action: 'gmail.connect',
            address: clientAddress(c),
            outcome: 'failure',
            detail: { error: code },
          });
          return c.redirect(`/connected?oauth_error=${code}`, 302);
        }
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/test/oauth/start',
        tags: ['gmail'],
        summary: 'The Google consent URL, for the debug page',
        responses: { 200: json(z.object({ auth_url: z.string() }), 'Where to send the browser'), ...ERRORS },
      }),
      async (c) => c.json({ auth_url: await begin(c) }, 200),
    )
    .openapi(config('/test-oauth', true), oauthConfig)
    .openapi(config('/api/test-oauth'), oauthConfig)
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/gmail-simple/analyze',
        tags: ['gmail'],
        summary: 'Analyse a page of your Gmail',
        ...signedIn(deps),
        request: jsonBody(AnalyzeBody),
        responses: {
          200: json(
            z.object({
              emails: z.array(GmailMessage),
              next_page_token: z.string().nullable(),
              total_emails: z.number().int(),
            }),
            'One page, analysed',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const m = await gmail().mailboxFor(c.get('user'), input.user_email);
        return c.json(
          await gmail().analyze(m, {
            max: input.max_emails,
            pageToken: input.page_token ?? undefined,
            q: input.query,
          }),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/gmail/analyze',
        tags: ['gmail'],
        summary: 'Analyse your most recent Gmail',
        ...signedIn(deps),
        request: jsonBody(AnalyzeBody),
        responses: { 200: json(z.object({ emails: z.array(GmailMessage) }), 'Analysed'), ...ERRORS },
      }),
      async (c) => {
        const input = c.req.valid('json');
        const m = await gmail().mailboxFor(c.get('user'), input.user_email);
        const r = await gmail().analyze(m, { max: input.max_emails, q: input.query });
        return c.json({ emails: r.emails }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/gmail/status',
        tags: ['gmail'],
        summary: 'Gmail connection state',
        ...signedIn(deps),
        responses: {
          200: json(
            z.object({
              configured: z.boolean(),
              connected: z.boolean(),
              mailboxes: z.array(
                z.object({
                  id: z.number().int(),
                  email: z.string(),
                  connected: z.boolean(),
                  needs_reconnect: z.boolean(),
                  last_scan_at: z.string().nullable(),
                }),
              ),
            }),
            'State',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const boxes = (await deps.store.mailboxes.listForUser(c.get('user').id)).filter(
          (m) => m.kind === 'gmail',
        );
        return c.json(
          {
            configured: !!deps.gmail?.configured,
            connected: boxes.some((b) => !!b.secret_enc && !b.state.needs_reconnect),
            mailboxes: boxes.map((b) => ({
              id: b.id,
              email: b.address,
              connected: !!b.secret_enc && !b.state.needs_reconnect,
              needs_reconnect: b.state.needs_reconnect === true,
              last_scan_at: b.last_scan_at,
            })),
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/gmail/scopes',
        tags: ['gmail'],
        summary: 'The read-only scopes requested',
        ...signedIn(deps),
        responses: {
          200: json(
            z.object({ scopes: z.array(z.string()), read_only: z.boolean(), note: z.string() }),
            'Scopes',
          ),
          ...ERRORS,
        },
      }),
      async (c) =>
        c.json(
          {
            scopes: [...GMAIL_SCOPES],
            read_only: true,
            note: 'PhishGuard can read mail; it cannot send, delete or change mail, or use other Google services.',
          },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/gmail/health',
        tags: ['gmail'],
        summary: 'Check Gmail access (users.getProfile)',
        ...signedIn(deps),
        responses: {
          200: json(
            z.object({
              status: z.literal('healthy'),
              email: z.string().nullish(),
              messages_total: z.number().nullish(),
            }),
            'Reachable',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const m = await gmail().mailboxFor(c.get('user'));
        const p = await gmail().profile(m);
        return c.json(
          { status: 'healthy' as const, email: p.emailAddress, messages_total: p.messagesTotal },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/api/auth/gmail/messages',
        tags: ['gmail'],
        summary: 'List message ids',
        ...signedIn(deps),
        request: { query: MessagesQuery },
        responses: {
          200: json(
            z.object({
              messages: z.array(z.object({ id: z.string() })),
              next_page_token: z.string().nullable(),
              result_size_estimate: z.number(),
            }),
            'Ids',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const m = await gmail().mailboxFor(c.get('user'));
        const r = await gmail().listMessages(m, { max: q.max_results, q: q.query });
        return c.json(
          {
            messages: r.ids.map((id) => ({ id })),
            next_page_token: r.nextPageToken,
            result_size_estimate: r.estimate,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/gmail/revoke',
        tags: ['gmail'],
        summary: 'Revoke at Google and delete our tokens',
        ...signedIn(deps),
        responses: { 200: json(Detail.extend({ email: z.string() }), 'Revoked'), ...ERRORS },
      }),
      async (c) => {
        const user = c.get('user');
        const m = await gmail().mailboxFor(user);
        await gmail().revoke(m);
        await deps.store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'gmail.revoke',
          target: m.address,
          address: clientAddress(c),
        });
        return c.json({ detail: 'Gmail access revoked and our tokens deleted', email: m.address }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/gmail/scan',
        tags: ['gmail'],
        summary:
          'Analyse the latest 50 messages (with a PostgreSQL store: queue a background scan of the mailbox and answer at once with its scan_id)',
        ...signedIn(deps),
        responses: {
          200: json(
            z.object({
              analysed: z.number().int(),
              high_risk: z.number().int(),
              next_page_token: z.string().nullable(),
              /** Set when the scan was queued: follow it at GET /api/scans/{id}. */
              scan_id: z.number().int().optional(),
              status: z.enum(['done', 'running']).optional(),
            }),
            'Counts',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const user = c.get('user');
        const m = await gmail().mailboxFor(user);
        if (deps.jobs.mode === 'queue') {
          const { scanId } = await deps.jobs.scanMailbox(m);
          await deps.store.audit.add({
            userId: user.id,
            username: user.username,
            action: 'mailbox.scan',
            target: m.address,
            address: clientAddress(c),
            detail: { queued: true, scan: scanId },
          });
          return c.json(
            { analysed: 0, high_risk: 0, next_page_token: null, scan_id: scanId, status: 'running' as const },
            200,
          );
        }
        const r = await gmail().analyze(m, { max: 50 });
        await deps.store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.scan',
          target: m.address,
          address: clientAddress(c),
          detail: { analysed: r.emails.length },
        });
        return c.json(
          {
            analysed: r.emails.length,
            high_risk: r.emails.filter((e) => e.phishing_analysis.risk_level === 'HIGH').length,
            next_page_token: r.next_page_token,
            status: 'done' as const,
          },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/gmail/watch/setup',
        tags: ['gmail'],
        summary: 'users.watch with the configured Pub/Sub topic (400 when unconfigured)',
        ...signedIn(deps),
        responses: { 200: json(Watch, 'Watching'), ...ERRORS },
      }),
      async (c) => {
        const w = await gmail().watch(await gmail().mailboxFor(c.get('user')), false);
        return c.json({ historyId: w?.historyId, expiration: w?.expiration }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/api/auth/gmail/watch/stop',
        tags: ['gmail'],
        summary: 'users.stop',
        ...signedIn(deps),
        responses: { 200: json(Watch, 'Stopped'), ...ERRORS },
      }),
      async (c) => {
        await gmail().watch(await gmail().mailboxFor(c.get('user')), true);
        return c.json({ stopped: true }, 200);
      },
    );
}

const OAuthConfig = z
  .object({
    configured: z.boolean(),
    client_id_set: z.boolean(),
    client_secret_set: z.boolean(),
    redirect_uri: z.string().nullable(),
    scopes: z.array(z.string()),
    allowed_domains: z.array(z.string()),
    pubsub_topic_set: z.boolean(),
    detail: z.string().optional(),
  })
  .openapi('OAuthConfig');
