import { registrableDomain } from '../domains/registrable.js';
import type { Indicator, ParsedEmail } from './types.js';

const ACTION_SIGNALS = new Set([
  'sender.reply_to_mismatch',
  'content.credential_request',
  'content.payment_request',
  'content.advance_fee',
  'sender.display_name_address',
]);

/** Whether the message asks the reader to do something phishing needs: follow, open, type, reply elsewhere, pay or call. */
export function hasCallToAction(email: ParsedEmail, indicators: readonly Indicator[]): boolean {
  return (
    email.links.length > 0 ||
    email.attachments.length > 0 ||
    email.forms.length > 0 ||
    indicators.some((i) => ACTION_SIGNALS.has(i.id)) ||
    contactsElsewhere(email) ||
    hasPhoneNumber(email.text.slice(0, 20_000))
  );
}

/**
 * A phone number to call (the call-back scams' only call to action): 9 to 15 digits written
 * as a phone number, not a date, a time, an IP address or an amount.
 */
export function hasPhoneNumber(text: string): boolean {
  for (const m of text.matchAll(/(?<![\w.,:/-])\+?\(?\d[\d ().-]{7,}\d(?![\w.,:/-]*\d)/g)) {
    const s = m[0];
    const digits = s.replace(/\D/g, '').length;
    if (digits < 9 || digits > 15) continue;
    if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/.test(s) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(s)) continue;
    if (/\d:\d/.test(s)) continue;
    // A bare digit run is an order or reference number; phone numbers are written in groups.
    if (!s.startsWith('+') && !/\d[ ().-]+\d/.test(s)) continue;
    return true;
  }
  return false;
}

/** The body gives an address on another domain to write to ("send your details to …"). */
function contactsElsewhere(email: ParsedEmail): boolean {
  const own = email.from ? registrableDomain(email.from.address) : null;
  for (const m of email.text.slice(0, 20_000).matchAll(/(?<![\w.+-])[\w.+-]{1,64}@([\w-]+(?:\.[\w-]+)+)/g)) {
    const d = registrableDomain(m[1] ?? '');
    if (d && d !== own) return true;
  }
  return false;
}
