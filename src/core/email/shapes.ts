import { brandName, brandsIn } from '../domains/brands.js';
import { urgencyScore } from './signals/content.js';
import { testRiskLevel } from './score.js';
import type { EmailAnalysis, EmailTestResult, PhishingAnalysis } from './types.js';

/** The spec's list shape: indicators as readable strings. */
export function toPhishingAnalysis(a: EmailAnalysis): PhishingAnalysis {
  return {
    risk_score: a.risk_score,
    risk_level: a.risk_level,
    indicators: a.indicators.filter((i) => i.family !== 'parse').map((i) => i.explanation.replace(/\.$/, '')),
    summary: a.summary,
  };
}

/** The spec's /test shape. `now` is passed in: the core reads no clock. */
export function toTestResult(a: EmailAnalysis, now: Date): EmailTestResult {
  const auth = a.indicators.filter((i) => i.family === 'auth');
  const senderBad = a.indicators.some(
    (i) =>
      i.family === 'lookalike' || i.id.startsWith('sender.brand') || i.id === 'sender.display_name_address',
  );
  const contentPatterns = a.indicators
    .filter((i) => i.family === 'content' || i.family === 'links')
    .map((i) => i.id);
  return {
    is_phishing: a.is_phishing,
    risk_level: testRiskLevel(a.risk_score),
    confidence: a.confidence,
    threats_detected: a.indicators
      .filter((i) => i.family !== 'parse' && i.severity !== 'info')
      .map((i) => i.explanation.replace(/\.$/, '')),
    recommendations: recommendationsFor(a),
    analysis_details: {
      sender_analysis: {
        domain_trust: senderBad
          ? 'suspicious'
          : a.risk_level === 'SAFE' && a.sender.domain
            ? 'trusted'
            : 'unknown',
        auth_status:
          a.mode === 'body-only'
            ? 'not available (no headers)'
            : auth.length === 0
              ? 'no failures reported'
              : auth.map((i) => i.id.slice(5)).join(', '),
      },
      content_analysis: { suspicious_patterns: contentPatterns, urgency_score: urgencyScore(a.indicators) },
    },
    timestamp: now.toISOString(),
  };
}

/** What the reader should do about a message, as the /test answer lists it. */
export function recommendationsFor(a: EmailAnalysis): string[] {
  const ids = new Set(a.indicators.map((i) => i.id));
  const out: string[] = [];
  if (a.is_phishing)
    out.push('Do not click links, open attachments or reply; report the message to your security team.');
  if ([...ids].some((id) => id.startsWith('content.credential') || id === 'content.password_form'))
    out.push(
      'Never enter your password from an e-mail link; open the service by typing its address yourself.',
    );
  if (ids.has('content.payment_request'))
    out.push('Confirm any payment request by phone with a number you already know.');
  if (ids.has('content.crypto_address'))
    out.push(
      'Never send money or cryptocurrency to an address given in a message: what is sent cannot be called back, and no real company, exchange or investigator asks for payment this way.',
    );
  if ([...ids].some((id) => id.startsWith('attachments.')))
    out.push('Do not open the attachment; have it scanned first.');
  if ([...ids].some((id) => id.startsWith('links.')))
    out.push('Check where links really lead before opening them (use link analysis).');
  if (ids.has('links.qr_code'))
    out.push(
      'Do not scan the QR code with your phone: it opens the site away from your mail’s protection. Its address is shown above; check it with link analysis instead.',
    );
  if (restsOnPastedWording(a))
    out.push(
      'This verdict rests on the pasted words alone: what tells a real notice from its imitation, the sender’s authenticated address and where its links go, stays behind when text is copied. Before acting on it, paste it again with its link’s address (right-click the link or button and copy the link address; copying does not open it), or analyse the original message (saved as .eml) or the link itself (link analysis).',
    );
  if (ids.has('content.nothing_to_act_on'))
    out.push(
      'Nothing in it asks you to sign in, pay or reply elsewhere; if a follow-up does, verify the sender through another channel first.',
    );
  if (ids.has('content.secure_message_notice'))
    out.push(
      'The encrypted message itself was not checked. Open it only if you expected it; if what it shows asks you to sign in anywhere but the portal, or to pay, stop and call the sender on a number you already know.',
    );
  if (ids.has('content.one_time_code'))
    out.push(
      'A code is for the sign-in or sign-up you started yourself: type it only there, and never read it out or send it to anyone who asks for it, whoever they say they are.',
    );
  if (ids.has('content.sign_in_notice'))
    out.push(
      'If the sign-in was not yours, open the site or its app yourself (not a link or button in the mail) and change your password there; if it was yours, nothing needs doing.',
    );
  const [brand] = brandsIn(a.sender.display_name ?? '', { allowCommonWords: true });
  if (brand && a.risk_score >= 40)
    out.push(`Contact ${brandName(brand)} through its official website or app, not this message.`);
  if (out.length === 0)
    out.push(
      a.risk_level === 'SAFE'
        ? 'No action needed; stay alert for unexpected requests.'
        : a.indicators.some((i) => i.severity !== 'info' && i.family !== 'model')
          ? 'Treat with care: verify the sender through another channel if unsure.'
          : 'No specific warning signs were found; as with any message, confirm unexpected requests through another channel.',
    );
  return out;
}

/**
 * Pasted text scored MEDIUM or above on its wording alone: no link, attachment, sender or
 * look-alike evidence, only what the words say. A service's own short notice ("Please click the
 * link below to verify your email address") reads like its imitation without the link's
 * address (`npm run eval:lemmy`: a fifth of Lemmy's notices pasted, none as full mail, none as
 * the text part that writes each link's address out), so the advice asks for that address.
 */
function restsOnPastedWording(a: EmailAnalysis): boolean {
  return (
    a.mode === 'body-only' &&
    a.risk_score >= 40 &&
    a.indicators.every((i) => i.severity === 'info' || i.family === 'content' || i.family === 'model')
  );
}
