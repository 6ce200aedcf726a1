import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/lib/api-types.js';
import { testApp } from '../helpers/app.js';
import { responseContract } from '../helpers/contract.js';

describe('OpenAPI', () => {
  it('documents every /api route the app serves, with request and response schemas', async () => {
    const t = await testApp();
    const doc = await (await t.req('/api/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
      ),
    );
    const served = new Set(
      t.app.routes
        .filter(
          (r) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && r.path.startsWith('/api'),
        )
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    expect(served.size).toBeGreaterThan(35);
    expect(served).toContain('PATCH /api/emails/{id}/status');
    expect([...served].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !served.has(r))).toEqual([]);
    const login =
      doc.paths['/api/auth/login'].post.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(login.required).toEqual(['username', 'password']);
    expect(doc.paths['/api/emails'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'page',
        'size',
        'risk_level',
        'status',
        'search',
        'time_range',
        'sort_by',
        'sort_order',
      ]),
    );
    // Every JSON operation documents what it answers, not just "OK".
    const withoutSchema = Object.entries(
      doc.paths as Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>,
    ).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.entries(op.responses).some(([s, r]) => /^2/.test(s) && r.content))
        .filter(([, op]) => !op.responses['302'])
        .map(([m]) => `${m} ${p}`),
    );
    expect(withoutSchema).toEqual([]);
    expect(doc.paths['/api/emails/{id}'].get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/EmailDetail',
    });
    const page = await t.req('/api/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('/api/gmail-simple/analyze');
  });

  it('refuses every operation it documents as signed-in only, when no one is signed in', async () => {
    const t = await testApp();
    const doc = await (await t.req('/api/openapi.json')).json();
    const guarded = Object.entries(
      doc.paths as Record<string, Record<string, { security?: unknown }>>,
    ).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security)
        .map(([m]) => [m.toUpperCase(), p.replace(/\{\w+\}/g, '1')] as const),
    );
    expect(guarded.length).toBeGreaterThan(30);
    const answers = await Promise.all(
      guarded.map(async ([method, path]) => {
        const res = await t.req(path, method === 'GET' ? {} : { method, json: {} });
        return `${method} ${path} ${res.status}`;
      }),
    );
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
    expect(answers).toContain('GET /api/emails 401');
    expect(answers).toContain('GET /api/mailboxes 401');
  });
});

describe('OpenAPI request schemas are the ones the routes validate with', () => {
  it('a body without its fields, sent to each documented operation, names exactly the documented required fields', async () => {
    const t = await testApp();
    const { access_token } = await t.login('alice', 'alice-password');
    const doc = await (await t.req('/api/openapi.json')).json();
    const checked: string[] = [];
    for (const [path, ops] of Object.entries(
      doc.paths as Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >,
    ))
      for (const [method, op] of Object.entries(ops)) {
        const json = op.requestBody?.content['application/json']?.schema;
        if (!json?.required?.length || path.includes('{')) continue;
        // Not empty: an empty refresh/logout body means "use the session cookie", answered 401.
        const res = await t.req(path, {
          method: method.toUpperCase(),
          token: access_token,
          json: { probe: true },
        });
        const body = await res.json();
        const fields = new Set((body.issues ?? []).map((i: { field: string }) => i.field));
        checked.push(`${method.toUpperCase()} ${path}`);
        expect([path, res.status]).toEqual([path, 422]);
        expect([path, [...fields].sort()]).toEqual([path, [...json.required].sort()]);
      }
    expect(checked.length).toBeGreaterThanOrEqual(4);
  });
});

describe('the document is the contract', () => {
  it('a response that differs from its documented schema is caught (every testApp request is checked)', async () => {
    const t = await testApp();
    const check = responseContract(t.app);
    const email = {
      id: 1,
      mailbox_id: 1,
      message_id: null,
      subject: 'x',
      sender: 'a@b.c',
      received_at: null,
      snippet: '',
      size: 1,
      status: 'new',
      status_reason: null,
      phishing_analysis: null,
    };
    expect(() => check('GET', '/api/emails/7', 200, email)).not.toThrow();
    expect(() => check('GET', '/api/emails/7', 200, { ...email, subject: undefined })).toThrow(/subject/);
    expect(() => check('GET', '/api/emails/7', 200, { ...email, secret: 'x' })).toThrow(
      /undocumented.*secret/,
    );
    expect(() => check('GET', '/api/emails/7', 404, { detail: 'Email not found' })).toThrow(/code/);
    expect(() =>
      check('GET', '/api/emails/7', 404, { detail: 'Email not found', code: 'NOT_FOUND' }),
    ).not.toThrow();
  });

  it('the typed clients (web, terminal) are generated from the current document', async () => {
    // Run `npm run gen:api` after changing a route or schema; a stale file would type the clients wrongly.
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await apiTypesSource());
  });

  it('refuses bodies of the wrong media type or malformed JSON with {detail, code}, never 500', async () => {
    const t = await testApp();
    const { access_token } = await t.login('alice', 'alice-password');
    const xml = await t.req('/api/analyze/email', {
      method: 'POST',
      token: access_token,
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const broken = await t.req('/api/analyze/email', {
      method: 'POST',
      token: access_token,
      headers: { 'content-type': 'application/json' },
      body: '{"subject":',
    });
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
