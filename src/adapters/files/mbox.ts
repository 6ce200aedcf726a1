import type { Readable } from 'node:stream';

const NL = 0x0a;
const FROM_ = Buffer.from('From ');

/**
 * Streams the messages of an mbox (mboxo/mboxrd): a message starts at a line beginning
 * "From " at the start of the file or after a blank line; ">From " lines lose one ">".
 * Holds one message in memory at a time, so a 1 GB mbox reads in flat memory.
 */
export async function* readMbox(input: Readable, maxMessageBytes = 64 * 1024 * 1024): AsyncGenerator<Buffer> {
  let carry: Buffer = Buffer.alloc(0);
  let lines: Buffer[] = [];
  let size = 0;
  let started = false;
  let prevBlank = true;
  let oversized = false;

  const flush = (): Buffer | null => {
    if (!started) return null;
    // Drop the blank separator line mbox adds before the next "From ".
    while (lines.length > 0 && isBlank(lines[lines.length - 1] as Buffer)) lines.pop();
    const msg = Buffer.concat(lines);
    lines = [];
    size = 0;
    oversized = false;
    return msg;
  };

  const handleLine = (line: Buffer): Buffer | null => {
    let out: Buffer | null = null;
    if (prevBlank && line.subarray(0, 5).equals(FROM_)) {
      out = flush();
      started = true;
      prevBlank = false;
      return out;
    }
    if (!started) {
      // Not an mbox "From " line first: treat the file as one message that starts here.
      started = true;
    }
    prevBlank = isBlank(line);
    const unescaped = isEscapedFrom(line) ? line.subarray(1) : line;
    if (size + unescaped.length <= maxMessageBytes) {
      lines.push(Buffer.from(unescaped));
      size += unescaped.length;
    } else oversized = true;
    return out;
  };

  for await (const chunk of input as AsyncIterable<Buffer>) {
    let buf = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    let start = 0;
    let nl = buf.indexOf(NL, start);
    while (nl !== -1) {
      const msg = handleLine(buf.subarray(start, nl + 1));
      if (msg) yield msg;
      start = nl + 1;
      nl = buf.indexOf(NL, start);
    }
    buf = buf.subarray(start);
    carry = Buffer.from(buf);
  }
  if (carry.length > 0) {
    const msg = handleLine(carry);
    if (msg) yield msg;
  }
  if (oversized || started) {
    const last = flush();
    if (last && last.length > 0) yield last;
  }
}

function isBlank(line: Buffer): boolean {
  return (
    line.length === 0 ||
    (line.length === 1 && line[0] === NL) ||
    (line.length === 2 && line[0] === 0x0d && line[1] === NL)
  );
}

/** mboxrd: ">From ", ">>From " … lose one ">". */
function isEscapedFrom(line: Buffer): boolean {
  let i = 0;
  while (i < line.length && line[i] === 0x3e) i++;
  return i > 0 && line.subarray(i, i + 5).equals(FROM_);
}
