import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLinkEmail, testApp, type TestApp } from '../helpers/app.js';
import { startRedirectServer, startServer, type TestServer } from '../helpers/servers.js';

let t: TestApp;
let token: string;
let site: TestServer;
beforeAll(async () => {
  t = await testApp();
  token = (await t.login('alice', 'alice-password')).access_token;
  site = await startRedirectServer();
  await seedLinkEmail(t, 'alice', `${site.base}/go`);
});
afterAll(() => site.close());

describe('redirect analysis API', () => {
  it('analyses a URL and caches it per user, URL and options', async () => {
    const body = {
      url: `${site.base}/go`,
      include_cloaking_detection: true,
      max_redirects: 10,
      timeout_seconds: 15,
    };
    const r = await (
      await t.req('/api/v1/redirect-analysis/analyze', { method: 'POST', token, json: body })
    ).json();
    expect(r).toMatchObject({
      original_url: `${site.base}/go`,
      final_url: `${site.base}/landing`,
      cached: false,
    });
    expect(r.redirect_chain).toHaveLength(2);
    expect(r.analysis_metadata.browser_engine).toMatch(/unavailable/);
    const again = await (
      await t.req('/api/v1/redirect-analysis/analyze', { method: 'POST', token, json: body })
    ).json();
    expect(again).toMatchObject({ cached: true, analysis_id: r.analysis_id });
    // Another user gets a fresh analysis: the cache never tells bob what alice checked.
    const bob = (await t.login('bob', 'bob-password')).access_token;
    const bobs = await (
      await t.req('/api/v1/redirect-analysis/analyze', { method: 'POST', token: bob, json: body })
    ).json();
    expect(bobs.cached).toBe(false);
    expect(bobs.analysis_id).not.toBe(r.analysis_id);
    const q = await (
      await t.req('/api/v1/redirect-analysis/quick-scan', {
        method: 'POST',
        token,
        json: { url: `${site.base}/go` },
      })
    ).json();
    expect(q).toMatchObject({ redirect_count: 1, final_url: `${site.base}/landing` });
    const intel = await (
      await t.req(`/api/analysis/threat-intel?query=${encodeURIComponent(site.base)}&source=urls`, { token })
    ).json();
    expect(intel.results.length).toBeGreaterThan(0);
    // The history lists alice's analyses and reopens one in full; bob's are his own.
    const history = (await (await t.req('/api/v1/redirect-analysis/history', { token })).json()).analyses;
    expect(history.map((h: { analysis_id: string }) => h.analysis_id)).toContain(r.analysis_id);
    expect(history.map((h: { analysis_id: string }) => h.analysis_id)).not.toContain(bobs.analysis_id);
    const reopened = await (
      await t.req(`/api/v1/redirect-analysis/results/${r.analysis_id}`, { token })
    ).json();
    expect(reopened).toMatchObject({ analysis_id: r.analysis_id, final_url: `${site.base}/landing` });
    expect((await t.req(`/api/v1/redirect-analysis/results/${r.analysis_id}`, { token: bob })).status).toBe(
      404,
    );
  });

  it('validates with the spec messages', async () => {
    const empty = await t.req('/api/v1/redirect-analysis/analyze', {
      method: 'POST',
      token,
      json: { url: '' },
    });
    expect((await empty.json()).detail).toBe('Please enter a URL to analyze');
    const ftp = await t.req('/api/v1/redirect-analysis/analyze', {
      method: 'POST',
      token,
      json: { url: 'ftp://x.example/' },
    });
    expect((await ftp.json()).detail).toBe('Please enter a valid HTTP or HTTPS URL');
    const bad = await t.req('/api/v1/redirect-analysis/analyze', {
      method: 'POST',
      token,
      json: { url: 'https://x.example', max_redirects: 7 },
    });
    expect(bad.status).toBe(422);
    expect(
      (
        await t.req('/api/v1/redirect-analysis/quick-scan', {
          method: 'POST',
          json: { url: 'https://x.example' },
        })
      ).status,
    ).toBe(401);
  });

  it('analyses an email’s link, and answers 503 for screenshots without a browser', async () => {
    const email = (await (await t.req('/api/emails?search=Lab%20link', { token })).json()).emails[0];
    const links = (await (await t.req(`/api/emails/${email.id}/links`, { token })).json()).links;
    // A message that looks legitimate: following its link needs an explicit yes (one-time links).
    expect(email.phishing_analysis.risk_level).toMatch(/^(SAFE|LOW)$/);
    const ask = await t.req(`/api/links/${links[0].id}/analyze`, { method: 'POST', token });
    expect(ask.status).toBe(409);
    expect((await ask.json()).detail).toMatch(/looks legitimate .*one-time sign-in.*confirm=true/);
    const r = await (
      await t.req(`/api/links/${links[0].id}/analyze?confirm=true`, { method: 'POST', token })
    ).json();
    expect(r.final_url).toBe(`${site.base}/landing`);
    const shot = await t.req(`/api/links/${links[0].id}/screenshot?confirm=true`, { method: 'POST', token });
    expect(shot.status).toBe(503);
    expect((await shot.json()).detail).toMatch(/No browser engine is available/);
    const bob = (await t.login('bob', 'bob-password')).access_token;
    expect((await t.req(`/api/links/${links[0].id}/analyze`, { method: 'POST', token: bob })).status).toBe(
      404,
    );
  });

  it('limits how many links one user has fetched at once and per minute', async () => {
    const fresh = await testApp();
    const alice = (await fresh.login('alice', 'alice-password')).access_token;
    const slow = await startServer((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>late</p>'), 300);
    });
    const quick = () =>
      fresh.req('/api/v1/redirect-analysis/quick-scan', {
        method: 'POST',
        token: alice,
        json: { url: `${slow.base}/page` },
      });
    // Three at once: the third is refused (two at a time per user) with a clear 429.
    const statuses = (await Promise.all([quick(), quick(), quick()])).map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    let last = 200;
    for (let i = 0; i < 40 && last !== 429; i++) last = (await quick()).status;
    expect(last).toBe(429);
    await slow.close();
  }, 60_000);
});
