import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../env.js';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

/** The OpenAPI 3.1 document of every route registered on the app, with its schemas. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, version: string): Document {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'pg_access',
    description: 'Dashboard session; state changes also need X-Requested-With: phishguard',
  });
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'PhishGuard API',
      version,
      description:
        'The local daemon behind the PhishGuard dashboards. Every /api call except health, evaluation and sign-in needs a signed-in user; each user sees only their own mailboxes and mail.',
    },
  });
}

/** A readable list of the document's operations. */
export function docsPage(doc: Document): string {
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
  const rows = Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) =>
      (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((m) => {
        const op = item[m];
        if (!op) return [];
        const access = op.security?.length ? 'signed in' : 'public';
        return [
          `<tr><td><code>${m.toUpperCase()}</code></td><td><code>${esc(path)}</code></td><td>${access}</td><td>${esc(op.summary ?? '')}</td></tr>`,
        ];
      }),
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem;color:#16181d}table{border-collapse:collapse}td,th{border:1px solid #d9dde4;padding:.3rem .6rem;text-align:left;vertical-align:top}</style></head><body><h1>${esc(doc.info.title)} ${esc(doc.info.version)}</h1><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1, generated from the routes with their request and response schemas).</p><table><thead><tr><th>Method</th><th>Path</th><th>Access</th><th>What it does</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}
