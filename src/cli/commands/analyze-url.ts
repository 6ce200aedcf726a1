import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { findChromium, launchChromium, type BrowserEngine } from '../../adapters/browser/chromium.js';
import { loadPopularDomains } from '../../adapters/data/load.js';
import { analyzeUrl, quickScan, type AnalyzeUrlOptions } from '../../app/analyze-url.js';
import type { RedirectAnalysis } from '../../core/url/types.js';
import { PhishguardError } from '../../errors.js';
import { writeJson, type CliContext } from '../context.js';

interface Options {
  quick?: boolean;
  maxRedirects: string;
  timeout: string;
  cloaking: boolean;
  browser: boolean;
  json?: boolean;
  allowPrivateNetwork?: boolean;
  screenshot?: string;
}

const REDIRECTS = [5, 10, 15, 20] as const;
const TIMEOUTS = [15, 30, 45, 60] as const;

export function registerAnalyzeUrl(program: Command, ctx: () => CliContext): void {
  program
    .command('analyze-url')
    .description('Follow a URL like a victim’s browser: redirect chain, TLS, cloaking and findings')
    .argument('<url>', 'http(s) URL')
    .option('--quick', 'one static pass: no TLS probes, no browser')
    .option('--max-redirects <n>', 'hop limit: 5, 10, 15 or 20', '10')
    .option('--timeout <seconds>', 'overall deadline: 15, 30, 45 or 60', '30')
    .option('--no-cloaking', 'skip the second (crawler) profile')
    .option('--no-browser', 'never start headless Chromium')
    .option('--screenshot <file.png>', 'save the browser screenshot here (comprehensive mode)')
    .option('--allow-private-network', 'allow loopback and private addresses (labs and tests only)')
    .option('--json', 'print the full result as JSON')
    .action(async (url: string, opts: Options) => runAnalyzeUrl(ctx(), url, opts));

  program
    .command('quick-scan')
    .description('Fast verdict for a URL: threat score, redirect count, final URL, cloaking')
    .argument('<url>', 'http(s) URL')
    .option('--allow-private-network', 'allow loopback and private addresses (labs and tests only)')
    .option('--json', 'print JSON')
    .action(async (url: string, opts: { json?: boolean; allowPrivateNetwork?: boolean }) => {
      const c = ctx();
      const r = await quickScan(url, { popular: loadPopularDomains() }, opts.allowPrivateNetwork === true);
      if (opts.json) return writeJson(c, r);
      c.stdout.write(
        `${r.verdict.toUpperCase()}  threat ${r.threat_score.toFixed(2)}  ${r.redirect_count} redirect(s)  → ${r.final_url}${r.cloaking_detected ? '  CLOAKING' : ''}  (${r.analysis_time_ms} ms)\n`,
      );
      for (const k of r.key_indicators) c.stdout.write(`  - ${k}\n`);
    });
}

function pick<T extends number>(value: string, allowed: readonly T[], flag: string): T {
  const n = Number(value);
  if (!allowed.includes(n as T))
    throw new PhishguardError('USAGE', `${flag} must be one of ${allowed.join(', ')}`);
  return n as T;
}

async function runAnalyzeUrl(ctx: CliContext, url: string, opts: Options): Promise<void> {
  const options: Partial<AnalyzeUrlOptions> = {
    mode: opts.quick ? 'quick' : 'comprehensive',
    maxRedirects: pick(opts.maxRedirects, REDIRECTS, '--max-redirects'),
    timeoutSeconds: pick(opts.timeout, TIMEOUTS, '--timeout'),
    cloakingDetection: opts.cloaking,
    allowPrivateNetwork: opts.allowPrivateNetwork === true,
  };
  let browser: BrowserEngine | null = null;
  const chromium = !opts.quick && opts.browser ? findChromium(ctx.env.PHISHGUARD_CHROMIUM ?? null) : null;
  if (chromium) browser = await launchChromium(chromium);
  let shot: Buffer | null = null;
  try {
    const r = await analyzeUrl(url, options, {
      popular: loadPopularDomains(),
      browser,
      ...(opts.browser ? {} : { browserNote: 'not used (--no-browser)' }),
      saveScreenshot: (_id, png) => ((shot = png), 'in-memory'),
    });
    if (opts.screenshot && shot) writeFileSync(opts.screenshot, shot);
    if (opts.json) writeJson(ctx, r);
    else ctx.stdout.write(formatTrace(r));
  } finally {
    await browser?.close();
  }
}

/** One line per hop: status, redirect type, IP, TLS state, time. */
export function formatTrace(r: RedirectAnalysis): string {
  if (r.verdict === 'error') {
    // One coherent answer: nothing was fetched, so there are no hops, TLS or cloaking to show.
    const lines = [`ERROR  ${r.original_url}`, `  ${r.explanation}`];
    if (r.analysis_metadata.link_protection)
      lines.push(`  Link protection: ${String(r.analysis_metadata.link_protection)}`);
    if (r.threat_indicators.length) {
      lines.push('', 'From the address alone:');
      for (const i of r.threat_indicators) lines.push(`  [${i.severity}] ${i.description}`);
    }
    return `${lines.join('\n')}\n`;
  }
  const lines = [`${r.verdict.toUpperCase()}  threat ${r.threat_score.toFixed(2)}  ${r.explanation}`, ''];
  if (r.analysis_metadata.link_protection)
    lines.splice(1, 0, `Link protection: ${String(r.analysis_metadata.link_protection)}`);
  for (const h of r.redirect_chain) {
    const tls = h.tls_certificate
      ? h.tls_certificate.is_valid
        ? 'Valid TLS'
        : `Invalid TLS (${h.tls_certificate.validation_errors.join('; ')})`
      : h.url.startsWith('https:')
        ? 'TLS not checked'
        : 'No TLS';
    const status = h.status_code ?? (h.error ? 'ERR' : '---');
    lines.push(
      `${String(h.hop_number).padStart(2)}  ${String(status).padEnd(3)}  ${h.redirect_type.padEnd(14)}  ${(h.ip_address ?? '-').padEnd(15)}  ${tls.padEnd(10)}  ${String(h.response_time_ms).padStart(5)} ms  ${h.url}`,
    );
    if (h.meta_refresh_delay !== null) lines.push(`      refresh after ${h.meta_refresh_delay} s`);
    if (h.error) lines.push(`      ${h.error}`);
  }
  const c = r.cloaking_analysis;
  lines.push(
    '',
    `Cloaking: ${c.cloaking_detected ? 'DETECTED' : 'not detected'} (confidence ${c.cloaking_confidence.toFixed(2)})`,
  );
  for (const i of c.cloaking_indicators) lines.push(`  - ${i}`);
  if (r.threat_indicators.length) {
    lines.push('', 'Findings:');
    for (const i of r.threat_indicators)
      lines.push(`  [${i.severity}] ${i.id}: ${i.description}${i.evidence ? `  (${i.evidence})` : ''}`);
  }
  lines.push(
    '',
    `${r.analysis_summary.total_redirects} redirect(s), ${r.analysis_summary.unique_domains} domain(s), HTTPS ${Math.round(r.analysis_summary.https_coverage * 100)}%, ${r.execution_time_ms} ms${r.cached ? ' (cached)' : ''}`,
  );
  if (r.analysis_metadata.browser_engine)
    lines.push(`Browser: ${String(r.analysis_metadata.browser_engine)}`);
  return `${lines.join('\n')}\n`;
}
