import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { QrReader } from '../../core/index.js';

let prepared = false;

/**
 * QR codes read with ZXing-C++ (zxing-wasm, its WebAssembly build): the picture file is decoded
 * and searched inside the WebAssembly sandbox. The WebAssembly file is read from the installed
 * package, never fetched (zxing-wasm's default would fetch it from a CDN); it is compiled on the
 * first picture read, not before.
 */
export const readQrCodes: QrReader = async (picture) => {
  if (!prepared) {
    const file = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepareZXingModule({
      overrides: { wasmBinary: file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) },
    });
    prepared = true;
  }
  // Pixels go in as ImageData, which zxing-wasm reads by its fields alone.
  const input = picture instanceof Uint8Array ? picture : ({ ...picture, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0]);
  const results = await readBarcodes(input, { formats: ['QRCode'], maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid).map((r) => r.text);
};
