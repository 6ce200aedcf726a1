import { authservIdOf, isOutlookItem, parseRawEmail } from '../core/index.js';
import { PhishguardError } from '../errors.js';
import type { Engine } from './engine.js';
import type { MailboxRecord, Store } from './ports.js';
import { withHistory } from './sender-history.js';

/** Google's receiving servers sign their Authentication-Results as mx.google.com. */
export const GMAIL_AUTHSERV_ID = 'mx.google.com';

/**
 * The receiving servers whose Authentication-Results may lower a score for this mailbox's mail
 * (RFC 8601 §5): Google's for Gmail, the one set for an IMAP or local mailbox, else none.
 */
export function trustedAuthServIds(mailbox: Pick<MailboxRecord, 'kind' | 'config'>): string[] {
  if (mailbox.kind === 'gmail') return [GMAIL_AUTHSERV_ID];
  const id = mailbox.config.authservId;
  return typeof id === 'string' && id ? [id.toLowerCase()] : [];
}

/** The one receiving server the mailbox trusts (Gmail: Google's), or null. */
export function trustedAuthServId(mailbox: Pick<MailboxRecord, 'kind' | 'config'>): string | null {
  return trustedAuthServIds(mailbox)[0] ?? null;
}

/** How many of a mailbox's newest stored messages `trustReport` reads. */
export const TRUST_SAMPLE = 200;
/**
 * An authserv-id is suggested when it writes the topmost Authentication-Results of at least this
 * share of the sampled messages that carry one, and of at least SUGGEST_MIN of them. A receiving
 * server that writes the header does so on every message it takes in; the topmost header of a
 * mailbox whose server writes none is whatever each sender put there, and varies.
 */
const SUGGEST_SHARE = 0.8;
const SUGGEST_MIN = 3;

export interface TrustReport {
  /** The authserv-id trusted now (Gmail: Google's, fixed), or null. */
  trusted: string | null;
  /** Stored messages read: the newest, with their bytes. */
  sampled: number;
  /** How many of them carry an Authentication-Results header at all. */
  with_results: number;
  /** The authserv-ids of their topmost Authentication-Results, most frequent first. */
  seen: { authserv_id: string; messages: number }[];
  /** The one to trust, when one receiving server stamped nearly all of them; null otherwise. */
  suggested: string | null;
}

/**
 * What the mailbox's stored mail says its receiving server calls itself, read from the topmost
 * Authentication-Results header of its newest messages (the one the last receiving server
 * prepends). A suggestion only: trusting it is the person's call (`setMailboxTrust`).
 */
export async function trustReport(store: Store, mailbox: MailboxRecord): Promise<TrustReport> {
  const counts = new Map<string, number>();
  let sampled = 0;
  let withResults = 0;
  const { items } = await store.emails.listForMailbox(mailbox.id, TRUST_SAMPLE, 0);
  for (const row of items) {
    const raw = await store.emails.rawById(row.id);
    if (!raw) continue;
    sampled++;
    // Only Authentication-Results proper: an ARC set's copy (listed after them) is a forwarder's.
    const top = (await parseRawEmail(headerBlock(raw))).authResults.find(
      (h) => !/^\s*i\s*=\s*\d+\s*;/i.test(h),
    );
    if (top === undefined) continue;
    withResults++;
    const id = authservIdOf(top);
    if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const seen = [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([authserv_id, messages]) => ({ authserv_id, messages }));
  const best = seen[0];
  const suggested =
    mailbox.kind !== 'gmail' &&
    best !== undefined &&
    best.messages >= SUGGEST_MIN &&
    best.messages >= SUGGEST_SHARE * withResults
      ? best.authserv_id
      : null;
  return {
    trusted: trustedAuthServId(mailbox),
    sampled,
    with_results: withResults,
    seen,
    suggested,
  };
}

/** The header block alone (the whole of an Outlook item, whose headers are inside it): bodies can be large. */
function headerBlock(raw: Buffer): Buffer {
  if (isOutlookItem(raw)) return raw;
  const head = raw.subarray(0, 256 * 1024);
  const crlf = head.indexOf('\r\n\r\n');
  const lf = head.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return raw.subarray(0, crlf + 2);
  return lf >= 0 ? raw.subarray(0, lf + 1) : head;
}

/** An authserv-id as RFC 8601 writes one in practice: a host name (letters, digits, dots, dashes). */
const AUTHSERV_ID = /^[a-z0-9](?:[a-z0-9._-]{0,251}[a-z0-9])?$/;

/** The authserv-id to store, checked, or null to trust none. */
export function normaliseAuthServId(id: string | null | undefined): string | null {
  if (id === null || id === undefined || id.trim() === '') return null;
  const v = id.trim().toLowerCase();
  if (!AUTHSERV_ID.test(v))
    throw new PhishguardError(
      'VALIDATION',
      `"${id}" is not an authserv-id: write the receiving server's name as its Authentication-Results header begins (e.g. mx.example.org)`,
    );
  return v;
}

/** The config key that marks a mailbox whose stored mail is not yet all read with its trust. */
const PENDING = 'trustRescorePending';

/**
 * Sets which receiving server's Authentication-Results this mailbox trusts (null: none) and
 * returns the ids of its stored mail, newest first, for `rescoreMailbox`. Gmail's is fixed.
 */
export async function setMailboxTrust(
  store: Store,
  mailbox: MailboxRecord,
  authservId: string | null,
): Promise<{ trusted: string | null; ids: number[] }> {
  if (mailbox.kind === 'gmail')
    throw new PhishguardError(
      'CONFLICT',
      "A Gmail mailbox always trusts Google's own receiving servers (mx.google.com), and only them",
    );
  const id = normaliseAuthServId(authservId);
  // A scan reads the trust once, as it starts: mail it stores after the change would keep the old.
  if ((await store.scans.latest(mailbox.id))?.status === 'running')
    throw new PhishguardError(
      'CONFLICT',
      'A scan of this mailbox is running; change whose results it trusts when the scan ends',
    );
  const { authservId: _old, ...rest } = mailbox.config;
  // Pending until its rescoring ends: a daemon stopped before then finishes it when it starts.
  await store.mailboxes.setConfig(mailbox.id, {
    ...rest,
    ...(id ? { authservId: id } : {}),
    [PENDING]: true,
  });
  return { trusted: id, ids: await storedIds(store, mailbox.id) };
}

/** The ids of a mailbox's stored mail, newest first. */
async function storedIds(store: Store, mailboxId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 500) {
    const { items } = await store.emails.listForMailbox(mailboxId, 500, offset);
    ids.push(...items.map((r) => r.id));
    if (items.length < 500) return ids;
  }
}

/**
 * Scores the mailbox's stored mail again from its bytes with the trust it has now, then applies
 * the sender history once more, since what counts as an authenticated correspondent may have
 * changed under the first pass. Stops early (returning false) when the mailbox's trust changes
 * again or the mailbox goes, so a newer change is never overwritten by an older one.
 */
export async function rescoreMailbox(
  store: Store,
  engine: Engine,
  mailboxId: number,
  ids: readonly number[],
  onProgress: (done: number, total: number) => void | Promise<void> = () => undefined,
): Promise<boolean> {
  const start = await store.mailboxes.byId(mailboxId);
  if (!start) return false;
  const trust = trustedAuthServIds(start);
  const current = async () => {
    const m = await store.mailboxes.byId(mailboxId);
    return m !== null && trustedAuthServIds(m).join() === trust.join();
  };
  const rescored: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    // One lookup by key a message, beside an analysis of about a millisecond.
    if (!(await current())) return false;
    // Let requests in between (the daemon runs this in the background).
    if (i % 16 === 0) await new Promise((r) => setImmediate(r));
    const id = ids[i] as number;
    const raw = await store.emails.rawById(id);
    if (raw) {
      const { analysis } = await engine.analyzeRaw(raw, { trustedAuthServIds: trust });
      await store.emails.putAnalysis(id, await withHistory(store, start.user_id, analysis, id));
      rescored.push(id);
    }
    await onProgress(i + 1, ids.length);
  }
  if (!(await current())) return false;
  for (let i = 0; i < rescored.length; i++) {
    if (i % 200 === 0) await new Promise((r) => setImmediate(r));
    const id = rescored[i] as number;
    const row = await store.emails.get(id, start.user_id);
    if (row?.analysis?.result)
      await store.emails.putAnalysis(id, await withHistory(store, start.user_id, row.analysis.result, id));
  }
  // Done with the trust it still has: no longer pending. (A change landing between this read and
  // write would be lost; on SQLite nothing runs between them, on PostgreSQL it is a round trip.)
  const end = await store.mailboxes.byId(mailboxId);
  if (!end || trustedAuthServIds(end).join() !== trust.join()) return false;
  if (end.config[PENDING]) {
    const { [PENDING]: _done, ...config } = end.config;
    await store.mailboxes.setConfig(mailboxId, config);
  }
  return true;
}

/**
 * Finishes the rescorings a stopped daemon left pending (see setMailboxTrust), each with the
 * trust its mailbox has now. Returns how many messages were scored again.
 */
export async function resumeTrustRescores(store: Store, engine: Engine): Promise<number> {
  let n = 0;
  for (const m of await store.mailboxes.listAll()) {
    if (!m.config[PENDING] || m.kind === 'gmail') continue;
    const ids = await storedIds(store, m.id);
    if (await rescoreMailbox(store, engine, m.id, ids)) n += ids.length;
  }
  return n;
}

/**
 * A line for a person who has just filled a mailbox that trusts no server although its mail says
 * which one stamps it (null otherwise): how to let that server's results count.
 */
export async function trustHint(store: Store, mailboxId: number): Promise<string | null> {
  const m = await store.mailboxes.byId(mailboxId);
  if (!m || m.kind === 'gmail' || trustedAuthServId(m) !== null) return null;
  const r = await trustReport(store, m);
  return r.suggested
    ? `Its mail is stamped by ${r.suggested}; if that is your receiving server, \`phishguard mailbox trust ${m.id} --suggested\` lets its authentication results lower scores.`
    : null;
}
