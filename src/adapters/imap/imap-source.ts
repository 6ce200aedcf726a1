import { ImapFlow } from 'imapflow';
import { PhishguardError } from '../../errors.js';

export interface ImapSettings {
  host: string;
  port: number;
  /** 'tls' (implicit, default), 'starttls' (upgrade required), or 'none' (labs only). */
  security: 'tls' | 'starttls' | 'none';
  user: string;
  password?: string;
  accessToken?: string;
  folder: string;
  /** Trust a self-signed server certificate (labs); off by default. */
  insecureTls?: boolean;
}

export interface ImapMessage {
  uid: number;
  raw: Buffer;
}

export interface ImapBatchState {
  uidValidity: string;
  lastUid: number;
}

/**
 * Read-only IMAP: the folder is opened with EXAMINE and bodies fetched with BODY.PEEK[], so no
 * flag (not even \Seen) ever changes at the provider. Messages newer than `state.lastUid` are
 * yielded in UID order; a changed UIDVALIDITY starts over (the old UIDs mean nothing now).
 */
export async function* readImapFolder(
  s: ImapSettings,
  state: ImapBatchState | null,
  onTotal?: (n: number) => void,
): AsyncGenerator<ImapMessage & { state: ImapBatchState }> {
  const client = new ImapFlow({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    doSTARTTLS: s.security === 'starttls' ? true : s.security === 'none' ? false : undefined,
    auth: s.accessToken
      ? { user: s.user, accessToken: s.accessToken }
      : { user: s.user, pass: s.password ?? '' },
    tls: { rejectUnauthorized: !s.insecureTls },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 20_000,
    greetingTimeout: 10_000,
  });
  try {
    await client.connect();
  } catch (err) {
    // A failed login leaves imapflow's socket open; close it or the process lingers for minutes.
    client.close();
    const e = err as { authenticationFailed?: boolean; message?: string; responseText?: string };
    if (e.authenticationFailed)
      throw new PhishguardError(
        'UNAUTHORIZED',
        `IMAP login failed for ${s.user}@${s.host}: ${e.responseText ?? 'authentication failed'}`,
      );
    throw new PhishguardError(
      'NETWORK',
      `cannot connect to IMAP server ${s.host}:${s.port}: ${e.message ?? String(err)}`,
    );
  }
  try {
    const box = await client.mailboxOpen(s.folder, { readOnly: true });
    const uidValidity = String(box.uidValidity);
    const from = state && state.uidValidity === uidValidity ? state.lastUid + 1 : 1;
    const uids =
      box.exists > 0
        ? ((await client.search({ uid: `${from}:*` }, { uid: true })) || [])
            .filter((u) => u >= from)
            .sort((a, b) => a - b)
        : [];
    onTotal?.(uids.length);
    // Fetch in chunks so a 50,000-message folder never sits in memory at once.
    for (let i = 0; i < uids.length; i += 50) {
      const chunk = uids.slice(i, i + 50);
      const batch: ImapMessage[] = [];
      for await (const msg of client.fetch(chunk.join(','), { uid: true, source: true }, { uid: true })) {
        if (msg.source) batch.push({ uid: msg.uid, raw: msg.source });
      }
      batch.sort((a, b) => a.uid - b.uid);
      for (const m of batch) yield { ...m, state: { uidValidity, lastUid: m.uid } };
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}
