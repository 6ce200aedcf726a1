import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startRedirectServer, type TestServer } from '../helpers/servers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startRedirectServer();
});
afterAll(() => s.close());

describe('phishguard analyze-url / quick-scan', () => {
  it('prints a trace with one line per hop', async () => {
    const r = await runCli(['analyze-url', `${s.base}/go`, '--allow-private-network', '--no-browser']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^SUSPICIOUS {2}threat 0\.45 .*bare IP address/);
    expect(r.stdout).toContain('Browser: not used (--no-browser)');
    expect(r.stdout).toMatch(/ 0 {2}302 {2}initial\s+127\.0\.0\.1\s+No TLS/);
    expect(r.stdout).toMatch(/ 1 {2}200 {2}http\s+127\.0\.0\.1/);
  });

  it('follows a Safe Links address from the link it wraps, and says so', async () => {
    const wrapped = `https://nam12.safelinks.protection.outlook.com/?url=${encodeURIComponent(`${s.base}/go`)}&data=05%7C02&reserved=0`;
    const r = await runCli(['analyze-url', wrapped, '--allow-private-network', '--no-browser']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[1]).toMatch(
      /^Link protection: unwrapped from nam12\.safelinks\.protection\.outlook\.com/,
    );
    expect(r.stdout).toMatch(/ 0 {2}302 {2}initial\s+127\.0\.0\.1/);
  });

  it('gives JSON for scripts', async () => {
    const r = await runCli(['analyze-url', `${s.base}/go`, '--allow-private-network', '--quick', '--json']);
    const j = JSON.parse(r.stdout);
    expect(j.redirect_chain).toHaveLength(2);
    expect(j.final_url).toBe(`${s.base}/landing`);
    const q = JSON.parse(
      (await runCli(['quick-scan', `${s.base}/go`, '--allow-private-network', '--json'])).stdout,
    );
    expect(q).toMatchObject({ redirect_count: 1, verdict: 'suspicious', final_url: `${s.base}/landing` });
  });

  it('refuses internal targets with exit 4 and rejects bad options with exit 2', async () => {
    const blocked = await runCli(['quick-scan', 'http://169.254.169.254/']);
    expect(blocked.code).toBe(4);
    expect(blocked.stderr).toMatch(/refused to fetch http:\/\/169\.254\.169\.254: .* linkLocal/);
    const bad = await runCli(['analyze-url', 'https://example.com', '--max-redirects', '7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--max-redirects must be one of 5, 10, 15, 20');
  });
});
