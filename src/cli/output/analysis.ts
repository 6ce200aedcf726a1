import type { EmailAnalysis } from '../../core/index.js';
import { colourLevel } from './table.js';

/** Human-readable report of one analysis, with the /test answer's recommendations when given. */
export function formatAnalysis(a: EmailAnalysis, tty: boolean, advice: readonly string[] = []): string {
  const lines = [
    `${colourLevel(a.risk_level, tty)}  ${a.risk_score}/100  ${a.is_phishing ? 'phishing' : 'not phishing'} (confidence ${a.confidence.toFixed(2)})`,
    `Subject: ${a.subject || '(no subject)'}`,
    `From:    ${a.sender.display_name ? `${a.sender.display_name} ` : ''}<${a.sender.address ?? 'unknown'}>`,
    '',
    a.summary,
  ];
  if (a.indicators.length > 0) {
    lines.push('', 'Indicators:');
    for (const i of a.indicators) {
      lines.push(`  [${i.severity}] ${i.id}: ${i.explanation}`);
      for (const e of i.evidence.slice(0, 3)) lines.push(`      ${e}`);
    }
  }
  if (advice.length > 0) {
    lines.push('', 'What to do:');
    for (const t of advice) lines.push(`  - ${t}`);
  }
  return `${lines.join('\n')}\n`;
}
