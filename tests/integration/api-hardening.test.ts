import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sweepUploads, uploadsDir } from '../../src/adapters/uploads/multipart.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { FIXTURES } from '../helpers/engine.js';

const eml = (n: string) => readFileSync(join(FIXTURES, 'email', n));

function multipart(parts: { name: string; filename: string; data: Buffer }[], boundary = 'pgtestboundary') {
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      p.data,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(t: TestApp, token: string, body: Buffer | string, type: string) {
  const res = await t.req('/api/mailboxes/import', {
    method: 'POST',
    token,
    headers: { 'content-type': type },
    body,
  });
  return { status: res.status, body: await res.json() };
}

const leftovers = (t: TestApp) => {
  try {
    return readdirSync(uploadsDir(t.dataDir));
  } catch {
    return [];
  }
};

describe('bad input gets a 4xx {detail, code}, never a 500', () => {
  it('answers malformed percent-encoding, absurd pages and no-store caching', async () => {
    const t = await testApp();
    const { access_token } = await t.login('alice', 'alice-password');
    for (const path of ['/%E0%A4%A', '/assets/%', '/api/emails/%E0%A4%A']) {
      const r = await t.req(path, { token: access_token });
      expect([path, r.status]).toEqual([path, 400]);
      expect(await r.json()).toMatchObject({
        code: 'USAGE',
        detail: expect.stringMatching(/percent-encoding/),
      });
    }
    const absurd = await t.req('/api/emails?page=99999999999999', { token: access_token });
    expect(absurd.status).toBe(422);
    expect((await absurd.json()).detail).toBe('page is at most 100000');
    const audits = await t.req('/api/audits/logs?page=1e12', { token: access_token });
    expect(audits.status).toBe(422);
    const list = await t.req('/api/emails', { token: access_token });
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect((await t.req('/api/system/health')).headers.get('cache-control')).toBe('no-store');
    expect(list.headers.get('strict-transport-security')).toBeNull();
  });

  it('streams uploads to disk: no boundary, broken multipart, corrupt or truncated .mbox.gz are 4xx and leave nothing behind', async () => {
    const t = await testApp();
    const { access_token } = await t.login('alice', 'alice-password');
    const noBoundary = await upload(t, access_token, 'abc', 'multipart/form-data');
    expect(noBoundary.status).toBe(422);
    expect(noBoundary.body.detail).toMatch(/multipart\/form-data \(with a boundary\)/);
    const broken = await upload(
      t,
      access_token,
      '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.eml"\r\n\r\nFrom: a',
      'multipart/form-data; boundary=xx',
    );
    expect(broken.status).toBe(422);
    expect(broken.body.code).toBe('VALIDATION');

    const corrupt = multipart([
      { name: 'file', filename: 'mail.mbox.gz', data: Buffer.from('not gzip at all') },
    ]);
    const bad = await upload(t, access_token, corrupt.body, corrupt.type);
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'INPUT_UNREADABLE',
      detail: expect.stringMatching(/mail\.mbox\.gz: the gzip data is truncated or corrupt/),
    });

    // A truncated archive: what came before the damage is kept (nothing lost), the answer says so.
    const mbox = ['legit-newsletter.eml', 'phishing-paypal-lookalike.eml', 'legit-bank-statement.eml']
      .map((f) => `From x Thu Jan  1 00:00:00 2026\n${eml(f).toString('utf8')}\n`)
      .join('');
    const gz = gzipSync(Buffer.from(mbox.repeat(40)));
    const truncated = multipart([
      { name: 'file', filename: 'cut.mbox.gz', data: gz.subarray(0, Math.floor(gz.length * 0.6)) },
    ]);
    const cut = await upload(t, access_token, truncated.body, truncated.type);
    expect(cut.status).toBe(422);
    expect(cut.body.detail).toMatch(
      /cut\.mbox\.gz: the gzip data is truncated or corrupt \(the \d+ message\(s\) before the damage were read\)/,
    );
    expect(
      await t.deps.store.emails.countForUser((await t.deps.store.users.byUsername('alice'))!.id),
    ).toBeGreaterThan(0);
    expect(leftovers(t)).toEqual([]);

    const ok = multipart([{ name: 'file', filename: 'a.eml', data: eml('legit-password-reset.eml') }]);
    expect((await upload(t, access_token, ok.body, ok.type)).status).toBe(200);
    expect(leftovers(t)).toEqual([]);
  });

  it('refuses an upload past the configured limit with 413 as it streams, and sweeps leftovers at start', async () => {
    const t = await testApp({ maxUploadMb: 1 });
    const { access_token } = await t.login('alice', 'alice-password');
    const big = multipart([
      { name: 'file', filename: 'big.mbox', data: Buffer.alloc(1.5 * 1024 * 1024, 'a') },
    ]);
    const r = await upload(t, access_token, big.body, big.type);
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: `Upload larger than ${1024 * 1024} bytes`,
    });
    expect(leftovers(t)).toEqual([]);

    // A killed daemon's half-written upload is removed by the next start.
    mkdirSync(join(uploadsDir(t.dataDir), 'left-by-a-crash'), { recursive: true });
    writeFileSync(join(uploadsDir(t.dataDir), 'left-by-a-crash', '0-x.mbox'), 'partial');
    expect(sweepUploads(t.dataDir)).toBe(1);
    expect(leftovers(t)).toEqual([]);
  });
});
