import { availableParallelism } from 'node:os';
import { expandMailPaths, readMailFiles, type MailFile } from '../adapters/files/sources.js';
import { AnalyzePool } from '../adapters/workers/analyze-pool.js';
import { summariseParsed, type ParsedSummary } from '../adapters/workers/protocol.js';
import type { EmailAnalysis } from '../core/index.js';
import type { Engine } from './engine.js';

export interface ScannedMessage {
  path: string;
  index: number;
  summary: ParsedSummary;
  analysis: EmailAnalysis;
  size: number;
}

export interface ScanProgress {
  files: MailFile[];
  totalBytes: number;
  readBytes: number;
  messages: number;
}

export interface ScanOptions {
  /** Worker threads; 0 analyses on this thread. Default: one per core, at most 4. */
  workers?: number;
  onProgress?: (p: ScanProgress) => void;
}

/** Messages in flight per worker: enough to keep threads busy, few enough to keep memory flat. */
const IN_FLIGHT_PER_WORKER = 16;

export function defaultWorkers(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

/** Streams every message under the given paths through the engine, in order, with bounded memory. */
export async function* scanMailPaths(
  engine: Engine,
  paths: readonly string[],
  opts: ScanOptions = {},
): AsyncGenerator<ScannedMessage> {
  const files = await expandMailPaths(paths);
  const progress: ScanProgress = {
    files,
    totalBytes: files.reduce((s, f) => s + f.size, 0),
    readBytes: 0,
    messages: 0,
  };
  const workers = opts.workers ?? defaultWorkers();
  const pool = workers > 0 ? new AnalyzePool(workers) : null;
  const queue: Promise<ScannedMessage>[] = [];
  const limit = Math.max(1, workers) * IN_FLIGHT_PER_WORKER;
  try {
    for await (const msg of readMailFiles(files, (n) => (progress.readBytes += n))) {
      queue.push(analyzeOne(engine, pool, msg.path, msg.index, msg.raw));
      if (queue.length >= limit) yield await done(queue.shift() as Promise<ScannedMessage>);
    }
    while (queue.length > 0) yield await done(queue.shift() as Promise<ScannedMessage>);
  } finally {
    await Promise.allSettled(queue);
    await pool?.close();
  }

  async function done(p: Promise<ScannedMessage>): Promise<ScannedMessage> {
    const m = await p;
    progress.messages++;
    opts.onProgress?.(progress);
    return m;
  }
}

async function analyzeOne(
  engine: Engine,
  pool: AnalyzePool | null,
  path: string,
  index: number,
  raw: Buffer,
): Promise<ScannedMessage> {
  if (pool) {
    const size = raw.length;
    const r = await pool.analyze(raw);
    return { path, index, summary: r.summary, analysis: r.analysis, size };
  }
  const { parsed, analysis } = await engine.analyzeRaw(raw);
  return { path, index, summary: summariseParsed(parsed), analysis, size: raw.length };
}
