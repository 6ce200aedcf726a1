/**
 * A minimal Blob for analysis worker threads only. postal-mime builds every decoded MIME part
 * as a Blob and reads it straight back with arrayBuffer(); Node 20's Blob does that through a
 * stream reader, which measured as about a fifth of all analysis time. Worker threads run
 * nothing but the analysis engine, so swapping the global there is contained; the main thread
 * (where undici and fetch use the real Blob) keeps Node's own.
 */
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** postal-mime's pass-through decoder gives a part as its lines, each followed by a string '\n'. */
const NEWLINE = encoder.encode('\n');

export class BytesBlob {
  readonly #bytes: Uint8Array;
  readonly type: string;

  constructor(
    parts: readonly (ArrayBuffer | ArrayBufferView | string | BytesBlob)[] = [],
    options: { type?: string } = {},
  ) {
    const chunks = parts.map((p) =>
      typeof p === 'string'
        ? p === '\n'
          ? NEWLINE
          : encoder.encode(p)
        : p instanceof BytesBlob
          ? p.#bytes
          : ArrayBuffer.isView(p)
            ? new Uint8Array(p.buffer, p.byteOffset, p.byteLength)
            : new Uint8Array(p),
    );
    const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const c of chunks) {
      out.set(c, at);
      at += c.byteLength;
    }
    this.#bytes = out;
    this.type = options.type ?? '';
  }

  get size(): number {
    return this.#bytes.byteLength;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes.buffer as ArrayBuffer;
  }

  async text(): Promise<string> {
    return decoder.decode(this.#bytes);
  }

  get [Symbol.toStringTag](): string {
    return 'Blob';
  }
}

export function useBytesBlob(): void {
  (globalThis as { Blob: unknown }).Blob = BytesBlob;
}
