import { existsSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from '../http/ssrf-guard.js';
import { startFilteringProxy } from './filtering-proxy.js';
import { sandboxedExecutable } from './sandbox.js';

export interface BrowserVisit {
  finalUrl: string;
  status: number | null;
  title: string | null;
  hasPasswordForm: boolean;
  textSample: string;
  navigations: string[];
  blockedRequests: string[];
  screenshot: Buffer | null;
}

export interface BrowserEngine {
  readonly name: string;
  visit(url: string, opts: { allowPrivateNetwork: boolean; timeoutMs: number }): Promise<BrowserVisit>;
  close(): Promise<void>;
}

export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/**
 * Flags for Debian's Chromium here: without the background-networking ones it floods a closed
 * network. No --no-sandbox: hostile pages run in Chromium's sandbox (see sandbox.ts).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // WebRTC may only use the proxy: no UDP of its own toward any address.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export function findChromium(explicit?: string | null): string | null {
  if (explicit) return existsSync(explicit) ? explicit : null;
  return CHROMIUM_PATHS.find((p) => existsSync(p)) ?? null;
}

/**
 * Headless Chromium through playwright-core, loaded only when used. Each visit's browser context
 * reaches the network only through its own filtering proxy (filtering-proxy.ts), which checks
 * every connection (HTTP, CONNECT for HTTPS and WebSockets) at connect time and connects to the
 * address it checked; loopback is not bypassed, service workers are blocked and WebRTC may not
 * send UDP outside the proxy. The per-request check (page.route) stays, to report what the page
 * tried.
 */
export async function launchChromium(executablePath: string): Promise<BrowserEngine> {
  const { chromium } = await import('playwright-core');
  // playwright gives each launch a fresh, empty profile of its own; chromiumSandbox keeps it
  // from adding --no-sandbox.
  const executable = sandboxedExecutable(executablePath);
  const browser = await chromium
    .launch({ executablePath: executable.path, args: CHROMIUM_ARGS, headless: true, chromiumSandbox: true })
    .catch((err: unknown) => {
      executable.cleanup();
      throw err;
    });
  return {
    name: `chromium ${browser.version()}`,
    async visit(url, opts) {
      const proxy = await startFilteringProxy({ allowPrivateNetwork: opts.allowPrivateNetwork });
      const context = await browser
        .newContext({
          ignoreHTTPSErrors: true,
          viewport: { width: 1280, height: 800 },
          javaScriptEnabled: true,
          acceptDownloads: false,
          serviceWorkers: 'block',
          // No bypass list: Playwright adds <-loopback>, so even localhost goes through the proxy.
          proxy: { server: proxy.url },
        })
        .catch(async (err: unknown) => {
          await proxy.close();
          throw err;
        });
      const blockedRequests: string[] = [];
      try {
        const page = await context.newPage();
        const navigations: string[] = [];
        page.on('framenavigated', (f) => {
          if (f === page.mainFrame()) navigations.push(f.url());
        });
        await page.route('**/*', async (route) => {
          const reason = await requestBlocked(route.request().url(), opts.allowPrivateNetwork);
          if (reason) {
            blockedRequests.push(`${route.request().url()} (${reason})`);
            return route.abort('blockedbyclient');
          }
          return route.continue();
        });
        let status: number | null = null;
        try {
          const res = await page.goto(url, { timeout: opts.timeoutMs, waitUntil: 'load' });
          status = res?.status() ?? null;
          // Give script redirects a moment to fire, within the deadline.
          await page
            .waitForLoadState('networkidle', { timeout: Math.min(3000, opts.timeoutMs) })
            .catch(() => undefined);
        } catch {
          // A timeout or an aborted navigation still leaves what was reached.
        }
        const finalUrl = page.url();
        const title = await page.title().catch(() => null);
        const hasPasswordForm =
          (await page
            .locator('input[type=password]')
            .count()
            .catch(() => 0)) > 0;
        const textSample = (
          await page
            .locator('body')
            .innerText({ timeout: 2000 })
            .catch(() => '')
        ).slice(0, 4000);
        const screenshot = await page.screenshot({ type: 'png' }).catch(() => null);
        for (const b of proxy.blocked) if (!blockedRequests.includes(b)) blockedRequests.push(b);
        return {
          finalUrl,
          status,
          title: title || null,
          hasPasswordForm,
          textSample,
          navigations,
          blockedRequests,
          screenshot,
        };
      } finally {
        await context.close().catch(() => undefined);
        await proxy.close();
      }
    },
    async close() {
      await browser.close();
      executable.cleanup();
    },
  };
}

async function requestBlocked(raw: string, allowPrivateNetwork: boolean): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'unparseable URL';
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return null;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return `scheme ${u.protocol}`;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  try {
    const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true });
    for (const a of addresses) {
      const reason = blockedReason(a.address, { allowPrivateNetwork });
      if (reason) return reason;
    }
    return null;
  } catch {
    return 'name does not resolve';
  }
}

/** The browser started on first use (once), or null when none is installed or it fails to start. */
export function lazyBrowser(
  configured: string | null,
  onFailure: (message: string) => void,
): { get(): Promise<BrowserEngine | null>; started(): Promise<BrowserEngine | null> | null } {
  let browser: Promise<BrowserEngine | null> | null = null;
  return {
    get() {
      browser ??= (async () => {
        const path = findChromium(configured);
        if (!path) return null;
        try {
          return await launchChromium(path);
        } catch (err) {
          onFailure((err as Error).message);
          return null;
        }
      })();
      return browser;
    },
    started: () => browser,
  };
}
