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
  /** The message bytes, when the scan was asked to keep them (imports store them). */
  raw: Buffer | null;
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
  /** A pool the caller owns (the daemon's): used instead of starting `workers` threads. */
  pool?: AnalyzePool | null;
  onProgress?: (p: ScanProgress) => void;
  /** Keep each message's bytes in the result (costs a copy per message with workers). */
  keepRaw?: boolean;
  /** Receiving servers whose Authentication-Results may lower a score (default: none). */
  trustedAuthServIds?: readonly string[];
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
  const shared = opts.pool !== undefined;
  const workers = shared ? (opts.pool?.size ?? 0) : (opts.workers ?? defaultWorkers());
  const pool = shared ? (opts.pool ?? null) : workers > 0 ? new AnalyzePool(workers) : null;
  const queue: Promise<ScannedMessage>[] = [];
  const limit = Math.max(1, workers) * IN_FLIGHT_PER_WORKER;
  try {
    let unreadable: unknown = null;
    try {
      for await (const msg of readMailFiles(files, (n) => (progress.readBytes += n))) {
        queue.push(analyzeOne(engine, pool, msg, opts.keepRaw === true, opts.trustedAuthServIds ?? []));
        if (queue.length >= limit) yield await done(queue.shift() as Promise<ScannedMessage>);
      }
    } catch (err) {
      // A damaged file (a truncated .gz): the messages read before the damage still come out.
      unreadable = err;
    }
    while (queue.length > 0) yield await done(queue.shift() as Promise<ScannedMessage>);
    if (unreadable) throw unreadable;
  } finally {
    await Promise.allSettled(queue);
    if (!shared) await pool?.close();
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
  { path, index, raw }: { path: string; index: number; raw: Buffer },
  keepRaw: boolean,
  trust: readonly string[],
): Promise<ScannedMessage> {
  const size = raw.length;
  if (pool) {
    // The pool takes ownership of the bytes it is given; hand it a copy when we keep them.
    const r = await pool.analyze(keepRaw ? Buffer.from(raw) : raw, trust);
    return { path, index, summary: r.summary, analysis: r.analysis, size, raw: keepRaw ? raw : null };
  }
  const { parsed, analysis } = await engine.analyzeRaw(raw, { trustedAuthServIds: trust });
  return { path, index, summary: summariseParsed(parsed), analysis, size, raw: keepRaw ? raw : null };
}
