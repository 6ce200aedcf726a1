import type { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';

interface Documented {
  method: string;
  pattern: RegExp;
  path: string;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/**
 * The documented response schemas of an app, checked against real answers: every integration
 * test that goes through `testApp().req` is also a test that the OpenAPI document tells the truth.
 */
export function responseContract(app: Pick<OpenAPIHono, 'openAPIRegistry'>) {
  const routes: Documented[] = [];
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route') continue;
    const { method, path, responses } = def.route;
    const pattern = new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`);
    routes.push({
      method: method.toUpperCase(),
      pattern,
      path,
      responses: responses as Documented['responses'],
    });
  }
  /** Throws when a JSON answer is not what the document says for this operation and status. */
  return function check(method: string, url: string, status: number, body: unknown): void {
    const path = new URL(url, 'http://x').pathname;
    const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return;
    const response = route.responses[String(status)] ?? route.responses.default;
    if (!response) throw new Error(`${method} ${route.path} answered ${status}, which is not documented`);
    const schema = response.content?.['application/json']?.schema as z.ZodType | undefined;
    if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return;
    const r = schema.safeParse(body);
    if (!r.success)
      throw new Error(
        `${method} ${route.path} ${status}: the answer does not match its documented schema: ${r.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    const extra = undocumented(body, r.data, '');
    if (extra.length)
      throw new Error(`${method} ${route.path} ${status}: undocumented fields ${extra.join(', ')}`);
  };
}

/** Keys present in the answer that the schema dropped (zod strips unknown keys). */
function undocumented(input: unknown, output: unknown, at: string): string[] {
  if (Array.isArray(input) && Array.isArray(output))
    return input.flatMap((v, i) => undocumented(v, output[i], `${at}[${i}]`));
  if (!input || typeof input !== 'object' || !output || typeof output !== 'object') return [];
  return Object.entries(input).flatMap(([k, v]) =>
    k in output
      ? undocumented(v, (output as Record<string, unknown>)[k], at ? `${at}.${k}` : k)
      : [at ? `${at}.${k}` : k],
  );
}
