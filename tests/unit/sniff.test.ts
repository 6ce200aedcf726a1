import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeMessage } from '../../src/core/index.js';
import { FIXTURES } from '../helpers/engine.js';

describe('looksLikeMessage', () => {
  it('accepts every mail fixture, an mbox "From " line first, and CRLF mail', () => {
    const dir = join(FIXTURES, 'email');
    for (const f of readdirSync(dir))
      expect([f, looksLikeMessage(readFileSync(join(dir, f)))]).toEqual([f, true]);
    expect(looksLikeMessage(Buffer.from('From a@b Thu Jan  1 00:00:00 2026\nSubject: hi\n\nbody'))).toBe(
      true,
    );
    expect(looksLikeMessage(Buffer.from('Received: from x\r\nFrom: a@b.c\r\n\r\nbody'))).toBe(true);
  });

  it('refuses what is not mail: binary files, plain text, JSON, a header-like first line without mail headers', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(looksLikeMessage(png)).toBe(false);
    expect(looksLikeMessage(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).toBe(false);
    expect(looksLikeMessage(Buffer.from('Dear customer, please verify your account.\n'))).toBe(false);
    expect(looksLikeMessage(Buffer.from('{"subject": "x"}'))).toBe(false);
    expect(looksLikeMessage(Buffer.from('Note: buy milk\nTodo: call Bob\n'))).toBe(false);
    expect(looksLikeMessage(Buffer.alloc(0))).toBe(false);
  });
});
