import type { PopularDomains } from '../../domains/popular.js';
import type { Indicator, ParsedEmail } from '../types.js';

export interface SignalContext {
  email: ParsedEmail;
  popular: PopularDomains;
  /** Registrable domain of the From address, if any. */
  senderDomain: string | null;
}

export type Signal = (ctx: SignalContext) => Indicator[];

export function indicator(i: Indicator): Indicator {
  return { ...i, evidence: i.evidence.map((e) => (e.length > 300 ? `${e.slice(0, 297)}...` : e)) };
}
