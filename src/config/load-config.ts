import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { PhishguardError } from '../errors.js';
import { ConfigSchema, type Config } from './schema.js';

export interface ConfigSources {
  /** Flags the command line set explicitly (undefined = not given). */
  flags?: Partial<Record<string, unknown>>;
  env?: NodeJS.ProcessEnv;
  /** A JSON config file; default: <dataDir>/config.json when it exists. */
  file?: string | null;
}

/** Default data directory: $XDG_DATA_HOME/phishguard, else ~/.local/share/phishguard. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_DATA_HOME || join(env.HOME || homedir(), '.local', 'share'), 'phishguard');
}

const ENV: Record<string, string> = {
  PHISHGUARD_HOST: 'host',
  PHISHGUARD_PORT: 'port',
  PHISHGUARD_DATA_DIR: 'dataDir',
  PHISHGUARD_DATABASE_URL: 'databaseUrl',
  PHISHGUARD_LOG_LEVEL: 'logLevel',
  PHISHGUARD_ALLOW_PRIVATE_NETWORK: 'allowPrivateNetwork',
  PHISHGUARD_CHROMIUM: 'chromium',
  PHISHGUARD_PUBLIC_URL: 'publicUrl',
  PHISHGUARD_CORS_ORIGINS: 'corsOrigins',
  PHISHGUARD_TRUSTED_PROXIES: 'trustedProxies',
  PHISHGUARD_MAX_UPLOAD_MB: 'maxUploadMb',
  PHISHGUARD_ANALYSIS_WORKERS: 'analysisWorkers',
};
const GOOGLE_ENV: Record<string, string> = {
  PHISHGUARD_GOOGLE_CLIENT_ID: 'clientId',
  PHISHGUARD_GOOGLE_CLIENT_SECRET: 'clientSecret',
  PHISHGUARD_GOOGLE_REDIRECT_URI: 'redirectUri',
  PHISHGUARD_GOOGLE_ALLOWED_DOMAINS: 'allowedDomains',
  PHISHGUARD_GOOGLE_PUBSUB_TOPIC: 'pubsubTopic',
};

/** Builds the frozen config and makes sure the data directory exists with mode 0700. */
export function loadConfig(sources: ConfigSources = {}): Config {
  const env = sources.env ?? {};
  const fromEnv: Record<string, unknown> = {};
  for (const [k, key] of Object.entries(ENV))
    if (env[k] !== undefined && env[k] !== '')
      fromEnv[key] =
        key === 'corsOrigins' || key === 'trustedProxies'
          ? splitList(env[k])
          : key === 'allowPrivateNetwork'
            ? env[k] === 'true' || env[k] === '1'
            : env[k];
  const googleEnv: Record<string, unknown> = {};
  for (const [k, key] of Object.entries(GOOGLE_ENV))
    if (env[k]) googleEnv[key] = key === 'allowedDomains' ? splitList(env[k]) : env[k];
  const flags = Object.fromEntries(Object.entries(sources.flags ?? {}).filter(([, v]) => v !== undefined));
  const dataDir = String(flags.dataDir ?? fromEnv.dataDir ?? defaultDataDir(env));
  const filePath =
    sources.file ?? (existsSync(join(dataDir, 'config.json')) ? join(dataDir, 'config.json') : null);
  let fromFile: Record<string, unknown> = {};
  if (filePath) {
    try {
      fromFile = JSON.parse(readFileSync(filePath, 'utf8')) as Record<string, unknown>;
    } catch (err) {
      throw new PhishguardError('USAGE', `cannot read config file ${filePath}: ${(err as Error).message}`);
    }
  }
  const fileGoogle = (fromFile.google ?? {}) as Record<string, unknown>;
  const flagGoogle = (flags.google ?? {}) as Record<string, unknown>;
  const merged = {
    ...fromFile,
    ...fromEnv,
    ...flags,
    dataDir,
    google: { ...fileGoogle, ...googleEnv, ...flagGoogle },
  };
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PhishguardError(
      'USAGE',
      `invalid setting ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
    );
  }
  if (parsed.data.corsOrigins.includes('*'))
    throw new PhishguardError('USAGE', 'corsOrigins may not contain "*"');
  mkdirSync(parsed.data.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(parsed.data.dataDir, 0o700);
  return Object.freeze(parsed.data);
}

function splitList(v: string | undefined): string[] {
  return (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
