import { OpenAPIHono, type z } from '@hono/zod-openapi';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { validationHook } from '../validate.js';
import { ErrorBody } from './schemas.js';

/** A feature's routes: documented as they are registered, failed validation answered 422. */
export function routes(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

/**
 * Signed-in only: the check runs before any validation, and the document says so. Only the
 * routes marked `beforePasswordChange` serve an account that must change its password first.
 */
export function signedIn(deps: AppDeps, opts: { beforePasswordChange?: boolean } = {}) {
  const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
  return { middleware: [requireUser(deps, opts)], security };
}

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { content: { 'application/json': { schema } }, description };
}

export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

/** Every operation can fail the same way: a status from the table in src/errors.ts and {detail, code}. */
export const ERRORS = { default: json(ErrorBody, 'Error: {detail, code}, with issues per field on 422') };
