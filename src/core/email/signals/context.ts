import type { PopularDomains } from '../../domains/popular.js';
import type { Indicator, ParsedEmail } from '../types.js';

export interface SignalContext {
  email: ParsedEmail;
  popular: PopularDomains;
  /** Registrable domain of the From address, if any. */
  senderDomain: string | null;
  /** The Authentication-Results header to read, and whether the mailbox's own server wrote it. */
  authResults: AttributedResults | null;
  /** The registrable domains of the message's web links, each once (analyze.ts's linkDomains). */
  linkDomains: readonly string[];
}

/** An Authentication-Results header and whether it can be attributed to the mailbox's own server. */
export interface AttributedResults {
  header: string;
  authservId: string;
  trusted: boolean;
}

export type Signal = (ctx: SignalContext) => Indicator[];

export function indicator(i: Indicator): Indicator {
  return { ...i, evidence: i.evidence.map((e) => (e.length > 300 ? `${e.slice(0, 297)}...` : e)) };
}

const naming = new WeakMap<ParsedEmail, string>();

/**
 * Where a message names whom it speaks for: its subject, sender name and visible text (first
 * 20,000 characters). Made once per message: every link to a look-alike host asks for it.
 */
export function namingText(email: ParsedEmail): string {
  let text = naming.get(email);
  if (text === undefined) {
    text = `${email.subject}\n${email.from?.name ?? ''}\n${email.text.slice(0, 20_000)}`;
    naming.set(email, text);
  }
  return text;
}
