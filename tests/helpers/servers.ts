import {
  createServer as createHttp,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Pem } from './certs.js';

export type Handler = (req: IncomingMessage, res: ServerResponse, base: string) => void;

export interface TestServer {
  base: string;
  port: number;
  close(): Promise<void>;
}

/** A real HTTP or HTTPS server on 127.0.0.1 with an ephemeral port. */
export async function startServer(handler: Handler, tls?: Pem): Promise<TestServer> {
  let base = '';
  const server: Server = tls
    ? createHttps({ cert: tls.cert, key: tls.key }, (req, res) => handler(req, res, base))
    : createHttp((req, res) => handler(req, res, base));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  base = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    base,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

/** A site whose /go answers 302 to /landing, and every other path a small HTML page. */
export function startRedirectServer(): Promise<TestServer> {
  return startServer((req, res) => {
    if (req.url === '/go') {
      res.writeHead(302, { location: '/landing' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><title>Landing</title><body>hello</body></html>');
  });
}
