import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { pino } from 'pino';
import { loadConfig } from '../../src/config/load-config.js';
import { buildDeps } from '../../src/server/build-deps.js';
import { createApp } from '../../src/server/create-app.js';
import { openSqliteStore } from '../../src/store/index.js';

export const API_TYPES_FILE = new URL('../../src/api-types.ts', import.meta.url);

/** The OpenAPI document as the daemon serves it (from an app over a throwaway store). */
export async function currentDocument(): Promise<OpenAPI3> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-openapi-'));
  const store = openSqliteStore(dataDir);
  try {
    const deps = buildDeps(loadConfig({ flags: { dataDir }, env: {} }), store, pino({ level: 'silent' }));
    const res = await createApp(deps).request('/api/openapi.json');
    // Our own daemon's answer, read back in the same process.
    return (await res.json()) as OpenAPI3;
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** TypeScript types of every path, operation and schema of the document (openapi-typescript), formatted. */
export async function apiTypesSource(): Promise<string> {
  const doc = await currentDocument();
  const ast = await openapiTS(doc, { alphabetize: true });
  const source = `/**
 * Generated from the daemon's OpenAPI document by \`npm run gen:api\`; do not edit.
 * The web dashboard and the terminal dashboard type their API calls with it (openapi-fetch),
 * and a test fails when it no longer matches the routes.
 */
${astToString(ast)}`;
  const file = fileURLToPath(API_TYPES_FILE);
  return format(source, { ...(await resolveConfig(file)), filepath: file });
}
