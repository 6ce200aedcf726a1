import type { Command } from 'commander';
import { createEngine } from '../../app/engine.js';
import { scanMailPaths, type ScannedMessage, type ScanProgress } from '../../app/scan-files.js';
import { PhishguardError } from '../../errors.js';
import type { CliContext } from '../context.js';
import { ProgressBar } from '../output/progress.js';
import { cell, colourLevel } from '../output/table.js';
import { addTrustOption, type TrustFlags } from '../trust-option.js';

interface Options extends TrustFlags {
  format?: string;
  rulesOnly?: boolean;
  json?: boolean;
  workers?: string;
}

export function registerScan(program: Command, ctx: () => CliContext): void {
  const command = program
    .command('scan')
    .description(
      'Analyse every message in .eml and Outlook .msg files, folders, Maildirs, mbox and .mbox.gz files (streamed)',
    )
    .argument('<paths...>', 'files or folders')
    .option('--format <format>', 'table | jsonl | json (default: table on a terminal, jsonl otherwise)')
    .option('--json', 'same as --format json')
    .option('--rules-only', 'score by rules alone, without the trained model (single thread)')
    .option('--workers <n>', 'analysis threads (default: one per core, at most 4; 0 = this thread)');
  addTrustOption(command).action(async (paths: string[], opts: Options) => runScan(ctx(), paths, opts));
}

/** One scan result in the documented --format jsonl shape. */
export function scanRecord(m: ScannedMessage): Record<string, unknown> {
  return {
    path: m.path,
    index: m.index,
    message_id: m.summary.messageId,
    date: m.summary.date,
    subject: m.summary.subject,
    sender: m.summary.from?.address ?? null,
    risk_score: m.analysis.risk_score,
    risk_level: m.analysis.risk_level,
    is_phishing: m.analysis.is_phishing,
    confidence: m.analysis.confidence,
    indicators: m.analysis.indicators.map((i) => i.id),
  };
}

async function runScan(ctx: CliContext, paths: string[], opts: Options): Promise<void> {
  const format = opts.json ? 'json' : (opts.format ?? (ctx.stdout.isTTY ? 'table' : 'jsonl'));
  if (!['table', 'jsonl', 'json'].includes(format))
    throw new PhishguardError('USAGE', `unknown --format ${format}: use table, jsonl or json`);
  const engine = createEngine({ useModel: !opts.rulesOnly });
  const tty = ctx.stdout.isTTY === true;
  let bar: ProgressBar | null = null;
  const counts: Record<string, number> = { HIGH: 0, MEDIUM: 0, LOW: 0, SAFE: 0 };
  let first = true;
  if (format === 'json') ctx.stdout.write('[');
  if (format === 'table')
    ctx.stdout.write(
      `${cell('LEVEL', 7)} ${cell('SCORE', 5)} ${cell('SENDER', 30)} ${cell('SUBJECT', 50)}\n`,
    );

  const onProgress = (p: ScanProgress) => {
    bar ??= new ProgressBar(p.totalBytes, 'messages');
    bar.update(p.readBytes, p.messages);
  };
  const workers = opts.workers !== undefined ? Number(opts.workers) : undefined;
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 0 || workers > 64))
    throw new PhishguardError('USAGE', '--workers must be an integer from 0 to 64');
  for await (const m of scanMailPaths(engine, paths, {
    workers: opts.rulesOnly ? 0 : workers,
    onProgress,
    trustedAuthServIds: opts.trustAuthserv ?? [],
  })) {
    counts[m.analysis.risk_level] = (counts[m.analysis.risk_level] ?? 0) + 1;
    if (format === 'jsonl') ctx.stdout.write(`${JSON.stringify(scanRecord(m))}\n`);
    else if (format === 'json') {
      ctx.stdout.write(`${first ? '\n' : ',\n'}${JSON.stringify(scanRecord(m))}`);
      first = false;
    } else {
      (bar as ProgressBar | null)?.finish();
      ctx.stdout.write(
        `${colourLevel(m.analysis.risk_level, tty).padEnd(tty ? 16 : 7)} ${String(m.analysis.risk_score).padStart(5)} ${cell(m.summary.from?.address ?? '', 30)} ${cell(m.summary.subject || '(no subject)', 50)}\n`,
      );
    }
  }
  (bar as ProgressBar | null)?.finish();
  if (format === 'json') ctx.stdout.write(first ? ']\n' : '\n]\n');
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  if (format === 'table')
    ctx.stdout.write(
      `\n${total} messages: ${counts.HIGH} HIGH, ${counts.MEDIUM} MEDIUM, ${counts.LOW} LOW, ${counts.SAFE} SAFE\n`,
    );
  ctx.logger.info({ total, ...counts }, 'scan finished');
}
