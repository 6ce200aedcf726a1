import { createReadStream } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createGunzip, gunzipSync } from 'node:zlib';
import type { Readable } from 'node:stream';
import { PhishguardError } from '../../errors.js';
import { readMbox } from './mbox.js';

export interface MailFile {
  kind: 'eml' | 'mbox';
  path: string;
  gzip: boolean;
  size: number;
}

export interface RawMessage {
  path: string;
  /** Position within an mbox (0-based); 0 for a single .eml file. */
  index: number;
  raw: Buffer;
}

/** Expands paths (files, folders, Maildirs) into the mail files under them, in a stable order. */
export async function expandMailPaths(paths: readonly string[]): Promise<MailFile[]> {
  const out: MailFile[] = [];
  for (const p of paths) {
    let st;
    try {
      st = await stat(p);
    } catch {
      throw new PhishguardError('NOT_FOUND', `no such file or folder: ${p}`);
    }
    if (st.isDirectory()) await walk(p, out);
    else out.push(await classify(p, st.size));
  }
  return out;
}

async function walk(dir: string, out: MailFile[]): Promise<void> {
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const full = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'tmp' && entries.some((x) => x.name === 'cur')) continue; // Maildir: tmp holds partial deliveries
      await walk(full, out);
    } else if (e.isFile()) {
      if (/\.(index\.tsv|json|txt|md|tsv|csv)$/i.test(e.name)) continue;
      out.push(await classify(full, (await stat(full)).size));
    }
  }
}

async function classify(path: string, size: number): Promise<MailFile> {
  const name = basename(path).toLowerCase();
  if (name.endsWith('.mbox.gz') || name.endsWith('.mbx.gz')) return { kind: 'mbox', path, gzip: true, size };
  if (name.endsWith('.gz'))
    return {
      kind: (await sniffGzipMbox(path).catch(gzipError(path))) ? 'mbox' : 'eml',
      path,
      gzip: true,
      size,
    };
  if (/\.(mbox|mbx)$/.test(name)) return { kind: 'mbox', path, gzip: false, size };
  if (name.endsWith('.eml')) return { kind: 'eml', path, gzip: false, size };
  const fh = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    await fh.read(head, 0, 5, 0);
    return { kind: head.toString('latin1') === 'From ' ? 'mbox' : 'eml', path, gzip: false, size };
  } finally {
    await fh.close();
  }
}

async function sniffGzipMbox(path: string): Promise<boolean> {
  const stream = createReadStream(path).pipe(createGunzip());
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    stream.destroy();
    return chunk.subarray(0, 5).toString('latin1') === 'From ';
  }
  return false;
}

/** Every message under the given files, one at a time. `onBytes` reports compressed bytes read. */
export async function* readMailFiles(
  files: readonly MailFile[],
  onBytes?: (n: number) => void,
): AsyncGenerator<RawMessage> {
  for (const f of files) {
    if (f.kind === 'eml') {
      const data = await readFile(f.path);
      onBytes?.(data.length);
      let raw: Buffer;
      try {
        raw = f.gzip ? gunzipSync(data) : data;
      } catch (err) {
        return gzipError(f.path)(err);
      }
      yield { path: f.path, index: 0, raw };
      continue;
    }
    const file = createReadStream(f.path, { highWaterMark: 1 << 20 });
    if (onBytes) file.on('data', (c) => onBytes(c.length));
    const stream: Readable = f.gzip ? file.pipe(createGunzip()) : file;
    let index = 0;
    try {
      for await (const raw of readMbox(stream)) yield { path: f.path, index: index++, raw };
    } catch (err) {
      if (f.gzip && isZlibError(err)) gzipError(f.path, index)(err);
      throw err;
    } finally {
      file.destroy();
    }
  }
}

function isZlibError(err: unknown): boolean {
  return (
    typeof (err as { code?: unknown })?.code === 'string' && (err as { code: string }).code.startsWith('Z_')
  );
}

/** A corrupt or truncated .gz names the file (and what came before the damage), never a zlib code. */
function gzipError(path: string, before?: number) {
  return (err: unknown): never => {
    if (!isZlibError(err)) throw err;
    throw new PhishguardError(
      'INPUT_UNREADABLE',
      `${basename(path)}: the gzip data is truncated or corrupt${before ? ` (the ${before} message(s) before the damage were read)` : ''}`,
    );
  };
}
