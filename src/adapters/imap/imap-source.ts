import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ImapFlow } from 'imapflow';
import { blockedReason } from '../http/ssrf-guard.js';
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
  /**
   * Connect only to a public address (the SSRF guard's rules), checked after resolving, and to
   * the address checked: set for mailboxes a user added through the API, so the daemon cannot
   * be pointed at loopback, the private network or a cloud metadata address.
   */
  publicOnly?: boolean;
}

/** Throws as a scan would when a publicOnly mailbox's server is not a public address. */
export async function checkImapTarget(s: Pick<ImapSettings, 'host' | 'publicOnly'>): Promise<void> {
  await connectTarget(s);
}

/** The address to connect to: the host itself, or for publicOnly the checked address. */
async function connectTarget(s: Pick<ImapSettings, 'host' | 'publicOnly'>): Promise<string> {
  if (!s.publicOnly) return s.host;
  let addresses: { address: string }[];
  try {
    addresses = isIP(s.host) ? [{ address: s.host }] : await lookup(s.host, { all: true });
  } catch (err) {
    throw new PhishguardError('NETWORK', `cannot resolve IMAP server ${s.host}: ${(err as Error).message}`);
  }
  for (const { address } of addresses) {
    const reason = blockedReason(address, { allowPrivateNetwork: false });
    if (reason)
      throw new PhishguardError('BLOCKED_URL', `refused to connect to IMAP server ${s.host}: ${reason}`);
  }
  const first = addresses[0];
  if (!first) throw new PhishguardError('NETWORK', `no address for IMAP server ${s.host}`);
  return first.address;
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
  onTotal?: (n: number) => void | Promise<void>,
): AsyncGenerator<ImapMessage & { state: ImapBatchState }> {
  const target = await connectTarget(s);
  const client = new ImapFlow({
    host: target,
    // Certificates are still checked against the name the user gave, not the address.
    ...(target !== s.host && !isIP(s.host) ? { servername: s.host } : {}),
    port: s.port,
    secure: s.security === 'tls',
    doSTARTTLS: s.security === 'starttls' ? true : s.security === 'none' ? false : undefined,
    auth: s.accessToken
      ? { user: s.user, accessToken: s.accessToken }
      : { user: s.user, pass: s.password ?? '' },
    tls: {
      rejectUnauthorized: !s.insecureTls,
      ...(target !== s.host && !isIP(s.host) ? { servername: s.host } : {}),
    },
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
    await onTotal?.(uids.length);
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
