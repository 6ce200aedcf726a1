const COLORS: Record<string, string> = {
  HIGH: '\x1b[31m',
  MEDIUM: '\x1b[33m',
  LOW: '\x1b[93m',
  SAFE: '\x1b[32m',
  CRITICAL: '\x1b[35m',
};

export function colourLevel(level: string, tty: boolean): string {
  return tty ? `${COLORS[level] ?? ''}${level}\x1b[0m` : level;
}

/** Fixed-width text cell: truncated with an ellipsis, padded to width. */
export function cell(text: string, width: number): string {
  const t = text.replace(/\s+/g, ' ');
  return t.length > width ? `${t.slice(0, width - 1)}…` : t.padEnd(width);
}
