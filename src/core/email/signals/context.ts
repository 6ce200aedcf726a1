import type { PopularDomains } from '../../domains/popular.js';
import type { Indicator, ParsedEmail } from '../types.js';

export interface SignalContext {
  email: ParsedEmail;
  popular: PopularDomains;
  /** Registrable domain of the From address, if any. */
  senderDomain: string | null;
  /**
   * The authserv-ids whose Authentication-Results this mailbox's own receiving servers write
   * (RFC 8601 §5). Results from anyone else may have been written by the sender.
   */
  trustedAuthServIds: readonly string[];
}

export type Signal = (ctx: SignalContext) => Indicator[];

export function indicator(i: Indicator): Indicator {
  return { ...i, evidence: i.evidence.map((e) => (e.length > 300 ? `${e.slice(0, 297)}...` : e)) };
}
