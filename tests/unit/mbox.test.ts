import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readMbox } from '../../src/adapters/files/mbox.js';

async function collect(text: string, chunk = 7): Promise<string[]> {
  const chunks: Buffer[] = [];
  const buf = Buffer.from(text);
  for (let i = 0; i < buf.length; i += chunk) chunks.push(buf.subarray(i, i + chunk));
  const out: string[] = [];
  for await (const m of readMbox(Readable.from(chunks))) out.push(m.toString());
  return out;
}

describe('readMbox', () => {
  it('splits on From_ lines after blank lines, unescapes >From (mboxrd), across chunk boundaries', async () => {
    const msgs = await collect(
      'From a@b Mon\nSubject: 1\n\nbody\n>From here\n>>From deeper\nFrom inside a paragraph is kept\n\nFrom c@d Tue\nSubject: 2\n\nlast',
    );
    expect(msgs).toHaveLength(2);
    expect(msgs[0]).toBe('Subject: 1\n\nbody\nFrom here\n>From deeper\nFrom inside a paragraph is kept\n');
    expect(msgs[1]).toBe('Subject: 2\n\nlast');
  });

  it('handles CRLF files and a file that is a single message without a From_ line', async () => {
    expect(
      await collect('From x\r\nSubject: a\r\n\r\nb\r\n\r\nFrom y\r\nSubject: c\r\n\r\nd\r\n', 3),
    ).toHaveLength(2);
    expect(await collect('Subject: only\n\nbody\n')).toEqual(['Subject: only\n\nbody\n']);
  });
});
