import { applyHistory, type EmailAnalysis } from '../core/index.js';
import type { Store, UserRecord } from './ports.js';

/** The analysis with this user's history of the sender applied (before storing it). */
export async function withHistory(
  store: Store,
  userId: number,
  analysis: EmailAnalysis,
  excludeId?: number,
): Promise<EmailAnalysis> {
  const history = await store.senders.history(
    userId,
    { address: analysis.sender.address, authenticatedDomain: analysis.sender.authenticated_domain ?? null },
    excludeId,
  );
  return applyHistory(analysis, history);
}

/**
 * After a mark (or its undo): every stored email of the same senders is scored again with what
 * the history now says, from each one's own stored analysis (no download, no re-parse).
 * Returns how many were rescored.
 */
export async function relearn(store: Store, userId: number, emailIds: readonly number[]): Promise<number> {
  return rescore(store, userId, await store.senders.related(userId, emailIds));
}

async function rescore(store: Store, userId: number, ids: readonly number[]): Promise<number> {
  let n = 0;
  for (const id of ids) {
    const base = (await store.emails.get(id, userId))?.analysis?.result;
    if (!base) continue;
    await store.emails.putAnalysis(id, await withHistory(store, userId, base, id));
    n++;
  }
  return n;
}

/** Messages rescored inside the request; the rest follow in the background. */
const RESCORE_NOW = 200;
const RESCORE_CHUNK = 200;

/**
 * `relearn` for the daemon: the marked messages and the newest of their senders' mail are
 * rescored at once (what the person sees next), the rest in chunks between other requests
 * (measured: 5,000 messages of one sender take 1.6 s, too long to hold every other request).
 * Returns how many messages will be rescored, and a promise of when all are.
 */
export async function relearnSoon(
  store: Store,
  userId: number,
  emailIds: readonly number[],
  onError: (err: Error) => void = () => undefined,
): Promise<{ rescored: number; done: Promise<void> }> {
  const marked = new Set(emailIds);
  const related = await store.senders.related(userId, emailIds);
  // The marked ones first, then newest first (ids grow with arrival).
  const ids = [
    ...related.filter((id) => marked.has(id)),
    ...related.filter((id) => !marked.has(id)).sort((a, b) => b - a),
  ];
  await rescore(store, userId, ids.slice(0, RESCORE_NOW));
  const done = (async () => {
    for (let at = RESCORE_NOW; at < ids.length; at += RESCORE_CHUNK) {
      await new Promise((r) => setImmediate(r));
      await rescore(store, userId, ids.slice(at, at + RESCORE_CHUNK));
    }
  })().catch(onError);
  return { rescored: ids.length, done };
}

/**
 * Undoes a user's marks on a sender (an address or an authenticated domain), scores its mail
 * again and records it in the audit log. The CLI and the API both forget through here.
 */
export async function forgetSender(
  store: Store,
  user: Pick<UserRecord, 'id' | 'username'>,
  identity: string,
  via: { address?: string; cli?: boolean } = {},
  /** How to rescore: at once (the CLI), or relearnSoon's way (the daemon). */
  rescoreFn: (store: Store, userId: number, ids: readonly number[]) => Promise<number> = relearn,
): Promise<{ identity: string; unmarked: number; rescored: number }> {
  const ids = await store.senders.forget(user.id, identity);
  const rescored = ids.length ? await rescoreFn(store, user.id, ids) : 0;
  await store.audit.add({
    userId: user.id,
    username: user.username,
    action: 'sender.forget',
    target: identity,
    address: via.address ?? null,
    detail: { unmarked: ids.length, rescored, ...(via.cli ? { via: 'cli' } : {}) },
  });
  return { identity, unmarked: ids.length, rescored };
}
