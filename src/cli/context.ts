import type { Logger } from 'pino';

/** What every command receives from main: its streams, logger and global flags. */
export interface CliContext {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  logger: Logger;
  debug: boolean;
}

export function writeJson(ctx: CliContext, value: unknown, pretty = true): void {
  ctx.stdout.write(`${JSON.stringify(value, null, pretty ? 2 : undefined)}\n`);
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer | string>)
    chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return Buffer.concat(chunks);
}
