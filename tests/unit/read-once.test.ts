import { describe, expect, it } from 'vitest';
import { readOnce } from '../../src/core/email/signals/read-once.js';

describe('reading a file once', () => {
  it('reads each file once, an empty reading too, and each file apart', () => {
    let reads = 0;
    const read = readOnce((content) => {
      reads++;
      return content.length > 1 ? content.length : undefined;
    });
    const a = new Uint8Array([1, 2, 3]);
    const b = new Uint8Array([1]);
    expect([read(a), read(a), read(b), read(b)]).toEqual([3, 3, undefined, undefined]);
    expect(reads).toBe(2);
    // The same bytes in another array are another file.
    expect(read(new Uint8Array([1, 2, 3]))).toBe(3);
    expect(reads).toBe(3);
  });
});
