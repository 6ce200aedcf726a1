import { Box, Text } from 'ink';
import type { DashboardEmail, Overview, TestSummary } from '../../app/dashboard-source.js';
import type { RedirectAnalysis } from '../../core/url/types.js';

const COLOUR: Record<string, string> = { HIGH: 'red', MEDIUM: '#ff8800', LOW: 'yellow', SAFE: 'green' };

export function Badge({ level }: { level: string | null }) {
  return <Text color={COLOUR[level ?? ''] ?? 'gray'}>{(level ?? '----').padEnd(6)}</Text>;
}

export function Header({
  overview,
  source,
  level,
  filter,
}: {
  overview: Overview | null;
  source: string;
  level: string | null;
  filter: string;
}) {
  const c = overview?.counts ?? {};
  return (
    <Box flexDirection="column" borderStyle="single" borderColor="cyan" paddingX={1}>
      <Text>
        <Text bold color="cyan">
          PhishGuard
        </Text>{' '}
        <Text dimColor>{source}</Text>
      </Text>
      <Text wrap="truncate-end">
        <Text color="red">HIGH {c.HIGH ?? 0}</Text> · <Text color="#ff8800">MEDIUM {c.MEDIUM ?? 0}</Text> ·{' '}
        <Text color="yellow">LOW {c.LOW ?? 0}</Text> · <Text color="green">SAFE {c.SAFE ?? 0}</Text>
        <Text dimColor>
          {' '}
          last scan {overview?.lastScan ? new Date(overview.lastScan).toLocaleString() : 'never'}
        </Text>
        {level ? <Text color="magenta"> [{level}]</Text> : null}
        {filter ? <Text color="magenta"> /{filter}</Text> : null}
      </Text>
    </Box>
  );
}

const STATUS_MARK: Record<string, string> = {
  safe: '✓',
  phishing: '✗',
  false_positive: '≈',
  reviewed: '·',
  quarantined: '■',
};

export function EmailList({
  emails,
  total,
  checked = new Set(),
  cursor,
  height,
  width,
}: {
  emails: DashboardEmail[];
  total: number;
  checked?: ReadonlySet<number>;
  cursor: number;
  height: number;
  width: number;
}) {
  const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), emails.length - height));
  const rows = emails.slice(start, start + height);
  if (emails.length === 0) return <Text dimColor>No emails match.</Text>;
  return (
    <Box flexDirection="column" width={width}>
      {rows.map((e, i) => {
        const active = start + i === cursor;
        return (
          <Text key={e.id} inverse={active} wrap="truncate-end">
            <Text color="cyan">{checked.has(e.id) ? '▌' : ''}</Text>
            <Badge level={e.risk_level} />
            <Text>{String(e.risk_score ?? '').padStart(3)}</Text>
            <Text color={e.status === 'phishing' ? 'red' : 'green'}>{STATUS_MARK[e.status] ?? ' '}</Text>
            <Text>{e.subject || '(no subject)'}</Text>
          </Text>
        );
      })}
      <Text dimColor>
        {cursor + 1}/{total}
      </Text>
    </Box>
  );
}

/** Words wrapped to `width` columns; a word longer than a line is cut across lines. */
export function wrapText(text: string, width: number): string[] {
  const w = Math.max(10, width);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > w) {
      if (line) out.push(line);
      out.push(rest.slice(0, w));
      rest = rest.slice(w);
      line = '';
    }
    if (!line) line = rest;
    else if (line.length + 1 + rest.length <= w) line += ` ${rest}`;
    else {
      out.push(line);
      line = rest;
    }
  }
  if (line) out.push(line);
  return out;
}

export function DetailPane({
  email,
  expanded,
  scroll,
  width,
  height,
}: {
  email: (DashboardEmail & { links?: string[] }) | null;
  expanded: boolean;
  scroll: number;
  width: number;
  height: number;
}) {
  if (!email) return <Text dimColor>Select an email (Enter for details).</Text>;
  // Every explanation and every piece of evidence, wrapped to the pane; J/K scroll it.
  const indicators = email.indicators.filter((i) => i.severity !== 'info');
  const lines: { text: string; dim?: boolean; bold?: boolean }[] = [
    ...wrapText(email.subject || '(no subject)', width).map((text) => ({ text, bold: true })),
    ...wrapText(`From: ${email.sender}`, width).map((text) => ({ text })),
    {
      text: `${email.received_at ? new Date(email.received_at).toLocaleString() : 'unknown time'} · status ${email.status}`,
      dim: true,
    },
    { text: `${email.risk_level ?? '----'} ${email.risk_score ?? '?'}/100`, bold: true },
    // Opened, the indicators say everything the summary says, and more.
    ...(expanded ? [] : wrapText(email.summary, width).map((text) => ({ text }))),
  ];
  if (expanded) {
    for (const i of indicators) {
      lines.push(...wrapText(`• [${i.severity}] ${i.explanation}`, width).map((text) => ({ text })));
      for (const ev of i.evidence)
        lines.push(...wrapText(`  ${ev}`, width).map((text) => ({ text, dim: true })));
    }
    const web = (email.links ?? []).filter((u) => /^https?:\/\//i.test(u));
    lines.push({
      text: web.length ? `${web.length} web link(s): l picks one to analyse` : 'no web links',
      dim: true,
    });
  } else lines.push({ text: 'Enter: every indicator and its evidence', dim: true });
  const room = Math.max(1, height - 1);
  const top = Math.max(0, Math.min(scroll, lines.length - room));
  const shown = lines.slice(top, top + room);
  const more = lines.length - (top + shown.length);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {shown.map((l, n) => (
        <Text key={top + n} dimColor={l.dim} bold={l.bold} wrap="truncate-end">
          {l.text}
        </Text>
      ))}
      {more > 0 || top > 0 ? (
        <Text dimColor wrap="truncate-end">
          {more > 0 ? `↓ ${more} more line(s) (J)` : ''}
          {top > 0 ? ` ↑ (K)` : ''}
        </Text>
      ) : null}
    </Box>
  );
}

export function LinkPicker({ links }: { links: string[] }) {
  return (
    <Box flexDirection="column" borderStyle="single" paddingX={1}>
      <Text bold>Which link? (1-{Math.min(9, links.length)}, any other key cancels)</Text>
      {links.slice(0, 9).map((u, i) => (
        <Text key={u} wrap="truncate-end">
          {i + 1} {u}
        </Text>
      ))}
    </Box>
  );
}

export function Trace({ trace }: { trace: RedirectAnalysis | null }) {
  if (!trace) return <Text dimColor>Following the link…</Text>;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold color={trace.threat_score >= 0.8 ? 'red' : trace.threat_score >= 0.3 ? 'yellow' : 'green'}>
          {trace.verdict.toUpperCase()}
        </Text>{' '}
        threat {trace.threat_score.toFixed(2)}
      </Text>
      {trace.redirect_chain.map((h) => (
        <Text key={h.hop_number} wrap="truncate-end">
          {String(h.hop_number).padStart(2)}{' '}
          <Text
            color={
              h.status_code && h.status_code < 300
                ? 'green'
                : h.status_code && h.status_code < 400
                  ? 'blue'
                  : 'red'
            }
          >
            {String(h.status_code ?? 'ERR').padEnd(3)}
          </Text>{' '}
          {h.redirect_type.padEnd(13)} {(h.ip_address ?? '-').padEnd(15)} {h.url}
        </Text>
      ))}
      {trace.threat_indicators.slice(0, 4).map((i) => (
        <Text key={i.id} wrap="truncate-end">
          • {i.description}
        </Text>
      ))}
      <Text dimColor>Esc to go back</Text>
    </Box>
  );
}

export function ProgressLine({ done, total, width }: { done: number; total: number | null; width: number }) {
  const w = Math.max(10, width - 30);
  const frac = total ? Math.min(1, done / total) : 0;
  return (
    <Text>
      Rescanning [{'#'.repeat(Math.round(frac * w)).padEnd(w, '-')}] {done}
      {total !== null ? `/${total}` : ''}
    </Text>
  );
}

export function TestForm({
  subject,
  sender,
  content,
  field,
  result,
}: {
  subject: string;
  sender: string;
  content: string;
  field: number;
  result: TestSummary | null;
}) {
  const row = (label: string, value: string, i: number) => (
    <Text>
      <Text color={field === i ? 'cyan' : undefined}>
        {field === i ? '›' : ' '} {label.padEnd(8)}
      </Text>{' '}
      {value}
      {field === i ? <Text inverse> </Text> : null}
    </Text>
  );
  return (
    <Box flexDirection="column" borderStyle="single" paddingX={1}>
      <Text bold>Test an email (Tab next field, Enter analyse, Esc close)</Text>
      {row('Subject', subject, 0)}
      {row('Sender', sender, 1)}
      {row('Content', content, 2)}
      {result ? null : (
        <Text dimColor>
          {"  Include its links' addresses: where they go tells a notice from its imitation."}
        </Text>
      )}
      {result ? (
        <>
          <Text>
            <Badge level={result.risk_level} /> {result.risk_score}/100 — {result.summary}
          </Text>
          {result.indicators.slice(0, 4).map((i) => (
            <Text key={i} wrap="truncate-end">
              • {i}
            </Text>
          ))}
          {result.advice.map((t) => (
            <Text key={t} wrap="wrap" color="cyan">
              → {t}
            </Text>
          ))}
        </>
      ) : null}
    </Box>
  );
}

export const HELP = [
  '↑/↓ or j/k  move        Enter  details',
  '/           filter      1-4    HIGH/MEDIUM/LOW/SAFE, 0 all',
  's           set status (1 safe, 2 phishing, 3 false positive)',
  'x           select for a bulk status (s then marks all selected)',
  'l           pick a web link and analyse it (hop trace)',
  'J/K PgDn/Up scroll the details',
  'Ctrl-U      clear a field   Ctrl-W  delete a word',
  'r           rescan      t      test an email',
  '?           help        q      quit',
];

export function Help() {
  return (
    <Box flexDirection="column" borderStyle="double" paddingX={1}>
      <Text bold>Keys</Text>
      {HELP.map((h) => (
        <Text key={h}>{h}</Text>
      ))}
    </Box>
  );
}
