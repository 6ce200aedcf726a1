import { readFileSync, readdirSync } from 'node:fs';
import { createEngine } from '../src/app/engine.js';
import { parseRawEmail } from '../src/core/email/parse.js';
const e = createEngine();
const files = readdirSync('/tmp/slow').filter((f) => f.startsWith('giantLine'));
for (let k = 0; k < 3; k++)
  for (const f of files) {
    const m = readFileSync('/tmp/slow/' + f);
    let t = performance.now();
    await parseRawEmail(m);
    const tp = performance.now() - t;
    t = performance.now();
    await e.analyzeRaw(m);
    if (k === 2)
      console.log(f, m.length, 'parse', tp.toFixed(0), 'total', (performance.now() - t).toFixed(0));
  }
