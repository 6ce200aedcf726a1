import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { PACKAGE_ROOT } from '../config/paths.js';
import { ERROR_CODES, PhishguardError } from '../errors.js';
import type { CliContext } from './context.js';
import { createLogger } from './logger.js';
import { registerScan } from './commands/scan.js';
import { registerTestEmail } from './commands/test-email.js';
import { registerAnalyzeUrl } from './commands/analyze-url.js';
import { registerImport } from './commands/import.js';
import { registerMailbox } from './commands/mailbox.js';
import { registerGmail } from './commands/gmail.js';
import { registerDashboard } from './commands/dashboard.js';
import { registerServe } from './commands/serve.js';
import { registerMark } from './commands/mark.js';
import { registerSenders } from './commands/senders.js';
import { registerUser } from './commands/user.js';
import { registerWorker } from './commands/worker.js';
import { registerDb } from './commands/db.js';

export function buildProgram(getCtx: () => CliContext): Command {
  const program = new Command('phishguard')
    .description(
      'Review your own mailbox for phishing: explainable scores, link analysis and a local dashboard.',
    )
    .version(packageVersion())
    .option('--debug', 'verbose logs and stack traces on stderr')
    .option('--log-level <level>', 'pino log level for stderr logs', 'warn')
    // A mistyped flag is one line and a pointer to the help, not the whole help.
    .configureOutput({
      outputError: (str, write) => write(`${str.trimEnd()} (see --help)\n`),
    })
    .exitOverride();
  registerTestEmail(program, getCtx);
  registerScan(program, getCtx);
  registerAnalyzeUrl(program, getCtx);
  registerServe(program, getCtx);
  registerWorker(program, getCtx);
  registerDb(program, getCtx);
  registerUser(program, getCtx);
  registerSenders(program, getCtx);
  registerMark(program, getCtx);
  registerImport(program, getCtx);
  registerMailbox(program, getCtx);
  registerGmail(program, getCtx);
  registerDashboard(program, getCtx);
  return program;
}

/** The CLI entry point and the only place that exits the process. */
export async function main(argv: string[]): Promise<void> {
  let ctx: CliContext | null = null;
  const program = buildProgram(() => {
    if (ctx) return ctx;
    const opts = program.opts<{ debug?: boolean; logLevel: string }>();
    ctx = {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      env: process.env,
      logger: createLogger(opts.debug ? 'debug' : (process.env.PHISHGUARD_LOG_LEVEL ?? opts.logLevel)),
      debug: opts.debug === true,
    };
    return ctx;
  });
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
  });
  try {
    await program.parseAsync(argv);
  } catch (err) {
    process.exitCode = reportError(err, argv.includes('--debug'));
  }
}

function reportError(err: unknown, debug: boolean): number {
  if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : ERROR_CODES.USAGE.exit;
  if (err instanceof PhishguardError) {
    process.stderr.write(`phishguard: ${err.message}\n`);
    if (debug && err.stack) process.stderr.write(`${err.stack}\n`);
    return ERROR_CODES[err.code].exit;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  process.stderr.write(
    `phishguard: unexpected error: ${e.message}${debug ? '' : ' (run with --debug for details)'}\n`,
  );
  if (debug && e.stack) process.stderr.write(`${e.stack}\n`);
  return ERROR_CODES.INTERNAL.exit;
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
}
