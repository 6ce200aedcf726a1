import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium, type BrowserEngine } from '../../src/adapters/browser/chromium.js';
import { startServer, type TestServer } from '../helpers/servers.js';
import { skipWithout } from '../helpers/required-tool.js';

/** What a hostile page tries toward each host: every way a page can open a connection. */
function attempts(hosts: string[], port: number): string {
  return `
    const hosts = ${JSON.stringify(hosts)}, port = ${port};
    for (const h of hosts) {
      const base = 'http://' + h + ':' + port;
      fetch(base + '/fetch', { mode: 'no-cors' }).catch(() => {});
      const img = new Image(); img.src = base + '/img';
      const frame = document.createElement('iframe'); frame.src = base + '/iframe'; document.body.appendChild(frame);
      try { navigator.sendBeacon(base + '/beacon', 'x'); } catch (e) {}
      try { new EventSource(base + '/events'); } catch (e) {}
      try { new WebSocket('ws://' + h + ':' + port + '/ws'); } catch (e) {}
    }
    try {
      const pc = new RTCPeerConnection({ iceServers: hosts.map((h) => ({ urls: 'stun:' + h + ':' + port })) });
      pc.createDataChannel('x');
      pc.createOffer().then((o) => pc.setLocalDescription(o));
    } catch (e) {}`;
}

const chromium = findChromium();
// .ci/run installs Debian's chromium; without it (and outside CI) this suite is skipped.
describe.skipIf(skipWithout('chromium', chromium))('the headless browser has no side doors', () => {
  let browser: BrowserEngine;
  let target: Server;
  let udp: UdpSocket;
  let port = 0;
  const arrived: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium(chromium as string);
    // Listens on every local address, IPv4 and IPv6: any TCP connection or UDP packet that
    // reaches this machine's port is recorded, whatever protocol it speaks.
    target = createServer((s) => {
      arrived.push(`tcp from ${s.remoteAddress}`);
      s.destroy();
    });
    await new Promise<void>((r) => target.listen({ port: 0, host: '::', ipv6Only: false }, () => r()));
    port = (target.address() as AddressInfo).port;
    udp = createSocket({ type: 'udp6', ipv6Only: false });
    udp.on('message', (_m, from) => arrived.push(`udp from ${from.address}`));
    await new Promise<void>((r) => udp.bind(port, '::', () => r()));
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    target?.close();
    udp?.close();
  });

  it('in default mode: fetch, img, iframe, beacon, EventSource, WebSocket and WebRTC toward loopback all fail', async () => {
    arrived.length = 0;
    const page = `<html><body><script>${attempts(['127.0.0.1', '0.0.0.0', '[::]', '[::1]', 'localhost'], port)}</script></body></html>`;
    const visit = await browser.visit(`data:text/html,${encodeURIComponent(page)}`, {
      allowPrivateNetwork: false,
      timeoutMs: 8000,
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(arrived).toEqual([]);
    // The page did run and try: its attempts were refused, and say why.
    const blocked = visit.blockedRequests.join('\n');
    for (const h of ['127.0.0.1', '0.0.0.0', 'localhost']) expect(blocked).toContain(`${h}:${port}`);
  }, 30_000);

  it('with --allow-private-network: 0.0.0.0 and [::] stay blocked, including from a service worker', async () => {
    arrived.length = 0;
    let served: TestServer | null = null;
    const pageHits: string[] = [];
    served = await startServer((req, res) => {
      pageHits.push(req.url ?? '');
      if (req.url === '/sw.js') {
        res.writeHead(200, { 'content-type': 'text/javascript' });
        return res.end(`fetch('http://0.0.0.0:${port}/from-sw').catch(() => {});`);
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<html><body><script>${attempts(['0.0.0.0', '[::]'], port)};
         if (navigator.serviceWorker) navigator.serviceWorker.register('/sw.js').catch(() => {});</script></body></html>`,
      );
    });
    try {
      const visit = await browser.visit(`${served.base}/`, { allowPrivateNetwork: true, timeoutMs: 8000 });
      await new Promise((r) => setTimeout(r, 1000));
      expect(arrived).toEqual([]);
      expect(visit.blockedRequests.join('\n')).toContain(`0.0.0.0:${port}`);
      // Service workers are blocked: the worker's script is never even fetched.
      expect(pageHits).toContain('/');
      expect(pageHits).not.toContain('/sw.js');
    } finally {
      await served.close();
    }
  }, 30_000);
});
