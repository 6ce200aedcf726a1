import type { ImapSettings } from '../adapters/imap/imap-source.js';
import type { MailboxRecord, Store } from './ports.js';
import { normaliseAuthServId } from './mailbox-trust.js';
import { encryptSecret } from './secrets.js';

/** Registers an IMAP mailbox; the password (or OAuth token) is stored AES-256-GCM encrypted. */
export async function addImapMailbox(
  store: Store,
  key: Buffer,
  userId: number,
  s: Omit<ImapSettings, 'password' | 'accessToken'>,
  secret: { password?: string; accessToken?: string },
  /** The authserv-id the mailbox's receiving server writes in Authentication-Results (see mailbox-trust.ts). */
  authservId?: string,
): Promise<MailboxRecord> {
  const trusted = normaliseAuthServId(authservId);
  const address = `${s.user}@${s.host}:${s.port}/${s.folder}`;
  const mailbox = await store.mailboxes.ensure({
    userId,
    kind: 'imap',
    address,
    config: {},
  });
  await store.mailboxes.setConfig(mailbox.id, {
    ...s,
    auth: secret.accessToken ? 'xoauth2' : 'password',
    ...(trusted ? { authservId: trusted } : {}),
  });
  await store.mailboxes.setSecret(
    mailbox.id,
    encryptSecret(key, secret.accessToken ?? secret.password ?? ''),
  );
  return (await store.mailboxes.byId(mailbox.id)) as MailboxRecord;
}
