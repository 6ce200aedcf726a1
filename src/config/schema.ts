import { z } from 'zod';

/** Every setting, in one schema. Sources: flags > PHISHGUARD_* env > config file > these defaults. */
export const ConfigSchema = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(8787),
  dataDir: z.string().min(1),
  /**
   * postgres://… to keep the data in PostgreSQL (several daemons and workers on one database);
   * null keeps it in SQLite in the data directory (the embedded default for one person).
   */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'databaseUrl must start with postgres:// or postgresql://' })
    .nullable()
    .default(null),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Origins allowed to call the API from a browser (never "*"). The dashboard is same-origin. */
  corsOrigins: z.array(z.string().url()).default([]),
  allowPrivateNetwork: z.coerce.boolean().default(false),
  /**
   * Addresses of reverse proxies in front of the daemon (e.g. a TLS-terminating nginx on
   * 127.0.0.1). From these only, X-Forwarded-Proto decides whether cookies are Secure and
   * X-Forwarded-For names the client; everyone else's forwarding headers are ignored.
   */
  trustedProxies: z.array(z.string()).default([]),
  chromium: z.string().nullable().default(null),
  /** Largest upload of mail files accepted by POST /api/mailboxes/import, streamed to disk. */
  maxUploadMb: z.coerce.number().int().positive().max(100_000).default(200),
  /**
   * The daemon's analysis threads, shared by every upload and import (null: one per core, at
   * most 2). 0 analyses on the request thread: least memory, but the daemon answers slowly while
   * it imports.
   */
  analysisWorkers: z.coerce.number().int().min(0).max(32).nullable().default(null),
  accessTokenTtlSeconds: z.coerce.number().int().positive().default(3600),
  refreshTokenTtlDays: z.coerce.number().int().positive().default(30),
  /** Public URL of the dashboard, used to build OAuth redirect URIs. */
  publicUrl: z.string().url().nullable().default(null),
  google: z
    .object({
      clientId: z.string().nullable().default(null),
      clientSecret: z.string().nullable().default(null),
      redirectUri: z.string().url().nullable().default(null),
      /** Domains whose addresses may sign in with Google without a user record. */
      allowedDomains: z.array(z.string()).default([]),
      /** Overrides for a local fake of Google (tests); production leaves them unset. */
      authUrl: z.string().url().nullable().default(null),
      tokenUrl: z.string().url().nullable().default(null),
      revokeUrl: z.string().url().nullable().default(null),
      userinfoUrl: z.string().url().nullable().default(null),
      apiRoot: z.string().url().nullable().default(null),
      pubsubTopic: z.string().nullable().default(null),
    })
    .default({
      clientId: null,
      clientSecret: null,
      redirectUri: null,
      allowedDomains: [],
      authUrl: null,
      tokenUrl: null,
      revokeUrl: null,
      userinfoUrl: null,
      apiRoot: null,
      pubsubTopic: null,
    }),
});

export type Config = Readonly<z.infer<typeof ConfigSchema>>;
