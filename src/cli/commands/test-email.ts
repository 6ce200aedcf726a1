import { addTrustOption, type TrustFlags } from '../trust-option.js';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { z } from 'zod';
import { createEngine, type Engine } from '../../app/engine.js';
import { isOutlookItem, looksLikeMessage, recommendationsFor, type EmailAnalysis } from '../../core/index.js';
import { PhishguardError } from '../../errors.js';
import { readAll, writeJson, type CliContext } from '../context.js';
import { formatAnalysis } from '../output/analysis.js';

const TestLine = z.object({ subject: z.string(), sender: z.string(), content: z.string() });

interface Options extends TrustFlags {
  subject?: string;
  sender?: string;
  content?: string;
  contentFile?: string;
  eml?: string;
  jsonl?: boolean;
  json?: boolean;
  rulesOnly?: boolean;
}

export function registerTestEmail(program: Command, ctx: () => CliContext): void {
  const command = program
    .command('test-email')
    .description(
      'Analyse one message: subject/sender/content, an .eml file, raw mail on stdin, or JSON lines on stdin (--jsonl)',
    )
    .option('--subject <text>', 'subject line')
    .option('--sender <address>', 'sender, "Name <a@b>" or an address')
    .option('--content <text>', "body, plain text or HTML; include its links' addresses")
    .option('--content-file <file>', 'read the body from a file')
    .option('--eml <file>', 'analyse a raw RFC 822 message file or an Outlook .msg item (full mode)')
    .option('--jsonl', 'read {subject, sender, content} JSON lines on stdin, write one result per line')
    .option('--json', 'print JSON instead of a report')
    .option('--rules-only', 'score by rules alone, without the trained model');
  addTrustOption(command).action(async (opts: Options) => runTestEmail(ctx(), opts));
}

/** The JSON form: the spec's test shape plus the list shape and rich indicators. */
export function testEmailJson(engine: Engine, a: EmailAnalysis): Record<string, unknown> {
  return {
    ...engine.testResult(a),
    risk_score: a.risk_score,
    phishing_analysis: engine.listShape(a),
    mode: a.mode,
    indicators_detail: a.indicators,
    model: a.model,
    parse_warnings: a.parse_warnings,
    engine_version: a.engine_version,
  };
}

async function runTestEmail(ctx: CliContext, opts: Options): Promise<void> {
  const engine = createEngine({ useModel: !opts.rulesOnly, trustedAuthServIds: opts.trustAuthserv ?? [] });
  if (opts.jsonl) {
    let n = 0;
    for await (const line of createInterface({ input: ctx.stdin, crlfDelay: Infinity })) {
      n++;
      if (!line.trim()) continue;
      let parsed;
      try {
        parsed = TestLine.safeParse(JSON.parse(line));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        ctx.stdout.write(
          `${JSON.stringify({ line: n, error: 'expected a JSON object {subject, sender, content} of strings' })}\n`,
        );
        continue;
      }
      const a = engine.analyzeTest(parsed.data);
      ctx.stdout.write(`${JSON.stringify({ line: n, ...testEmailJson(engine, a) })}\n`);
    }
    return;
  }

  let analysis: EmailAnalysis;
  if (opts.eml) {
    analysis = (await engine.analyzeRaw(mailMessage(await readInput(opts.eml), opts.eml))).analysis;
  } else if (
    opts.subject !== undefined ||
    opts.sender !== undefined ||
    opts.content !== undefined ||
    opts.contentFile
  ) {
    if (opts.content !== undefined && opts.contentFile)
      throw new PhishguardError('USAGE', 'give --content or --content-file, not both');
    const content = opts.contentFile ? (await readInput(opts.contentFile)).toString('utf8') : opts.content;
    if (!opts.subject || !opts.sender || content === undefined || content === '')
      throw new PhishguardError(
        'USAGE',
        'Please fill in all required fields: --subject, --sender and --content (or --content-file)',
      );
    analysis = engine.analyzeTest({ subject: opts.subject, sender: opts.sender, content });
  } else if (!ctx.stdin.isTTY) {
    const raw = await readAll(ctx.stdin);
    if (raw.length === 0)
      throw new PhishguardError(
        'USAGE',
        'stdin was empty: pipe a raw message, or use --eml FILE or --subject/--sender/--content',
      );
    analysis = (await engine.analyzeRaw(mailMessage(raw, 'stdin'))).analysis;
  } else {
    throw new PhishguardError(
      'USAGE',
      'nothing to analyse: use --eml FILE, --subject/--sender/--content, or pipe a raw message on stdin',
    );
  }

  if (opts.json) writeJson(ctx, testEmailJson(engine, analysis));
  else ctx.stdout.write(formatAnalysis(analysis, ctx.stdout.isTTY === true, recommendationsFor(analysis)));
}

/** The bytes, if they are a mail message; anything else is refused rather than scored LOW. */
function mailMessage(raw: Buffer, from: string): Buffer {
  if (!looksLikeMessage(raw) && !isOutlookItem(raw))
    throw new PhishguardError(
      'INPUT_UNREADABLE',
      `${from} is not an email message (it does not start with mail headers such as From:, Subject:, Date:): give a raw .eml or an Outlook .msg, or use --subject/--sender/--content for pasted text`,
    );
  return raw;
}

async function readInput(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new PhishguardError(
      code === 'ENOENT' ? 'NOT_FOUND' : 'INPUT_UNREADABLE',
      `cannot read ${path}: ${code ?? (err as Error).message}`,
    );
  }
}
