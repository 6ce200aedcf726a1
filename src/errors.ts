/** Stable codes for operational failures. The CLI maps them to exit statuses, the server to HTTP statuses. */
export const ERROR_CODES = {
  USAGE: { exit: 2, http: 400 },
  VALIDATION: { exit: 2, http: 422 },
  NOT_FOUND: { exit: 3, http: 404 },
  INPUT_UNREADABLE: { exit: 3, http: 422 },
  NETWORK: { exit: 4, http: 502 },
  BLOCKED_URL: { exit: 4, http: 400 },
  UNAUTHORIZED: { exit: 5, http: 401 },
  FORBIDDEN: { exit: 5, http: 403 },
  PASSWORD_CHANGE_REQUIRED: { exit: 5, http: 403 },
  RATE_LIMITED: { exit: 6, http: 429 },
  CONFLICT: { exit: 1, http: 409 },
  PAYLOAD_TOO_LARGE: { exit: 2, http: 413 },
  UNAVAILABLE: { exit: 7, http: 503 },
  NOT_CONFIGURED: { exit: 8, http: 400 },
  INTERNAL: { exit: 1, http: 500 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class PhishguardError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { issues?: unknown; cause?: unknown },
  ) {
    super(message);
    this.name = 'PhishguardError';
  }
}
