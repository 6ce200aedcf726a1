// npm run bench:url: the engine's own overhead following a 5-hop chain on a local server (quick mode).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { loadPopularDomains } from '../src/adapters/data/load.js';
import { analyzeUrl } from '../src/app/analyze-url.js';

let serverMs = 0;
const server = createServer((req, res) => {
  const t = performance.now();
  const n = Number(/\/hop(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
  if (n < 5) res.writeHead(302, { location: `/hop${n + 1}` }).end();
  else
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><title>end</title><body>final</body></html>');
  serverMs += performance.now() - t;
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const popular = loadPopularDomains();
const opts = { mode: 'quick' as const, allowPrivateNetwork: true };

for (const cloaking of [false, true]) {
  for (let i = 0; i < 20; i++)
    await analyzeUrl(`${base}/hop0`, { ...opts, cloakingDetection: cloaking }, { popular });
  const times: number[] = [];
  serverMs = 0;
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    const r = await analyzeUrl(`${base}/hop0`, { ...opts, cloakingDetection: cloaking }, { popular });
    times.push(performance.now() - t);
    if (r.redirect_chain.length !== 6) throw new Error('chain broke');
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => (times[Math.floor(p * (times.length - 1))] ?? 0).toFixed(2);
  console.log(
    `quick mode, 5 hops, cloaking ${cloaking ? 'on (2 profiles)' : 'off'}: p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  (server handler time ${(serverMs / times.length).toFixed(3)} ms per analysis)`,
  );
}
server.close();
