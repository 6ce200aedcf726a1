import createClient from 'openapi-fetch';
import type { components, paths } from '../../src/api-types';

/** The dashboard's only door to the daemon: same-origin, cookies (httpOnly) for the session. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

let onSessionLost: () => void = () => undefined;
let refreshing: Promise<boolean> | null = null;

export function setSessionLostHandler(fn: () => void): void {
  onSessionLost = fn;
}

/** One silent refresh at a time; resolves whether it worked. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { 'x-requested-with': 'phishguard' },
    credentials: 'same-origin',
  })
    .then((r) => r.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Adds the CSRF header and cookies; a 401 triggers one silent refresh and one retry. */
async function sessionFetch(request: Request): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('x-requested-with', 'phishguard');
  const noRetry = headers.get('x-no-retry') === '1';
  headers.delete('x-no-retry');
  // The body read once as bytes: sent twice if needed, and never as a stream upload.
  const body =
    request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
  const go = () => fetch(request.url, { method: request.method, headers, body, credentials: 'same-origin' });
  let res = await go();
  if (res.status === 401 && !noRetry) {
    if (await refreshSession()) res = await go();
    if (res.status === 401) onSessionLost();
  }
  return res;
}

/**
 * The daemon's API, typed from its OpenAPI document (src/api-types.ts, generated from the routes
 * by `npm run gen:api`): paths, parameters, bodies and answers are checked by the compiler.
 */
export const client = createClient<paths>({
  baseUrl: globalThis.location?.origin ?? '',
  fetch: sessionFetch,
});

/** The answer's data, or an ApiError with the server's message and per-field issues. */
export async function call<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (response.ok && data !== undefined) return data;
  const body = (error ?? {}) as { detail?: unknown; issues?: { field: string; message: string }[] };
  throw new ApiError(
    response.status,
    typeof body.detail === 'string' ? body.detail : `HTTP ${response.status}: ${response.statusText}`,
    Array.isArray(body.issues) ? body.issues : [],
  );
}

/** Don't try a silent refresh on 401 (sign-in, sign-out). */
export const NO_RETRY = { headers: { 'x-no-retry': '1' } };

export type Schemas = components['schemas'];
export type EmailItem = Schemas['EmailSummary'];
export type EmailDetail = Schemas['EmailDetail'];
export type User = Schemas['User'];
export type PhishingAnalysis = Schemas['PhishingAnalysis'];
export type BulkAction = NonNullable<
  paths['/api/emails/bulk-action']['post']['requestBody']
>['content']['application/json']['action'];
export type MessageView = Schemas['MessageView'];
