import { parentPort } from 'node:worker_threads';
import { createEngine } from '../../app/engine.js';
import { summariseParsed, type WorkerRequest, type WorkerResponse } from './protocol.js';

const engine = createEngine();
parentPort?.on('message', async (req: WorkerRequest) => {
  let res: WorkerResponse;
  try {
    const { parsed, analysis } = await engine.analyzeRaw(req.raw);
    res = { id: req.id, ok: true, summary: summariseParsed(parsed), analysis };
  } catch (err) {
    res = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort?.postMessage(res);
});
