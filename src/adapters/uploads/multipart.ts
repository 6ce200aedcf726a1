import { createWriteStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import busboy from 'busboy';
import { PhishguardError } from '../../errors.js';

export interface SavedUpload {
  /** The directory holding this request's files; remove it when done. */
  dir: string;
  files: { name: string; path: string; bytes: number }[];
}

/** Where uploads wait while they are imported: inside the data directory, 0700. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Removes what a killed process left behind (called once at daemon start). */
export function sweepUploads(dataDir: string): number {
  const dir = uploadsDir(dataDir);
  let n = 0;
  try {
    for (const entry of readdirSync(dir)) {
      rmSync(join(dir, entry), { recursive: true, force: true });
      n++;
    }
  } catch {
    // No uploads directory yet: nothing to sweep.
  }
  return n;
}

/**
 * Streams the files of a multipart/form-data request body to disk, never holding more than a
 * chunk in memory, and refuses the request once it passes `maxBytes` in total. On any failure
 * the files written so far are removed.
 */
export async function saveMultipartFiles(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  opts: { dataDir: string; maxBytes: number; fields: readonly string[] },
): Promise<SavedUpload> {
  if (!/^multipart\/form-data;.*boundary=/i.test(contentType))
    throw new PhishguardError(
      'VALIDATION',
      'Send the files as multipart/form-data (with a boundary), in the "file" field',
    );
  if (!body) throw new PhishguardError('VALIDATION', 'The request has no body');
  mkdirSync(uploadsDir(opts.dataDir), { recursive: true, mode: 0o700 });
  const dir = join(uploadsDir(opts.dataDir), randomUUID());
  mkdirSync(dir, { mode: 0o700 });
  const files: SavedUpload['files'] = [];
  let total = 0;
  try {
    const parser = busboy({ headers: { 'content-type': contentType }, limits: { files: 100, fields: 20 } });
    const writes: Promise<void>[] = [];
    parser.on('file', (field, stream, info) => {
      if (!opts.fields.includes(field)) {
        stream.resume();
        return;
      }
      const safe = info.filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'upload.eml';
      const path = join(dir, `${files.length}-${safe}`);
      const entry = { name: info.filename, path, bytes: 0 };
      files.push(entry);
      const count = new Transform({
        transform(chunk: Buffer, _enc, done) {
          entry.bytes += chunk.length;
          total += chunk.length;
          if (total > opts.maxBytes)
            done(new PhishguardError('PAYLOAD_TOO_LARGE', `Upload larger than ${opts.maxBytes} bytes`));
          else done(null, chunk);
        },
      });
      const write = pipeline(stream, count, createWriteStream(path, { mode: 0o600 }));
      // A file that fails (too large, disk full) fails the whole request at once.
      write.catch((err: Error) => parser.destroy(err));
      writes.push(write);
    });
    await pipeline(Readable.fromWeb(body as import('node:stream/web').ReadableStream), parser);
    await Promise.all(writes);
    if (files.length === 0)
      throw new PhishguardError('VALIDATION', 'Attach one or more mail files in the "file" field');
    return { dir, files };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    if (err instanceof PhishguardError) throw err;
    // busboy's own complaints: a malformed body, a missing or broken boundary, a truncated part.
    throw new PhishguardError('VALIDATION', `Malformed multipart upload: ${(err as Error).message}`);
  }
}
