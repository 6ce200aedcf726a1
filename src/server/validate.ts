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
  throw validationError(r.error, detail);
}

/** A zod failure as the API reports it: 422, one message per field, the first rule it broke. */
export function validationError(error: z.ZodError, detail = 'Validation failed'): PhishguardError {
  // The first rule per field only (empty → "is required", not also "too short").
  const issues: { field: string; message: string }[] = [];
  for (const i of error.issues) {
    const field = i.path.join('.') || '(body)';
    if (!issues.some((x) => x.field === field)) issues.push({ field, message: i.message });
  }
  return new PhishguardError('VALIDATION', issues.length === 1 ? (issues[0]?.message ?? detail) : detail, {
    issues,
  });
}

/** The routes' validation hook: a failed request validator becomes the same 422 as parse(). */
export function validationHook(result: { success: boolean; error?: unknown }): void {
  if (!result.success) throw validationError(result.error as z.ZodError);
}

export function clientAddress(c: Context): string {
  const forwarded = c.get('forwarded') as Forwarded | undefined;
  return forwarded?.address ?? socketAddress(c);
}

/** Whether the client reached us over HTTPS (directly, or through a trusted TLS-terminating proxy). */
export function isHttps(c: Context): boolean {
  const forwarded = c.get('forwarded') as Forwarded | undefined;
  return forwarded?.https ?? new URL(c.req.url).protocol === 'https:';
}

export interface Forwarded {
  address: string;
  https: boolean;
}

/**
 * What a trusted proxy says about the client: the right-most X-Forwarded-For entry that is not
 * itself a trusted proxy, and X-Forwarded-Proto. Null unless the connection comes from one.
 */
export function forwardedBy(c: Context, trustedProxies: readonly string[]): Forwarded | null {
  const peer = socketAddress(c);
  if (!trustedProxies.includes(peer)) return null;
  const chain = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let address = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    address = chain[i] as string;
    if (!trustedProxies.includes(address)) break;
  }
  const proto = (c.req.header('x-forwarded-proto') ?? '').split(',')[0]?.trim().toLowerCase();
  return { address, https: proto ? proto === 'https' : new URL(c.req.url).protocol === 'https:' };
}

function socketAddress(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
