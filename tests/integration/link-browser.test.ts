import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium, type BrowserEngine } from '../../src/adapters/browser/chromium.js';
import { loadPopularDomains } from '../../src/adapters/data/load.js';
import { analyzeUrl } from '../../src/app/analyze-url.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { skipWithout } from '../helpers/required-tool.js';

const chromium = findChromium();
// .ci/run installs Debian's chromium; on a machine without it this suite says so and is skipped.
describe.skipIf(skipWithout('chromium', chromium))('comprehensive mode in headless Chromium', () => {
  let browser: BrowserEngine;
  let server: TestServer;
  beforeAll(async () => {
    browser = await launchChromium(chromium as string);
    server = await startServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      if (req.url === '/dynamic') {
        // A redirect assembled at run time: no static pattern can read its target.
        return res.end(
          '<html><body><img src="http://169.254.169.254/latest/meta-data/"><script>var p=["sec","ure-","login"];setTimeout(function(){window["loc"+"ation"].assign("/"+p.join(""))},50)</script></body></html>',
        );
      }
      if (req.url === '/secure-login')
        return res.end(
          '<html><head><title>Microsoft account sign in</title></head><body><form><input type="password"></form></body></html>',
        );
      res.end('<html><body>hi</body></html>');
    });
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('catches a script redirect the static pass missed, takes a screenshot and blocks metadata requests', async () => {
    const shots: Buffer[] = [];
    const r = await analyzeUrl(
      `${server.base}/dynamic`,
      { allowPrivateNetwork: true, cloakingDetection: false, timeoutSeconds: 15 },
      {
        popular: loadPopularDomains(),
        browser,
        saveScreenshot: (_id, png) => {
          shots.push(png);
          return 'shot-1';
        },
      },
    );
    expect(r.redirect_chain.at(-1)).toMatchObject({
      redirect_type: 'browser',
      url: `${server.base}/secure-login`,
    });
    expect(r.final_url).toBe(`${server.base}/secure-login`);
    expect(r.threat_indicators.map((i) => i.id)).toContain('brand_login_on_unrelated_domain');
    expect(String(r.analysis_metadata.browser_engine)).toMatch(/^chromium /);
    expect((r.cloaking_analysis.js_behavior.blocked_requests as string[]).join(' ')).toMatch(
      /169\.254\.169\.254.*linkLocal/,
    );
    expect(shots[0]?.subarray(1, 4).toString()).toBe('PNG');
  }, 30_000);
});
