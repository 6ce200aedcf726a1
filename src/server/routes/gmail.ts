import { Hono, type Context } from 'hono';
import { randomBytes } from 'node:crypto';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { GMAIL_SCOPES } from '../../adapters/gmail/google-client.js';
import { notConfiguredMessage } from '../../app/gmail/service.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { ACCESS_COOKIE, requireUser } from '../middleware/auth.js';
import { body, clientAddress, isHttps, parse } from '../validate.js';
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
  const start = async (c: Context<AppEnv>) => c.redirect(await begin(c), 302);
  /**
   * A configuration check for the /oauth-test page: which settings are present, never their
   * values, and for signed-in users only. Served at /test-oauth and at /api/test-oauth, where
   * the dashboard's cookie (path /api) reaches it.
   */
  const oauthConfig = (c: Context<AppEnv>) => {
    const g = deps.config.google;
    return c.json({
      configured: !!deps.gmail?.configured,
      client_id_set: !!g.clientId,
      client_secret_set: !!g.clientSecret,
      redirect_uri: g.redirectUri,
      scopes: GMAIL_SCOPES,
      allowed_domains: g.allowedDomains,
      pubsub_topic_set: !!g.pubsubTopic,
      ...(deps.gmail?.configured ? {} : { detail: notConfiguredMessage() }),
    });
  };

  return new Hono<AppEnv>()
    .get('/api/rest/auth/google', start)
    .get('/auth/start', start)
    .get('/api/test/auth/google', start)
    .get(CALLBACK_PATH, async (c) => {
      const q = c.req.query();
      try {
        const binding = getCookie(c, OAUTH_BINDING_COOKIE);
        deleteCookie(c, OAUTH_BINDING_COOKIE, { path: CALLBACK_PATH });
        const r = await gmail().handleCallback({ code: q.code, state: q.state, error: q.error }, binding);
        const pair = await deps.auth.issue(r.user, crypto.randomUUID());
        setSessionCookies(c, pair);
        deps.store.audit.add({
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
        deps.store.audit.add({
          userId: null,
          username: null,
          action: 'gmail.connect',
          address: clientAddress(c),
          outcome: 'failure',
          detail: { error: code },
        });
        return c.redirect(`/connected?oauth_error=${code}`, 302);
      }
    })
    .post('/api/test/oauth/start', async (c) => c.json({ auth_url: await begin(c) }))
    .get('/test-oauth', requireUser(deps), oauthConfig)
    .get('/api/test-oauth', requireUser(deps), oauthConfig)
    .use('/api/gmail-simple/*', requireUser(deps))
    .use('/api/gmail/*', requireUser(deps))
    .use('/api/auth/gmail/*', requireUser(deps))
    .post('/api/gmail-simple/analyze', async (c) => {
      const input = parse(AnalyzeBody, await body(c));
      const m = gmail().mailboxFor(c.get('user'), input.user_email);
      return c.json(
        await gmail().analyze(m, {
          max: input.max_emails,
          pageToken: input.page_token ?? undefined,
          q: input.query,
        }),
      );
    })
    .post('/api/gmail/analyze', async (c) => {
      const input = parse(AnalyzeBody, await body(c));
      const m = gmail().mailboxFor(c.get('user'), input.user_email);
      const r = await gmail().analyze(m, { max: input.max_emails, q: input.query });
      return c.json({ emails: r.emails });
    })
    .get('/api/auth/gmail/status', (c) => {
      const boxes = deps.store.mailboxes.listForUser(c.get('user').id).filter((m) => m.kind === 'gmail');
      return c.json({
        configured: !!deps.gmail?.configured,
        connected: boxes.some((b) => !!b.secret_enc && !b.state.needs_reconnect),
        mailboxes: boxes.map((b) => ({
          id: b.id,
          email: b.address,
          connected: !!b.secret_enc && !b.state.needs_reconnect,
          needs_reconnect: b.state.needs_reconnect === true,
          last_scan_at: b.last_scan_at,
        })),
      });
    })
    .get('/api/auth/gmail/scopes', (c) =>
      c.json({
        scopes: GMAIL_SCOPES,
        read_only: true,
        note: 'PhishGuard can read mail; it cannot send, delete or change mail, or use other Google services.',
      }),
    )
    .get('/api/auth/gmail/health', async (c) => {
      const m = gmail().mailboxFor(c.get('user'));
      const p = await gmail().profile(m);
      return c.json({ status: 'healthy', email: p.emailAddress, messages_total: p.messagesTotal });
    })
    .get('/api/auth/gmail/messages', async (c) => {
      const q = parse(MessagesQuery, c.req.query());
      const m = gmail().mailboxFor(c.get('user'));
      const r = await gmail().listMessages(m, { max: q.max_results, q: q.query });
      return c.json({
        messages: r.ids.map((id) => ({ id })),
        next_page_token: r.nextPageToken,
        result_size_estimate: r.estimate,
      });
    })
    .post('/api/auth/gmail/revoke', async (c) => {
      const user = c.get('user');
      const m = gmail().mailboxFor(user);
      await gmail().revoke(m);
      deps.store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'gmail.revoke',
        target: m.address,
        address: clientAddress(c),
      });
      return c.json({ detail: 'Gmail access revoked and our tokens deleted', email: m.address });
    })
    .post('/api/auth/gmail/scan', async (c) => {
      const user = c.get('user');
      const m = gmail().mailboxFor(user);
      const r = await gmail().analyze(m, { max: 50 });
      deps.store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'mailbox.scan',
        target: m.address,
        address: clientAddress(c),
        detail: { analysed: r.emails.length },
      });
      return c.json({
        analysed: r.emails.length,
        high_risk: r.emails.filter((e) => e.phishing_analysis.risk_level === 'HIGH').length,
        next_page_token: r.next_page_token,
      });
    })
    .post('/api/auth/gmail/watch/setup', async (c) =>
      c.json(await gmail().watch(gmail().mailboxFor(c.get('user')), false)),
    )
    .post('/api/auth/gmail/watch/stop', async (c) =>
      c.json((await gmail().watch(gmail().mailboxFor(c.get('user')), true)) ?? { stopped: true }),
    );
}
