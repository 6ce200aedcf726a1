import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODES, PhishguardError } from '../errors.js';
import type { AppDeps } from './env.js';
import { analysisRoutes } from './routes/analysis.js';
import { authRoutes } from './routes/auth.js';
import { emailRoutes } from './routes/emails.js';
import { mailboxRoutes } from './routes/mailboxes.js';
import { gmailRoutes } from './routes/gmail.js';
import { senderRoutes } from './routes/senders.js';
import { rootHealth, systemRoutes } from './routes/system.js';
import { serveWeb } from './static.js';
import { docsPage, openApiDocument } from './openapi/document.js';
import { json, routes } from './openapi/route.js';
import { createRoute, z } from '@hono/zod-openapi';
import { forwardedBy, isHttps } from './validate.js';

/** Largest accepted request body; uploads of mail files have their own, larger limit. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export function createApp(deps: AppDeps) {
  const api = routes()
    .route('/', authRoutes(deps))
    .route('/', emailRoutes(deps))
    .route('/', analysisRoutes(deps))
    .route('/', systemRoutes(deps))
    .route('/', mailboxRoutes(deps))
    .route('/', senderRoutes(deps));

  const app = routes();
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    // A path with broken percent-encoding (/%E0%A4%A) names nothing: 400, not a URIError.
    try {
      decodeURIComponent(c.req.path);
    } catch {
      throw new PhishguardError('USAGE', 'Malformed percent-encoding in the URL path');
    }
    await next();
    // API answers are per user and per moment: never stored by a browser or proxy cache.
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('cache-control'))
      c.res.headers.set('cache-control', 'no-store');
    // HSTS means something only over HTTPS (directly, or behind a trusted TLS proxy).
    if (isHttps(c)) c.res.headers.set('strict-transport-security', 'max-age=15552000; includeSubDomains');
  });
  app.use('*', async (c, next) => {
    const forwarded = forwardedBy(c, deps.config.trustedProxies);
    if (forwarded) c.set('forwarded', forwarded);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      // A route that sets its own policy keeps it (the message preview: a stricter, sandboxing one).
      overwrite: false,
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
      },
      strictTransportSecurity: false,
    }),
  );
  app.use('*', async (c, next) => {
    if (!deps.logger.isLevelEnabled('info')) return next();
    const start = performance.now();
    await next();
    // Method, path (no query: it can carry addresses), status and time; never bodies or tokens.
    // The dashboard's files are logged only at debug: one page load is a dozen of them.
    const api = c.req.path.startsWith('/api/') || c.res.status >= 400;
    deps.logger[api ? 'info' : 'debug'](
      {
        req_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - start),
      },
      'request',
    );
  });
  if (deps.config.corsOrigins.length > 0)
    app.use(
      '/api/*',
      cors({
        origin: [...deps.config.corsOrigins],
        credentials: true,
        allowHeaders: ['authorization', 'content-type', 'x-requested-with'],
      }),
    );
  app.use('/api/*', async (c, next) => {
    // GET and HEAD carry no body; asking for one would build a full Request object per call.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path.startsWith('/api/mailboxes/import'))
      return next();
    return bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new PhishguardError('PAYLOAD_TOO_LARGE', `Request body larger than ${MAX_BODY_BYTES} bytes`);
      },
    })(c, next);
  });
  app.route('/api', api);
  app.route('/', gmailRoutes(deps));
  app.route('/', rootHealth(deps));
  // Generated from the routes as registered: the document cannot drift from the code.
  let doc: ReturnType<typeof openApiDocument> | null = null;
  const document = () => (doc ??= openApiDocument(app, deps.engine.version));
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/openapi.json',
      tags: ['system'],
      summary: 'This document',
      responses: { 200: json(z.record(z.string(), z.unknown()), 'OpenAPI 3.1') },
    }),
    (c) => c.json(document(), 200),
  );
  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/docs',
      tags: ['system'],
      summary: 'A readable list of these endpoints',
      responses: { 200: { description: 'HTML', content: { 'text/html': { schema: z.string() } } } },
    }),
    (c) => c.html(docsPage(document()), 200),
  );
  if (deps.webDir) serveWeb(app, deps.webDir);

  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404));
  app.onError((err, c) => {
    if (err instanceof HTTPException && err.status < 500) {
      // Hono's own refusals (malformed JSON or form data, unsupported media type): {detail, code}.
      if (err.status === 400)
        return c.json({ detail: err.message || 'Malformed request body', code: 'VALIDATION' }, 422);
      return c.json({ detail: err.message || 'Bad request', code: httpCode(err.status) }, err.status);
    }
    if (err instanceof PhishguardError) {
      const status = ERROR_CODES[err.code].http;
      if (status >= 500)
        deps.logger.error({ req_id: c.get('requestId'), code: err.code, err: err.message }, 'request failed');
      return c.json(
        {
          detail: err.message,
          code: err.code,
          ...(err.details?.issues ? { issues: err.details.issues } : {}),
        },
        status as 400,
      );
    }
    deps.logger.error(
      { req_id: c.get('requestId'), err: { message: err.message, stack: err.stack } },
      'unhandled error',
    );
    return c.json({ detail: 'Internal server error', code: 'INTERNAL', request_id: c.get('requestId') }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;

function httpCode(status: number): string {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  return 'USAGE';
}
