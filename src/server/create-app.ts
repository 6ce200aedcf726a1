import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { ERROR_CODES, PhishguardError } from '../errors.js';
import type { AppDeps, AppEnv } from './env.js';
import { analysisRoutes } from './routes/analysis.js';
import { authRoutes } from './routes/auth.js';
import { emailRoutes } from './routes/emails.js';
import { mailboxRoutes } from './routes/mailboxes.js';
import { gmailRoutes } from './routes/gmail.js';
import { rootHealth, systemRoutes } from './routes/system.js';
import { serveWeb } from './static.js';
import { docsPage, openApiDocument } from './openapi.js';
import { forwardedBy } from './validate.js';

/** Largest accepted request body; uploads of mail files have their own, larger limit. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;

export function createApp(deps: AppDeps) {
  const api = new Hono<AppEnv>()
    .route('/', authRoutes(deps))
    .route('/', emailRoutes(deps))
    .route('/', analysisRoutes(deps))
    .route('/', systemRoutes(deps))
    .route('/', mailboxRoutes(deps));

  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    const forwarded = forwardedBy(c, deps.config.trustedProxies);
    if (forwarded) c.set('forwarded', forwarded);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
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
    }),
  );
  app.use('*', async (c, next) => {
    if (!deps.logger.isLevelEnabled('info')) return next();
    const start = performance.now();
    await next();
    // Method, path (no query: it can carry addresses), status and time; never bodies or tokens.
    deps.logger.info(
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
  const doc = openApiDocument(deps.engine.version);
  app.get('/api/openapi.json', (c) => c.json(doc));
  app.get('/api/docs', (c) => c.html(docsPage(doc)));
  app.route('/api', api);
  app.route('/', gmailRoutes(deps));
  app.route('/', rootHealth(deps));
  if (deps.webDir) serveWeb(app, deps.webDir);

  app.notFound((c) => c.json({ detail: `Not found: ${c.req.method} ${c.req.path}`, code: 'NOT_FOUND' }, 404));
  app.onError((err, c) => {
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
