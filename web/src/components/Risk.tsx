const ICON: Record<string, string> = { HIGH: '⚠', MEDIUM: '⚠', LOW: '🛡', SAFE: '✓' };

/** Risk styling of section 2: HIGH red ⚠, MEDIUM orange ⚠, LOW yellow shield, SAFE green ✓, else grey. */
export function RiskBadge({ level }: { level: string | null | undefined }) {
  const l = level ?? 'UNKNOWN';
  const known = l in ICON;
  return (
    <span className={`badge risk-${known ? l.toLowerCase() : 'unknown'}`} data-testid="risk-badge">
      <span aria-hidden="true">{ICON[l] ?? '•'}</span> {l}
    </span>
  );
}

/** Threat score colour: ≥0.8 red, ≥0.6 orange, ≥0.3 yellow, below green. */
export function threatColour(score: number): string {
  return score >= 0.8 ? 'red' : score >= 0.6 ? 'orange' : score >= 0.3 ? 'yellow' : 'green';
}

/** Hop status colour: 2xx green, 3xx blue, 4xx orange, otherwise red. */
export function statusColour(status: number | null): string {
  if (status === null) return 'red';
  return status < 300 && status >= 200
    ? 'green'
    : status < 400 && status >= 300
      ? 'blue'
      : status < 500 && status >= 400
        ? 'orange'
        : 'red';
}

/** TLS label: 'Valid TLS' only if valid, not expired and hostname matches; 'No TLS' without a certificate. */
export function tlsLabel(
  cert: { is_valid: boolean; is_expired: boolean; hostname_matches: boolean } | null,
): string {
  if (!cert) return 'No TLS';
  return cert.is_valid && !cert.is_expired && cert.hostname_matches ? 'Valid TLS' : 'Invalid TLS';
}

export function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'unknown time';
}
