import type { Indicator } from '../types.js';
import { indicator } from './context.js';

/**
 * What goes with a request for account details (or a threat to the account) to make the
 * credential lure, in the order they are named: a link that hides where it goes first, then
 * pressure. Each is a signal of its own; together they are the make-up of the lure.
 */
const PARTNERS: readonly [id: string, says: string][] = [
  ['links.ip_host', 'links to a bare IP address instead of a named site'],
  ['links.lookalike_domain', 'links to a domain made to look like a known one'],
  ['links.brand_on_unrelated_domain', "links to a brand's name on a domain that brand does not use"],
  ['links.text_href_mismatch', 'shows one address as a link that leads to another'],
  ['content.threat', 'threatens a loss if you do not'],
  ['content.urgency', 'presses you to act at once'],
];

/**
 * The credential lure, read from the other signals: a request to sign in or confirm account
 * details together with a disguised link or pressure, or a threat to the account together with a
 * link to a bare IP address. Each part alone is common in real mail ("confirm your email",
 * "expires in 24 hours"); the pair is what phishing has sent for twenty years, and a model trained
 * on one era's phishing may read another era's words as ordinary. Scored as a rule (features.ts):
 * 0.5, so that the pair alone makes a message 50, is_phishing.
 *
 * Counted over the corpus before it was written (full messages): 2 of 23,951 legitimate
 * messages (a list post about forged whitelists, an article quoting an eBay lure), 776 of 1,307
 * Nazario 2004-2005 phishing, 66 of 5,450 earlier and 14 of 859 later honeypot phishing, 38 of
 * 5,352 spam (TREC's PayPal and eBay lures, labelled spam there). With the Nazario collection
 * left out of training, its recall as full messages went 28% → 67% (docs/evaluation.md).
 */
export function credentialLure(indicators: readonly Indicator[]): Indicator | null {
  const byId = (id: string) => indicators.find((i) => i.id === id);
  const ask = byId('content.credential_request');
  const lead = ask ?? byId('content.threat');
  if (!lead) return null;
  // A threat without a request pairs with a bare IP address only: with a tracked or mismatched
  // link or a deadline it is every shop's "last chance" (Slashdot digests and news alerts match).
  for (const [id, says] of ask ? PARTNERS : PARTNERS.slice(0, 1)) {
    const part = byId(id);
    if (!part) continue;
    const asks = ask ? 'asks you to sign in or confirm account details' : 'threatens your account';
    return indicator({
      id: 'content.credential_lure',
      family: 'content',
      severity: 'high',
      weight: 0.5,
      explanation: `The message ${asks} and ${says}: together the make-up of credential phishing, however ordinary the rest of its wording.`,
      evidence: [lead.evidence[0], part.evidence[0]].filter((e): e is string => e !== undefined),
    });
  }
  return null;
}
