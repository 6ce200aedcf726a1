import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets a heap grow past what its last full collection kept, in percent. Left to
 * itself it lets a heap grow by up to several times that under a high allocation rate, and the
 * first seconds of a large import (results promoted while in flight, all garbage) took the
 * daemon's main heap from 70 to 116 MB and each analysis thread's by 25-35 MB before a full
 * collection. At 30% they stay within about 10 MB (npm run bench:upload: +84 to +87 MB for a
 * 158 MB upload without, +31 to +32 MB with; analysis throughput within run-to-run noise).
 */
export const HEAP_GROWING_PERCENT = 30;
let applied = false;

/**
 * Applies HEAP_GROWING_PERCENT. V8 flags are process-wide and a heap's limit is set at its full
 * collections, so this runs at process start (bin/phishguard.js) and before any analysis thread
 * starts (AnalyzePool), for code that uses the pool without the CLI.
 */
export function frugalHeap(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
