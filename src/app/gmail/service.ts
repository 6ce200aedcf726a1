import { createHash, timingSafeEqual } from 'node:crypto';
import type { OAuth2Client } from 'google-auth-library';
import {
  fetchUserEmail,
  gmailApi,
  GMAIL_SCOPES,
  googleConfigured,
  oauthClient,
  withBackoff,
  type GoogleConfig,
} from '../../adapters/gmail/google-client.js';
import { summariseParsed } from '../../adapters/workers/protocol.js';
import { toPhishingAnalysis } from '../../core/index.js';
import { trustedAuthServIds } from '../mailbox-trust.js';
import { withHistory } from '../sender-history.js';
import { PhishguardError } from '../../errors.js';
import type { Engine } from '../engine.js';
import { receivedAt } from '../import-files.js';
import type { MailboxRecord, Store, UserRecord } from '../ports.js';
import { decryptSecret, encryptSecret, openToken, sealToken } from '../secrets.js';

type SealedPending = [
  verifier: string,
  binding: string,
  userId: number | null,
  redirectUri: string,
  created: number,
];

export interface PendingAuth {
  verifier: string;
  /** sha256 of the one-time value in the starting browser's httpOnly cookie. */
  binding: string;
  /** Set when a signed-in user clicked "Connect Gmail": the mailbox is linked to that account. */
  userId: number | null;
  redirectUri: string;
  created: number;
}

export interface CallbackResult {
  user: UserRecord;
  email: string;
  mailbox: MailboxRecord;
}

export interface AnalyzedGmailMessage {
  id: string;
  subject: string;
  sender: string;
  received_at: string | null;
  snippet: string;
  phishing_analysis: ReturnType<typeof toPhishingAnalysis>;
}

const STATE_TTL_MS = 10 * 60_000;
const FETCH_CONCURRENCY = 5;

export function notConfiguredMessage(): string {
  return 'Google sign-in is not configured: set PHISHGUARD_GOOGLE_CLIENT_ID, PHISHGUARD_GOOGLE_CLIENT_SECRET and PHISHGUARD_GOOGLE_REDIRECT_URI (or google.clientId/clientSecret/redirectUri in config.json)';
}

/** Gmail through Google sign-in: read-only scope, state + PKCE, refresh tokens encrypted at rest. */
export class GmailService {
  /**
   * States already used here (a state is good once). The pending flow itself travels sealed in
   * the state (AES-256-GCM under the secrets key), so any daemon sharing the key can finish a
   * flow another one started: nothing is kept between the two requests.
   */
  readonly #used = new Map<string, number>();
  readonly #clients = new Map<
    number,
    { sealed: string; client: OAuth2Client; api: ReturnType<typeof gmailApi> }
  >();

  constructor(
    private readonly google: GoogleConfig,
    private readonly store: Store,
    private readonly engine: Engine,
    private readonly key: Buffer,
  ) {}

  get configured(): boolean {
    return googleConfigured(this.google);
  }

  /** The pending flow sealed in `state`, once; undefined when it is forged, altered or used. */
  #open(state: string): PendingAuth | undefined {
    const now = Date.now();
    for (const [k, at] of this.#used) if (now - at > STATE_TTL_MS) this.#used.delete(k);
    if (state.length > 2000 || this.#used.has(state)) return undefined;
    try {
      const [verifier, binding, userId, redirectUri, created] = JSON.parse(
        openToken(this.key, state),
      ) as SealedPending;
      this.#used.set(state, now);
      return { verifier, binding, userId, redirectUri, created };
    } catch {
      return undefined;
    }
  }

  #requireConfigured(): void {
    if (!this.configured) throw new PhishguardError('NOT_CONFIGURED', notConfiguredMessage());
  }

  /** The Google consent URL for a new authorization-code flow. */
  /**
   * Starts the flow for the browser holding `binding` (a one-time value the route puts in an
   * httpOnly cookie): only that browser can complete it, so a consent link sent to someone
   * else cannot link their Gmail to this account or sign them in as this user.
   */
  async startAuth(
    userId: number | null,
    binding: string,
    redirectUri = this.google.redirectUri ?? '',
  ): Promise<string> {
    this.#requireConfigured();
    const now = Date.now();
    const client = oauthClient(this.google, redirectUri);
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    // Sealed as a short array: the state rides in two URLs.
    const sealed: SealedPending = [codeVerifier, sha256(binding), userId, redirectUri, now];
    const state = sealToken(this.key, JSON.stringify(sealed));
    return client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      scope: [...GMAIL_SCOPES],
      state,
      code_challenge: codeChallenge,
      code_challenge_method: 'S256' as never,
      include_granted_scopes: false,
    });
  }

  /** Completes the flow. Errors carry a short code for /connected?oauth_error=CODE. */
  async handleCallback(
    q: { code?: string; state?: string; error?: string },
    binding: string | undefined,
  ): Promise<CallbackResult> {
    this.#requireConfigured();
    if (q.error)
      throw new PhishguardError(
        'UNAUTHORIZED',
        q.error === 'access_denied' ? 'access_denied' : `google_${q.error}`.slice(0, 60),
      );
    const pending = q.state ? this.#open(q.state) : undefined;
    if (!pending || Date.now() - pending.created > STATE_TTL_MS)
      throw new PhishguardError('FORBIDDEN', 'state_mismatch');
    if (!binding || !timingSafeEqual(Buffer.from(sha256(binding)), Buffer.from(pending.binding)))
      throw new PhishguardError('FORBIDDEN', 'browser_mismatch');
    if (!q.code) throw new PhishguardError('VALIDATION', 'missing_code');
    const client = oauthClient(this.google, pending.redirectUri);
    let tokens;
    try {
      tokens = (await client.getToken({ code: q.code, codeVerifier: pending.verifier })).tokens;
    } catch {
      throw new PhishguardError('UNAUTHORIZED', 'token_exchange_failed');
    }
    if (!tokens.refresh_token) throw new PhishguardError('UNAUTHORIZED', 'no_refresh_token');
    const granted = (tokens.scope ?? '').split(/\s+/);
    if (!granted.includes('https://www.googleapis.com/auth/gmail.readonly'))
      throw new PhishguardError('FORBIDDEN', 'scope_not_granted');
    client.setCredentials(tokens);
    const { email, emailVerified, hostedDomain } = await fetchUserEmail(this.google, client);
    // An address Google has not verified proves nothing about who signs in.
    if (!emailVerified) throw new PhishguardError('FORBIDDEN', 'email_not_verified');

    let user: UserRecord | null =
      pending.userId !== null
        ? await this.store.users.byId(pending.userId)
        : ((await this.store.users.byEmail(email)) ?? (await this.store.users.byUsername(email)));
    if (!user && pending.userId === null) {
      const domain = email.slice(email.lastIndexOf('@') + 1);
      // A Workspace domain vouches for its accounts only through Google's hd claim: a consumer
      // account can carry any address of that domain as its e-mail.
      if (!this.google.allowedDomains.map((d) => d.toLowerCase()).includes(domain) || hostedDomain !== domain)
        throw new PhishguardError('FORBIDDEN', 'not_allowed');
      user = await this.store.users.create({ username: email, email, passwordHash: null, isAdmin: false });
      await this.store.audit.add({
        userId: user.id,
        username: email,
        action: 'user.create',
        target: email,
        detail: { via: 'google', allowed_domain: domain },
      });
    }
    if (!user || user.disabled) throw new PhishguardError('FORBIDDEN', 'not_allowed');
    const mailbox = await this.store.mailboxes.ensure({ userId: user.id, kind: 'gmail', address: email });
    await this.store.mailboxes.setSecret(
      mailbox.id,
      encryptSecret(this.key, JSON.stringify({ refresh_token: tokens.refresh_token, scope: tokens.scope })),
    );
    await this.store.mailboxes.setState(mailbox.id, { ...mailbox.state, needs_reconnect: false });
    await this.store.audit.add({
      userId: user.id,
      username: user.username,
      action: 'gmail.connect',
      target: email,
    });
    return { user, email, mailbox: (await this.store.mailboxes.byId(mailbox.id)) as MailboxRecord };
  }

  async mailboxFor(user: UserRecord, email?: string | null): Promise<MailboxRecord> {
    const boxes = (await this.store.mailboxes.listForUser(user.id)).filter((m) => m.kind === 'gmail');
    const m = email ? boxes.find((b) => b.address === email.toLowerCase()) : boxes[0];
    if (!m)
      throw new PhishguardError(
        'NOT_FOUND',
        email
          ? `No Gmail connection for ${email} on this account`
          : 'No Gmail connection found: connect Gmail first',
      );
    return m;
  }

  /**
   * One OAuth client per mailbox for the service's lifetime, so its access token is refreshed
   * when it expires rather than once per Gmail call. A reconnect (new sealed secret) replaces it.
   */
  #client(m: MailboxRecord): { client: OAuth2Client; api: ReturnType<typeof gmailApi> } {
    if (!m.secret_enc)
      throw new PhishguardError('UNAUTHORIZED', 'Gmail access was revoked: connect Gmail again');
    const cached = this.#clients.get(m.id);
    if (cached && cached.sealed === m.secret_enc) return cached;
    const { refresh_token } = JSON.parse(decryptSecret(this.key, m.secret_enc)) as { refresh_token: string };
    const client = oauthClient(this.google);
    client.setCredentials({ refresh_token });
    const entry = { sealed: m.secret_enc, client, api: gmailApi(this.google, client) };
    this.#clients.set(m.id, entry);
    return entry;
  }

  /** Maps Google's "invalid_grant" (expired or revoked refresh token) to a reconnect-needed error. */
  async #call<T>(m: MailboxRecord, fn: (api: ReturnType<typeof gmailApi>) => Promise<T>): Promise<T> {
    this.#requireConfigured();
    const { api } = this.#client(m);
    try {
      return await withBackoff(() => fn(api));
    } catch (err) {
      const e = err as { message?: string; response?: { data?: { error?: string } } };
      if (e.response?.data?.error === 'invalid_grant' || /invalid_grant/.test(e.message ?? '')) {
        await this.store.mailboxes.setState(m.id, { ...m.state, needs_reconnect: true });
        throw new PhishguardError('UNAUTHORIZED', 'Gmail access expired or was revoked: connect Gmail again');
      }
      throw new PhishguardError('NETWORK', `Gmail request failed: ${e.message ?? String(err)}`);
    }
  }

  async profile(m: MailboxRecord) {
    return (await this.#call(m, (api) => api.users.getProfile({ userId: 'me' }))).data;
  }

  async listMessages(m: MailboxRecord, opts: { max: number; pageToken?: string; q?: string }) {
    const res = await this.#call(m, (api) =>
      api.users.messages.list({ userId: 'me', maxResults: opts.max, pageToken: opts.pageToken, q: opts.q }),
    );
    return {
      ids: (res.data.messages ?? []).map((x) => x.id).filter((x): x is string => !!x),
      nextPageToken: res.data.nextPageToken ?? null,
      estimate: res.data.resultSizeEstimate ?? 0,
    };
  }

  /**
   * Lists a page of messages and returns each analysed. Messages already stored for this
   * engine version are not downloaded or analysed again.
   */
  async analyze(
    m: MailboxRecord,
    opts: { max: number; pageToken?: string; q?: string },
  ): Promise<{ emails: AnalyzedGmailMessage[]; next_page_token: string | null; total_emails: number }> {
    const page = await this.listMessages(m, opts);
    const out: (AnalyzedGmailMessage | null)[] = new Array(page.ids.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < page.ids.length) {
        const i = next++;
        const id = page.ids[i] as string;
        out[i] = await this.#analyzeOne(m, id);
      }
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, page.ids.length) }, worker));
    await this.store.mailboxes.touchScan(m.id);
    return {
      emails: out.filter((x): x is AnalyzedGmailMessage => !!x),
      next_page_token: page.nextPageToken,
      total_emails: Math.max(page.estimate, (await this.store.emails.listForMailbox(m.id, 0, 0)).total),
    };
  }

  async #analyzeOne(m: MailboxRecord, id: string): Promise<AnalyzedGmailMessage> {
    const stored = await this.store.emails.byProvider(m.id, id);
    if (stored?.analysis && stored.analysis.engine_version === this.engine.version) {
      return {
        id,
        subject: stored.subject,
        sender: stored.sender,
        received_at: stored.received_at,
        snippet: stored.snippet,
        phishing_analysis: {
          risk_score: stored.analysis.risk_score,
          risk_level: stored.analysis.risk_level,
          indicators: stored.analysis.indicators,
          summary: stored.analysis.summary,
        },
      };
    }
    const res = await this.#call(m, (api) => api.users.messages.get({ userId: 'me', id, format: 'raw' }));
    const raw = Buffer.from(res.data.raw ?? '', 'base64url');
    const { parsed, analysis } = await this.engine.analyzeRaw(raw, {
      trustedAuthServIds: trustedAuthServIds(m),
    });
    const s = summariseParsed(parsed);
    const sender = s.from ? (s.from.name ? `${s.from.name} <${s.from.address}>` : s.from.address) : '';
    const when = res.data.internalDate
      ? new Date(Number(res.data.internalDate)).toISOString()
      : receivedAt(s.date);
    const snippet = res.data.snippet ?? s.snippet;
    const r = await this.store.emails.insertAnalysed(
      {
        mailboxId: m.id,
        providerId: id,
        messageId: s.messageId,
        subject: s.subject,
        sender,
        receivedAt: when,
        snippet,
        size: raw.length,
        raw,
        links: s.links,
      },
      await withHistory(this.store, m.user_id, analysis),
    );
    if (!r.inserted) await this.store.emails.putAnalysis(r.id, analysis);
    return {
      id,
      subject: s.subject,
      sender,
      received_at: when,
      snippet,
      phishing_analysis: toPhishingAnalysis(analysis),
    };
  }

  /** Revokes at Google and forgets our tokens (stored mail stays until the mailbox is removed). */
  async revoke(m: MailboxRecord): Promise<void> {
    this.#requireConfigured();
    if (m.secret_enc) {
      const { client } = this.#client(m);
      const { refresh_token } = JSON.parse(decryptSecret(this.key, m.secret_enc)) as {
        refresh_token: string;
      };
      await client.revokeToken(refresh_token).catch(() => undefined);
    }
    this.#clients.delete(m.id);
    await this.store.mailboxes.setSecret(m.id, null);
    await this.store.mailboxes.setState(m.id, { ...m.state, needs_reconnect: true });
  }

  async watch(m: MailboxRecord, stop: boolean) {
    if (!this.google.pubsubTopic)
      throw new PhishguardError(
        'NOT_CONFIGURED',
        'Push notifications need a Pub/Sub topic: set PHISHGUARD_GOOGLE_PUBSUB_TOPIC (projects/PROJECT/topics/TOPIC)',
      );
    const topic = this.google.pubsubTopic;
    if (stop) return (await this.#call(m, (api) => api.users.stop({ userId: 'me' }))).data;
    return (
      await this.#call(m, (api) =>
        api.users.watch({ userId: 'me', requestBody: { topicName: topic, labelIds: ['INBOX'] } }),
      )
    ).data;
  }
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}
