import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from './env.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built dashboard: hashed assets immutable for a year, index.html never cached, and
 * the SPA fallback for any other GET that is not /api or /health (those answer 404 as JSON).
 */
export function serveWeb(app: Hono<AppEnv>, webDir: string): void {
  const indexFile = join(webDir, 'index.html');
  app.get('*', async (c, next) => {
    const path = decodeURIComponent(c.req.path);
    if (path.startsWith('/api/') || path === '/api' || path === '/health') return next();
    const file = normalize(join(webDir, path));
    if (
      file.startsWith(webDir + sep) &&
      existsSync(file) &&
      statSync(file).isFile() &&
      !file.endsWith('index.html')
    ) {
      const hashed =
        /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2|svg|png)$/.test(file) && path.startsWith('/assets/');
      return c.body(readFileSync(file), 200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      });
    }
    if (!existsSync(indexFile)) return next();
    return c.body(readFileSync(indexFile), 200, {
      'content-type': TYPES['.html'] as string,
      'cache-control': 'no-cache',
    });
  });
}
