import type { Context } from 'hono';
import type { z } from 'zod';
import { PhishguardError } from '../errors.js';

/** Parses input at the trust boundary; failures become 422 with one message per field. */
export function parse<T extends z.ZodType>(
  schema: T,
  input: unknown,
  detail = 'Validation failed',
): z.infer<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  // One message per field, the first rule it broke (empty → "is required", not also "too short").
  const issues: { field: string; message: string }[] = [];
  for (const i of r.error.issues) {
    const field = i.path.join('.') || '(body)';
    if (!issues.some((x) => x.field === field)) issues.push({ field, message: i.message });
  }
  throw new PhishguardError('VALIDATION', issues.length === 1 ? (issues[0]?.message ?? detail) : detail, {
    issues,
  });
}

/** The request body as JSON (or form fields), without trusting its shape. */
export async function body(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data'))
    return Object.fromEntries(
      Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === 'string' ? v : '']),
    );
  const text = await c.req.text();
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PhishguardError('VALIDATION', 'Request body is not valid JSON');
  }
}

export function clientAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
