import { distance } from 'fastest-levenshtein';
import { summarise } from './analyze.js';
import { riskLevel, THRESHOLDS } from './score.js';
import type { EmailAnalysis, Indicator } from './types.js';

/** What one user's store knows about earlier mail from a sender identity. */
export interface SenderStats {
  messages: number;
  days: number;
  firstSeen: string | null;
  lastSeen: string | null;
  markedSafe: number;
  markedPhishing: number;
  markedFalsePositive: number;
}

/**
 * The user's history as the analysis sees it: an input, looked up by the app from the store, so
 * the core stays pure. `domain` is about mail authenticated for the same registrable domain;
 * `address` about mail with the same From address, authenticated or not.
 */
export interface SenderHistory {
  address: SenderStats | null;
  domain: SenderStats | null;
  /** Display names (lowercased) of the user's authenticated correspondents, with their domains. */
  knownNames: ReadonlyMap<string, readonly string[]>;
  /** Registrable domains the user has received authenticated mail from. */
  knownDomains: readonly string[];
}

/** How much an established, authenticated correspondent lowers the probability. */
const KNOWN_SENDER_FACTOR = 0.35;
/** ... and one the user marked safe (or a false positive). */
const MARKED_SAFE_FACTOR = 0.1;
const ESTABLISHED = { messages: 3, days: 2 };

/**
 * The analysis with the user's history applied, from the probability the message earned on its
 * own (so applying it again, after a mark or an undo, gives the same answer as the first time).
 * An authenticated correspondent with a record lowers the score (never for a message that sends
 * credentials or payment elsewhere, carries a critical finding or attaches a suspicious
 * message); imitating a known correspondent, or a sender the user marked as phishing, raises
 * it; a first message from a sender is a mild signal. Unauthenticated mail never inherits a
 * known sender's trust.
 */
export function applyHistory(a: EmailAnalysis, h: SenderHistory): EmailAnalysis {
  const base = a.base_probability ?? a.probability;
  const indicators = a.indicators.filter((i) => i.family !== 'history');
  const added: Indicator[] = [];
  const authenticated = a.sender.authenticated_domain ?? null;
  const senderDomain = a.sender.domain;
  let p = base;
  const raise = (i: Indicator) => {
    added.push(i);
    p = 1 - (1 - p) * (1 - i.weight);
  };

  // An authenticated message answers only for marks on mail authenticated for the same domain: a
  // phish that spoofed service@bank.example must not taint the bank's real, authenticated mail.
  const markedPhishing = authenticated ? (h.domain?.markedPhishing ?? 0) : (h.address?.markedPhishing ?? 0);
  if (markedPhishing > 0)
    raise({
      id: 'history.marked_phishing',
      family: 'history',
      severity: 'high',
      weight: 0.8,
      explanation: 'You marked mail from this sender as phishing before.',
      evidence: [
        `${markedPhishing} message(s) from ${a.sender.address ?? senderDomain ?? 'this sender'} marked phishing`,
      ],
    });

  const imitation = authenticated ? null : imitates(a, h);
  if (imitation)
    raise({
      id: 'history.imitates_known_sender',
      family: 'history',
      severity: 'high',
      weight: 0.7,
      explanation: `The sender imitates someone you correspond with: ${imitation.reason}, but this message does not come from their domain.`,
      evidence: imitation.evidence,
    });

  const known = authenticated ? h.domain : null;
  const seenBefore = (h.address?.messages ?? 0) > 0 || (known?.messages ?? 0) > 0;
  if (!seenBefore && a.sender.address)
    raise({
      id: 'history.first_contact',
      family: 'history',
      severity: 'low',
      weight: 0.05,
      explanation: 'This is the first message you have received from this sender.',
      evidence: [a.sender.address],
    });

  const risky = indicators.some(
    (i) =>
      i.severity === 'critical' ||
      i.family === 'lookalike' ||
      (i.family === 'links' && i.severity === 'high') ||
      (i.id === 'attachments.attached_message' && i.severity !== 'info'),
  );
  if (known && markedPhishing === 0 && !risky) {
    const marked = known.markedSafe + known.markedFalsePositive;
    const established = known.messages >= ESTABLISHED.messages && known.days >= ESTABLISHED.days;
    if (marked > 0 || established) {
      p *= marked > 0 ? MARKED_SAFE_FACTOR : KNOWN_SENDER_FACTOR;
      added.push({
        id: 'history.known_sender',
        family: 'history',
        severity: 'info',
        weight: 0,
        explanation:
          marked > 0
            ? `You marked mail from ${authenticated} as safe, and this message is authenticated as coming from it.`
            : `You have received ${known.messages >= 100 ? '100 or more' : known.messages} authenticated messages from ${authenticated} since ${(known.firstSeen ?? '').slice(0, 10)}, none marked phishing.`,
        evidence: [
          `${known.messages} message(s) on ${known.days} day(s)${marked > 0 ? `, ${marked} marked safe` : ''}`,
          `authenticated as ${authenticated}`,
        ],
      });
    }
  }

  // A password form or an executable stays HIGH whatever the history says.
  if (indicators.some((i) => i.severity === 'critical')) p = Math.max(p, THRESHOLDS.HIGH / 100);
  const all = [...indicators, ...added];
  const risk_score = Math.round(p * 100);
  const level = riskLevel(risk_score);
  const is_phishing = risk_score >= THRESHOLDS.IS_PHISHING;
  return {
    ...a,
    base_probability: base,
    probability: Math.round(p * 10_000) / 10_000,
    risk_score,
    risk_level: level,
    is_phishing,
    confidence: Math.round((is_phishing ? p : 1 - p) * 1000) / 1000,
    summary: summarise(level, risk_score, all, a.model.probability),
    indicators: all,
  };
}

/** A display name or domain that copies one of the user's authenticated correspondents. */
function imitates(a: EmailAnalysis, h: SenderHistory): { reason: string; evidence: string[] } | null {
  const domain = a.sender.domain;
  const name = a.sender.display_name?.trim().toLowerCase();
  if (name && name.length >= 3) {
    const theirs = h.knownNames.get(name);
    if (theirs && domain && !theirs.includes(domain))
      return {
        reason: `the display name "${a.sender.display_name}" belongs to ${theirs.join(', ')}`,
        evidence: [`From: ${a.sender.display_name} <${a.sender.address}>`, `known as: ${theirs.join(', ')}`],
      };
  }
  if (!domain) return null;
  const label = domain.split('.')[0] ?? domain;
  for (const known of h.knownDomains) {
    if (known === domain) continue;
    const knownLabel = known.split('.')[0] ?? known;
    const close =
      label === knownLabel ||
      (knownLabel.length >= 5 && distance(label, knownLabel) <= (knownLabel.length > 8 ? 2 : 1));
    if (close)
      return {
        reason: `${domain} looks like ${known}`,
        evidence: [`sender domain ${domain}`, `a domain you receive authenticated mail from: ${known}`],
      };
  }
  return null;
}
