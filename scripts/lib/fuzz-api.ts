import { prng } from './fuzz-mail.js';

/** The parts of an OpenAPI 3.1 document the request generator reads. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
export interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options', 'head'];
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '99999999999999999999999',
  'NaN',
  'null',
  'true',
  '%00',
  '%E0%A4%A',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u202e\u0000\uffff',
  'a'.repeat(10_000),
  '🙂'.repeat(500),
  'http://169.254.169.254/latest/meta-data/',
];

/**
 * Requests generated from the API's own OpenAPI document: each operation with values that fit
 * its schemas, then mutated (fields dropped or of the wrong type, enormous or hostile strings,
 * broken JSON, wrong media types, wrong methods, odd path parameters).
 */
export function* apiRequests(
  doc: ApiDocument,
  opts: { seed: number; token: string },
): Generator<FuzzRequest> {
  const r = prng(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => METHODS.includes(m))
      .map(([method, op]) => ({ path, method, op })),
  );
  const resolve = (s: Schema | undefined): Schema => {
    if (!s) return {};
    if (s.$ref) return resolve(doc.components?.schemas?.[s.$ref.split('/').pop() as string]);
    return s;
  };
  const valid = (raw: Schema | undefined, depth = 0): unknown => {
    const s = resolve(raw);
    if (s.enum) return pick(s.enum);
    const union = s.anyOf ?? s.oneOf;
    if (union) return valid(pick(union), depth);
    const type = Array.isArray(s.type) ? pick(s.type) : s.type;
    switch (type) {
      case 'object': {
        const o: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(s.properties ?? {}))
          if (s.required?.includes(k) || r() < 0.5) o[k] = valid(v, depth + 1);
        return o;
      }
      case 'array':
        return depth > 4 ? [] : Array.from({ length: Math.floor(r() * 4) }, () => valid(s.items, depth + 1));
      case 'integer':
        return Math.floor((s.minimum ?? 0) + r() * Math.min(1000, (s.maximum ?? 1000) - (s.minimum ?? 0)));
      case 'number':
        return r() * 100;
      case 'boolean':
        return r() < 0.5;
      case 'null':
        return null;
      default:
        return pick(['alice', 'subject line', 'a@example.com', 'https://example.com/', 'x']);
    }
  };
  const mutate = (v: unknown, depth = 0): unknown => {
    if (v && typeof v === 'object' && !Array.isArray(v) && depth < 3 && r() < 0.7) {
      const o = { ...(v as Record<string, unknown>) };
      const keys = Object.keys(o);
      if (keys.length && r() < 0.3) delete o[pick(keys)];
      if (keys.length) {
        const k = pick(keys);
        o[k] = mutate(o[k], depth + 1);
      }
      if (r() < 0.1) o[pick(NASTY).slice(0, 50) || 'extra'] = pick(NASTY);
      return o;
    }
    return pick([
      () => pick(NASTY),
      () => null,
      () => -1,
      () => 1e308,
      () => [],
      () => ({}),
      () => Array.from({ length: 5000 }, () => 1),
      () => JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown,
      () => r() < 0.5,
    ])();
  };

  for (;;) {
    const { path, method, op } = pick(ops);
    let url = path.replace(/\{(\w+)\}/g, () =>
      encodeURI(r() < 0.6 ? String(1 + Math.floor(r() * 50)) : pick(NASTY).slice(0, 2000)).replace(
        /%25/g,
        '%',
      ),
    );
    const query = (op.parameters ?? []).filter((p) => p.in === 'query');
    if (query.length) {
      const q = query
        .filter(() => r() < 0.6)
        .map(
          (p) =>
            `${encodeURIComponent(p.name)}=${encodeURIComponent(String(r() < 0.6 ? valid(p.schema) : pick(NASTY)))}`,
        );
      if (q.length) url += `?${q.join('&')}`;
    }
    const headers: Record<string, string> = {};
    const auth = r();
    if (auth < 0.8) headers.authorization = `Bearer ${opts.token}`;
    // Header values can only carry bytes: hostile text is sent as what a client could send.
    else if (auth < 0.9)
      headers.authorization = `Bearer ${pick(NASTY)
        .slice(0, 4000)
        .replace(/[^\x20-\x7e]/g, '?')}`;
    else if (auth < 0.95) headers.cookie = `pg_access=${opts.token}`;
    const content = op.requestBody?.content ?? {};
    const media = Object.keys(content);
    let body: string | Uint8Array | undefined;
    if (media.length || r() < 0.1) {
      const schema = content['application/json']?.schema ?? content[media[0] ?? '']?.schema;
      let value = valid(schema);
      if (r() < 0.6) value = mutate(value);
      const shape = r();
      if (shape < 0.6) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(value);
      } else if (shape < 0.7) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(value).slice(0, Math.floor(r() * 40));
      } else if (shape < 0.8) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(
          Object.entries(value && typeof value === 'object' ? value : { v: value }).map(
            ([k, v]): [string, string] => [k, String(v)],
          ),
        ).toString();
      } else if (shape < 0.9) {
        headers['content-type'] = pick([
          'multipart/form-data',
          'multipart/form-data; boundary=zz',
          'text/xml',
          'application/json; charset=utf-7',
          'image/png',
        ]);
        body = pick([
          '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.mbox.gz"\r\n\r\nnot gzip\r\n--zz--\r\n',
          '--zz\r\nbroken',
          '<a/>',
          '\u0000\u0001\u0002',
        ]);
      } else
        body = new Uint8Array(Array.from({ length: Math.floor(r() * 2000) }, () => Math.floor(r() * 256)));
    }
    const m = r() < 0.05 ? pick(METHODS).toUpperCase() : method.toUpperCase();
    yield {
      method: m,
      path: url,
      headers,
      body: m === 'GET' || m === 'HEAD' ? undefined : body,
    };
  }
}
