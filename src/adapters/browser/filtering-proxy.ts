import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, isIP, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { blockedReason } from '../http/ssrf-guard.js';

export interface FilteringProxy {
  /** http://127.0.0.1:PORT, for the browser's proxy setting. */
  readonly url: string;
  /** What was refused, "host:port (reason)", in order. */
  readonly blocked: string[];
  close(): Promise<void>;
}

/** Connections through the proxy that stay idle this long are closed. */
const IDLE_MS = 30_000;
const HOP_HEADERS = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive'];

/**
 * The one door the headless browser has to the network. Every connection it makes (plain HTTP,
 * CONNECT for HTTPS and WebSockets, upgrades) is resolved here, each address checked by the SSRF
 * guard at connect time, and the connection is made to the address that was checked: no second
 * lookup, so a name cannot re-resolve to a blocked address in between. There is no bypass list.
 */
export async function startFilteringProxy(opts: { allowPrivateNetwork: boolean }): Promise<FilteringProxy> {
  const blocked: string[] = [];
  const sockets = new Set<Socket | Duplex>();
  const track = (s: Socket | Duplex) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    if ('setTimeout' in s) s.setTimeout(IDLE_MS, () => s.destroy());
  };

  /** The checked address to connect to, or null (recorded) when the target is refused. */
  const resolve = async (host: string, port: number): Promise<string | null> => {
    const bare = host.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
    } catch {
      blocked.push(`${host}:${port} (name does not resolve)`);
      return null;
    }
    for (const a of addresses) {
      const reason = blockedReason(a, { allowPrivateNetwork: opts.allowPrivateNetwork });
      if (reason) {
        blocked.push(`${host}:${port} (${reason})`);
        return null;
      }
    }
    return addresses[0] ?? null;
  };

  const server: Server = createServer(async (req, res) => {
    // Plain HTTP: the request line carries the absolute URL.
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const port = Number(target.port || 80);
    const address = await resolve(target.hostname, port);
    if (!address) {
      res.writeHead(403, { 'content-type': 'text/plain' }).end('Blocked by PhishGuard');
      return;
    }
    const headers = { ...req.headers };
    for (const h of HOP_HEADERS) delete headers[h];
    const upstream = httpRequest(
      { host: address, port, method: req.method, path: target.pathname + target.search, headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.setTimeout(IDLE_MS, () => upstream.destroy());
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
    req.pipe(upstream);
  });

  const tunnel = async (req: IncomingMessage, client: Duplex, head: Buffer, replay: boolean) => {
    track(client);
    client.on('error', () => client.destroy());
    let host: string;
    let port: number;
    try {
      const u = replay ? new URL(req.url ?? '') : new URL(`http://${req.url ?? ''}`);
      host = u.hostname;
      port = Number(u.port || (u.protocol === 'https:' || u.protocol === 'wss:' ? 443 : 80));
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const address = await resolve(host, port);
    if (!address) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, address, () => {
      if (replay) {
        // An upgrade (WebSocket over plain HTTP) sent to the proxy: replay its head upstream.
        const u = new URL(req.url ?? '');
        const lines = [`${req.method} ${u.pathname}${u.search} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2)
          if (
            !HOP_HEADERS.includes((req.rawHeaders[i] as string).toLowerCase()) ||
            /upgrade/i.test(req.rawHeaders[i + 1] as string)
          )
            lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      } else client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => {
      if (!replay) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      else client.destroy();
    });
  };
  server.on(
    'connect',
    (req: IncomingMessage, client: Duplex, head: Buffer) => void tunnel(req, client, head, false),
  );
  server.on(
    'upgrade',
    (req: IncomingMessage, client: Duplex, head: Buffer) => void tunnel(req, client, head, true),
  );
  server.on('connection', track);

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    blocked,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
