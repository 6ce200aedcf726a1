import type { MailboxRecord } from './ports.js';

/** Google's receiving servers sign their Authentication-Results as mx.google.com. */
export const GMAIL_AUTHSERV_ID = 'mx.google.com';

/**
 * The receiving servers whose Authentication-Results may lower a score for this mailbox's mail
 * (RFC 8601 §5): Google's for Gmail, the one configured for an IMAP mailbox, none for files.
 */
export function trustedAuthServIds(mailbox: Pick<MailboxRecord, 'kind' | 'config'>): string[] {
  if (mailbox.kind === 'gmail') return [GMAIL_AUTHSERV_ID];
  const id = mailbox.config.authservId;
  return typeof id === 'string' && id ? [id.toLowerCase()] : [];
}
