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

async function errorOf(res: Response): Promise<ApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as { detail?: string; issues?: { field: string; message: string }[] };
    return new ApiError(
      res.status,
      body.detail ?? `HTTP ${res.status}: ${res.statusText}`,
      body.issues ?? [],
    );
  } catch {
    return new ApiError(res.status, text || `HTTP ${res.status}: ${res.statusText}`);
  }
}

/** A 401 triggers one refresh and one retry; if that fails the session is over. */
export async function api<T>(
  path: string,
  init: RequestInit & { json?: unknown; noRetry?: boolean } = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('x-requested-with', 'phishguard');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const go = () => fetch(path, { ...init, headers, body, credentials: 'same-origin' });
  let res = await go();
  if (res.status === 401 && !init.noRetry) {
    if (await refreshSession()) res = await go();
    if (res.status === 401) {
      onSessionLost();
      throw await errorOf(res);
    }
  }
  if (!res.ok) throw await errorOf(res);
  return (await res.json()) as T;
}

export interface PhishingAnalysis {
  risk_score: number;
  risk_level: 'HIGH' | 'MEDIUM' | 'LOW' | 'SAFE';
  indicators: string[];
  summary: string;
}

export interface EmailItem {
  id: number | string;
  subject: string;
  sender: string;
  received_at: string | null;
  snippet: string;
  status?: string;
  phishing_analysis: PhishingAnalysis | null;
}

export interface User {
  id: number;
  username: string;
  email: string | null;
  name: string;
  is_admin: boolean;
}
