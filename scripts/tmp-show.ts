import { readCorpus } from './lib/corpus.js';
import { createEngine } from '../src/app/engine.js';
const engine = createEngine();
const pat = new RegExp(process.argv[2]!, 'i');
let shown = 0;
for (const split of ['train', 'dev'] as const)
  for await (const m of readCorpus(split)) {
    const head = m.raw.subarray(0, 30000).toString('latin1');
    if (!pat.test(head)) continue;
    const { parsed, analysis } = await engine.analyzeRaw(m.raw);
    console.log('=====', split, m.source, m.label, m.date, analysis.risk_score, '|', parsed.from?.name, '<' + parsed.from?.address + '>', '|', parsed.subject);
    console.log(analysis.indicators.map((i) => i.id).join(' '));
    console.log('links:', parsed.links.slice(0, 6).map((l) => l.href).join(' '));
    if (!process.env.NOTEXT) console.log(parsed.text.slice(0, Number(process.env.MAX ?? 1500)));
    if (++shown >= Number(process.env.N ?? 1)) process.exit(0);
  }
