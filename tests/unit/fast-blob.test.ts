import { describe, expect, it } from 'vitest';
import { BytesBlob } from '../../src/adapters/workers/fast-blob.js';

describe('BytesBlob (the analysis workers’ Blob)', () => {
  it('holds the same bytes as Node’s Blob for every kind of part', async () => {
    const bytes = new Uint8Array([0xe2, 0x82, 0xac, 0x00, 0xff]);
    const parts = [
      new TextEncoder().encode('Subject line'),
      '\n',
      'Grüße, €5 ✓',
      '\n',
      bytes.buffer,
      new DataView(bytes.buffer, 1, 3),
      new Uint8Array(bytes.buffer, 2, 2),
      '',
      '\n',
    ];
    const expected = new Uint8Array(await new Blob(parts).arrayBuffer());
    const blob = new BytesBlob(parts, { type: 'application/octet-stream' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(expected);
    expect(blob.size).toBe(expected.byteLength);
    expect(blob.type).toBe('application/octet-stream');
    // A blob of blobs, and text read back as UTF-8.
    const nested = new BytesBlob([blob, new BytesBlob(['\n', 'end'])]);
    expect(new Uint8Array(await nested.arrayBuffer())).toEqual(
      new Uint8Array(await new Blob([new Blob(parts), '\n', 'end']).arrayBuffer()),
    );
    expect(await new BytesBlob(['Grüße', '\n', '€']).text()).toBe('Grüße\n€');
  });

  it('gives each blob its own bytes: the shared line break is copied, never handed out', async () => {
    const a = new BytesBlob(['\n']);
    const buffer = new Uint8Array(await a.arrayBuffer());
    buffer[0] = 0x41;
    expect(new Uint8Array(await new BytesBlob(['\n']).arrayBuffer())).toEqual(new Uint8Array([0x0a]));
  });
});
