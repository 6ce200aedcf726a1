import { constants, inflateRawSync } from 'node:zlib';

/**
 * Lists a ZIP's entry names and whether any entry is encrypted, from the central directory.
 * Only the listing is read (no decompression): fflate and friends do not expose the
 * encryption flag, and this is all the attachment check needs. Malformed input → empty listing.
 */
export function listZip(bytes: Uint8Array): { names: string[]; encrypted: boolean } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  let encrypted = false;
  // End of central directory record: within the last 64 KiB + 22 bytes.
  const eocd = endOfCentralDirectory(view, bytes.length);
  if (eocd < 0) return { names, encrypted };
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const decoder = new TextDecoder();
  for (let n = 0; n < count && n < 10_000; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) break;
    const flags = view.getUint16(p + 8, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if ((flags & 1) === 1) encrypted = true;
    names.push(decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen)));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return { names, encrypted };
}

/** An entry read out of a ZIP: its name and its bytes, inflated. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/**
 * Reads the entries `want` accepts, from the central directory: stored or deflated, not
 * encrypted, each inflated to no more than `maxEntryBytes` (and its declared size), at most
 * `maxEntries` of them and `maxTotalBytes` in all, so a compression bomb costs at most that much
 * work. An entry that cannot be read is skipped; malformed input reads as no entries.
 */
export function readZipEntries(
  bytes: Uint8Array,
  want: (name: string) => boolean,
  {
    maxEntries,
    maxEntryBytes,
    maxTotalBytes,
  }: { maxEntries: number; maxEntryBytes: number; maxTotalBytes: number },
): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ZipEntry[] = [];
  const eocd = endOfCentralDirectory(view, bytes.length);
  if (eocd < 0) return out;
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  let total = 0;
  const decoder = new TextDecoder();
  for (let n = 0; n < count && n < 10_000 && out.length < maxEntries; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== 0x02014b50) break;
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const compressed = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const local = view.getUint32(p + 42, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    const limit = Math.min(size, maxEntryBytes, maxTotalBytes - total);
    if ((flags & 1) === 1 || size > maxEntryBytes || limit <= 0 || !want(name)) continue;
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) continue;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const raw = bytes.subarray(start, Math.min(bytes.length, start + compressed));
    let data: Uint8Array;
    try {
      if (method === 0) data = raw.subarray(0, limit);
      else if (method === 8)
        data = inflateRawSync(raw, { maxOutputLength: limit, finishFlush: constants.Z_SYNC_FLUSH });
      else continue;
    } catch {
      continue; // a damaged or over-long entry is not read
    }
    total += data.byteLength;
    out.push({ name, data });
  }
  return out;
}

/** The end of central directory record's offset (signature 0x06054b50), or -1. */
function endOfCentralDirectory(view: DataView, length: number): number {
  for (let i = length - 22; i >= Math.max(0, length - 65_557); i--)
    if (view.getUint32(i, true) === 0x06054b50) return i;
  return -1;
}
