import { parentPort } from 'node:worker_threads';
import { createEngine } from '../../app/engine.js';
import { summariseParsed, type WorkerRequest, type WorkerResponse } from './protocol.js';
import { useBytesBlob } from './fast-blob.js';

useBytesBlob();

const engine = createEngine();
const queue: WorkerRequest[] = [];
let busy = false;

// One message at a time: an async handler per message would start every queued parse at once,
// interleaving hundreds of them (measured: a worker fell to less than half its speed).
parentPort?.on('message', (req: WorkerRequest) => {
  queue.push(req);
  if (!busy) void drain();
});

async function drain(): Promise<void> {
  busy = true;
  for (let req = queue.shift(); req; req = queue.shift()) {
    let res: WorkerResponse;
    try {
      const { parsed, analysis } = await engine.analyzeRaw(req.raw, { trustedAuthServIds: req.trust });
      res = { id: req.id, ok: true, summary: summariseParsed(parsed), analysis };
    } catch (err) {
      res = { id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    parentPort?.postMessage(res);
  }
  busy = false;
}
