// npm run bench: parse + analyse throughput and latency over ../shared/corpus/dev (printed, never asserted).
import { performance } from 'node:perf_hooks';
import { createEngine } from '../src/app/engine.js';
import { loadModel, loadPopularDomains } from '../src/adapters/data/load.js';
import { emitFeatures, type Indicator, type ParsedEmail } from '../src/core/index.js';
import { readCorpus } from './lib/corpus.js';

const messages: Buffer[] = [];
for await (const m of readCorpus('dev')) messages.push(m.raw);
const popular = loadPopularDomains();
const model = loadModel();

async function run(label: string, useModel: boolean) {
  const engine = createEngine({ popular, model: useModel ? model : null });
  for (const raw of messages.slice(0, 300)) await engine.analyzeRaw(raw); // warm-up
  const times: number[] = [];
  const start = performance.now();
  for (const raw of messages) {
    const t = performance.now();
    await engine.analyzeRaw(raw);
    times.push(performance.now() - t);
  }
  const total = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  const q = (p: number) => (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2);
  console.log(
    `${label.padEnd(22)} ${messages.length} msgs  ${(messages.length / total).toFixed(0).padStart(5)} msg/s  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  max ${q(1)} ms`,
  );
  return times.reduce((a, b) => a + b, 0) / times.length;
}

console.log(
  `node ${process.version}, ${messages.length} dev messages (${(messages.reduce((s, m) => s + m.length, 0) / 1e6).toFixed(1)} MB), single thread`,
);
// The main thread uses Node's own Blob (see src/adapters/workers/fast-blob.ts); shown for reference.
const rules = await run('main: rules only', false);
const full = await run('main: rules + model', true);
console.log(`model overhead: ${(full - rules).toFixed(3)} ms/message (mean)`);
// Throughput with the worker pool `phishguard scan` uses (one engine per thread), as `scan`
// feeds it (a window of 16 messages a worker). Workers load the built engine (dist/), so the
// bench script builds first. Each worker is warmed up as the single worker below is (300
// messages), then the corpus is passed through BENCH_ROUNDS times. Cold workers ran the first
// 600 messages at a third to half of the later passes' rate, and each pass of a run was faster
// than the one before (2026-12-07, cause not traced): a short scan sees the cold rate, a
// daemon's long-lived pool the later ones.
const { AnalyzePool } = (await import(
  '../dist/adapters/workers/analyze-pool.js' as string
)) as typeof import('../src/adapters/workers/analyze-pool.js');
for (const size of [2]) {
  const pool = new AnalyzePool(size);
  const pass = async (batch: Buffer[]) => {
    const t = performance.now();
    const window: Promise<unknown>[] = [];
    for (const m of batch) {
      window.push(pool.analyze(Buffer.from(m)));
      if (window.length >= size * 16) await window.shift();
    }
    await Promise.all(window);
    return batch.length / ((performance.now() - t) / 1000);
  };
  const cold = await pass(messages.slice(0, 300 * size));
  const rates: number[] = [];
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 3); round++)
    rates.push(await pass(messages));
  const sorted = [...rates].sort((a, b) => a - b);
  console.log(
    `pool of ${size} workers      ${messages.length} msgs  ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0).padStart(5)} msg/s median of ${rates.map((r) => r.toFixed(0)).join(', ')} (throughput only; cold, the first ${300 * size}: ${cold.toFixed(0)} msg/s)`,
  );
  await pool.close();
}
// Per-message latency inside one analysis worker thread, as `scan` and `import` run it.
{
  const { Worker } = await import('node:worker_threads');
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    (async () => {
      const { useBytesBlob } = await import(${JSON.stringify(new URL('../dist/adapters/workers/fast-blob.js', import.meta.url).href)});
      const { createEngine } = await import(${JSON.stringify(new URL('../dist/app/engine.js', import.meta.url).href)});
      useBytesBlob();
      const engine = createEngine(workerData.useModel ? {} : { useModel: false });
      for (const m of workerData.messages.slice(0, 300)) await engine.analyzeRaw(m);
      const times = [];
      const start = performance.now();
      for (const m of workerData.messages) { const t = performance.now(); await engine.analyzeRaw(m); times.push(performance.now() - t); }
      parentPort.postMessage({ times, total: performance.now() - start });
    })();`;
  // Rounds alternate rules only and rules + model, each in a fresh worker: on a shared 2-core
  // host one run moves by ±15%, so the verdict is the median of the rounds (BENCH_ROUNDS).
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const rates: [number[], number[]] = [[], []];
  const overheads: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const means: number[] = [];
    for (const useModel of [false, true]) {
      const w = new Worker(code, { eval: true, workerData: { messages, useModel } });
      const { times, total } = await new Promise<{ times: number[]; total: number }>((r) =>
        w.once('message', r),
      );
      await w.terminate();
      means.push(times.reduce((a, b) => a + b, 0) / times.length);
      const rate = messages.length / (total / 1000);
      rates[useModel ? 1 : 0].push(rate);
      times.sort((a, b) => a - b);
      const q = (p: number) =>
        (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2);
      const label = useModel ? 'worker: rules + model' : 'worker: rules only';
      console.log(
        `${label.padEnd(22)} ${messages.length} msgs  ${rate.toFixed(0).padStart(5)} msg/s  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  max ${q(1)} ms  (round ${round} of ${rounds})`,
      );
    }
    overheads.push((means[1] ?? 0) - (means[0] ?? 0));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(
    `worker, median of ${rounds} rounds: rules only ${median(rates[0]).toFixed(0)} msg/s, rules + model ${median(rates[1]).toFixed(0)} msg/s; model overhead ${median(overheads).toFixed(3)} ms/message (difference of the means)`,
  );
}
// The model's own cost, timed directly: each message parsed and its rules run once, then its
// features emitted and scored, five passes over the corpus. The differences above subtract two
// noisy runs; this is the figure the ≤ 0.2 ms target is about.
{
  const ruled = createEngine({ popular, model: null });
  const prepared: { parsed: ParsedEmail; indicators: Indicator[] }[] = [];
  for (const raw of messages) {
    const { parsed, analysis } = await ruled.analyzeRaw(raw);
    prepared.push({ parsed, indicators: analysis.indicators as Indicator[] });
  }
  const passes: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const t = performance.now();
    for (const m of prepared) model?.predict((sink) => emitFeatures(m.parsed, m.indicators, sink));
    passes.push((performance.now() - t) / prepared.length);
  }
  console.log(
    `model step alone (features + scoring), main thread: ${passes.map((x) => x.toFixed(3)).join(' ')} ms/message over 5 passes`,
  );
}
const mem = process.memoryUsage();
console.log(`rss ${(mem.rss / 1e6).toFixed(0)} MB, heap used ${(mem.heapUsed / 1e6).toFixed(0)} MB`);
