import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createUser } from '../../src/app/accounts.js';
import { importFiles } from '../../src/app/import-files.js';
import { loadConfig } from '../../src/config/load-config.js';
import { buildDeps } from '../../src/server/build-deps.js';
import { createApp } from '../../src/server/create-app.js';
import { openSqliteStore } from '../../src/store/index.js';
import { responseContract } from './contract.js';
import { FIXTURES } from './engine.js';

/** Tests read arbitrary JSON back; typing every response shape would add nothing to the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: ReturnType<typeof buildDeps>;
  dataDir: string;
  login(username: string, password: string): Promise<{ access_token: string; refresh_token: string }>;
  req(path: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<TestResponse>;
}

/** A real app over a real SQLite store in a temp dir, with two users: alice (admin) and bob. */
export async function testApp(overrides: Record<string, unknown> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pg-api-'));
  const config = loadConfig({ flags: { dataDir, allowPrivateNetwork: true, ...overrides }, env: {} });
  const store = openSqliteStore(config.dataDir);
  const deps = buildDeps(config, store, pino({ level: 'silent' }));
  deps.browser = async () => null;
  const app = createApp(deps);
  await createUser(store, {
    username: 'alice',
    password: 'alice-password',
    isAdmin: true,
    email: 'alice@example.org',
  });
  await createUser(store, {
    username: 'bob',
    password: 'bob-password',
    isAdmin: false,
    email: 'bob@example.org',
  });
  const contract = responseContract(app);
  const req: TestApp['req'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let bodyInit = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      bodyInit = JSON.stringify(init.json);
    }
    const res = await app.request(path, { ...init, headers, body: bodyInit });
    if (res.headers.get('content-type')?.includes('application/json') && init.method !== 'HEAD')
      contract(init.method ?? 'GET', path, res.status, await res.clone().json());
    return res;
  };
  return {
    app,
    deps,
    dataDir,
    req,
    async login(username, password) {
      const res = await req('/api/auth/login', {
        method: 'POST',
        body: new URLSearchParams({ username, password }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      return (await res.json()) as { access_token: string; refresh_token: string };
    },
  };
}

/** Imports the e-mail fixtures into a user's local mailbox. */
export async function seedFixtures(t: TestApp, username: string) {
  const user = await t.deps.store.users.byUsername(username);
  if (!user) throw new Error(`no user ${username}`);
  return importFiles(t.deps.store, t.deps.engine, user.id, [join(FIXTURES, 'email')], { workers: 0 });
}

/** Stores one analysed email, "Lab link", whose only link is `url`, in the user's "lab" mailbox (newest of all). */
export async function seedLinkEmail(t: TestApp, username: string, url: string): Promise<void> {
  const user = await t.deps.store.users.byUsername(username);
  if (!user) throw new Error(`no user ${username}`);
  const mailbox = await t.deps.store.mailboxes.ensure({ userId: user.id, kind: 'local', address: 'lab' });
  const analysis = t.deps.engine.analyzeTest({
    subject: 'Lab link',
    sender: 'lab@example.org',
    content: `see ${url}`,
  });
  await t.deps.store.emails.insertAnalysed(
    {
      mailboxId: mailbox.id,
      providerId: `lab:${url}`,
      messageId: null,
      subject: 'Lab link',
      sender: 'lab@example.org',
      receivedAt: '2030-01-01T00:00:00.000Z',
      snippet: 'see',
      size: 10,
      raw: null,
      links: [url],
    },
    analysis,
  );
}
