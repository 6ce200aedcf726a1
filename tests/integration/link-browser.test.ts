import { readdirSync, readFileSync } from 'node:fs';
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

  it('runs Chromium with its sandbox, and as an unprivileged user when we are root', () => {
    const ours = descendants(process.pid)
      .map((pid) => ({ pid, cmd: readProc(pid, 'cmdline').split('\0').join(' '), uid: uidOf(pid) }))
      .filter((p) => p.cmd.includes('chromium') && !p.cmd.includes('/bin/sh'));
    expect(ours.length).toBeGreaterThan(0);
    for (const p of ours) expect(p.cmd).not.toContain('--no-sandbox');
    if (process.getuid?.() === 0) for (const p of ours) expect(p.uid).not.toBe(0);
  });

  it('gives one coherent error for an unreachable URL: no phantom browser hop, no HTTPS share, no cloaking verdict', async () => {
    // A port nothing listens on: the static pass and the browser both fail to connect.
    const { createServer } = await import('node:net');
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const r = await analyzeUrl(
      `https://127.0.0.1:${port}/login`,
      { allowPrivateNetwork: true, cloakingDetection: true, timeoutSeconds: 15 },
      { popular: loadPopularDomains(), browser },
    );
    expect(r.verdict).toBe('error');
    expect(r.redirect_chain).toHaveLength(1);
    expect(r.redirect_chain.map((h) => h.url)).not.toContain('about:blank');
    expect(r.analysis_summary.https_coverage).toBe(0);
    expect(r.cloaking_analysis.content_differences).toEqual({});
    expect(r.cloaking_analysis.browser_behavior).toMatchObject({ assessed: false });
    expect(r.explanation).toBe(
      'The URL could not be analysed: the server refused the connection (nothing listens on that port) (ECONNREFUSED). Nothing was fetched, so redirects, TLS and cloaking were not checked. From the address alone: A hop uses a bare IP address instead of a domain name.',
    );
  }, 30_000);

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

/** Every live process below `root` in the process tree (from /proc). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const stat = readProc(Number(d), 'stat');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (stat) parent.set(Number(d), ppid);
  }
  const out: number[] = [];
  for (const pid of parent.keys()) {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p))
      if (p === root) {
        out.push(pid);
        break;
      }
  }
  return out;
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

function uidOf(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(readProc(pid, 'status'))?.[1] ?? -1);
}
