import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { frugalHeap } from '../../config/heap.js';
import { ANALYZE_WORKER_FILE } from '../../config/paths.js';
import { PhishguardError } from '../../errors.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

type Done = Extract<WorkerResponse, { ok: true }>;

/**
 * Each worker's young generation, in MB. V8's default lets it grow to 48 MB per thread under a
 * scan's allocation rate; 4 MB costs no measurable throughput (npm run bench) and keeps a
 * daemon's memory flat while it imports (npm run bench:upload).
 */
const YOUNG_GENERATION_MB = 4;

/**
 * Analyses raw messages on worker threads, one engine per thread, answering in submission
 * order. Callers bound the work in flight themselves (see scanMailPaths).
 */
export class AnalyzePool {
  readonly #workers: Worker[] = [];
  readonly #pending = new Map<number, { resolve: (r: Done) => void; reject: (e: Error) => void }>();
  #next = 0;
  #rr = 0;

  constructor(size: number) {
    // Workers run the built file: from sources (tests, tsx) there is no .js beside this one.
    if (!existsSync(ANALYZE_WORKER_FILE))
      throw new PhishguardError(
        'INTERNAL',
        `analysis worker not built: ${ANALYZE_WORKER_FILE} (run npm run build)`,
      );
    frugalHeap();
    const url = pathToFileURL(ANALYZE_WORKER_FILE);
    for (let i = 0; i < size; i++) {
      const w = new Worker(url, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
      w.on('message', (res: WorkerResponse) => {
        const p = this.#pending.get(res.id);
        this.#pending.delete(res.id);
        if (!p) return;
        if (res.ok) p.resolve(res);
        else p.reject(new PhishguardError('INTERNAL', `analysis failed: ${res.error}`));
      });
      w.on('error', (err) => {
        for (const p of this.#pending.values()) p.reject(err);
        this.#pending.clear();
      });
      this.#workers.push(w);
    }
  }

  get size(): number {
    return this.#workers.length;
  }

  analyze(raw: Uint8Array, trust: readonly string[] = []): Promise<Done> {
    const id = this.#next++;
    const worker = this.#workers[this.#rr++ % this.#workers.length] as Worker;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      // Hand the bytes over instead of copying them: the caller does not read them again.
      const own = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength ? raw : raw.slice();
      const req: WorkerRequest = { id, raw: own, trust };
      worker.postMessage(req, [own.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
