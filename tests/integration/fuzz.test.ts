import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRequests, type ApiDocument } from '../../scripts/lib/fuzz-api.js';
import { fuzzMail } from '../../scripts/lib/fuzz-mail.js';
import { seedFixtures, testApp } from '../helpers/app.js';
import { FIXTURES, shippedEngine } from '../helpers/engine.js';

// A short, seeded slice of `npm run fuzz` (which runs 100,000 mail mutations and a daemon
// under generated requests, and prints timing and memory figures).
describe('fuzzing, seeded slice', () => {
  it('analyses 250 mutated messages (flips, truncation, header floods, broken MIME, zip bombs…) without an uncaught error', async () => {
    const dir = join(FIXTURES, 'email');
    const bases = readdirSync(dir).map((f) => readFileSync(join(dir, f)));
    const report = await fuzzMail(shippedEngine(), bases, { runs: 250, seed: 20261122 });
    expect(report.uncaught).toEqual([]);
    expect(report.runs).toBe(250);
    expect(Object.keys(report.byMutator).length).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('answers 1,500 requests generated from the OpenAPI document without a 5xx (and each as documented)', async () => {
    const t = await testApp();
    await seedFixtures(t, 'alice');
    const { access_token } = await t.login('alice', 'alice-password');
    const doc = (await (await t.req('/api/openapi.json')).json()) as ApiDocument;
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let n = 0;
    for (const r of apiRequests(doc, { seed: 7, token: access_token })) {
      if (n++ >= 1500) break;
      const res = await t.req(r.path, { method: r.method, headers: r.headers, body: r.body });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = await res.text();
      // No browser in this app: a screenshot is "unavailable" by configuration, and says so.
      const unavailable = res.status === 503 && text.includes('"code":"UNAVAILABLE"');
      if (res.status >= 500 && !unavailable)
        failures.push(`${r.method} ${r.path.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    // The generator reached the handlers, not only the front door.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(100);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(100);
  }, 120_000);
});
