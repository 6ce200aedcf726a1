import { applyHistory, type EmailAnalysis } from '../core/index.js';
import type { Store, UserRecord } from './ports.js';

/** The analysis with this user's history of the sender applied (before storing it). */
export function withHistory(
  store: Store,
  userId: number,
  analysis: EmailAnalysis,
  excludeId?: number,
): EmailAnalysis {
  const history = store.senders.history(
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
export function relearn(store: Store, userId: number, emailIds: readonly number[]): number {
  let n = 0;
  for (const id of store.senders.related(userId, emailIds)) {
    const base = store.emails.get(id, userId)?.analysis?.result;
    if (!base) continue;
    store.emails.putAnalysis(id, withHistory(store, userId, base, id));
    n++;
  }
  return n;
}

/**
 * Undoes a user's marks on a sender (an address or an authenticated domain), scores its mail
 * again and records it in the audit log. The CLI and the API both forget through here.
 */
export function forgetSender(
  store: Store,
  user: Pick<UserRecord, 'id' | 'username'>,
  identity: string,
  via: { address?: string; cli?: boolean } = {},
): { identity: string; unmarked: number; rescored: number } {
  const ids = store.senders.forget(user.id, identity);
  const rescored = ids.length ? relearn(store, user.id, ids) : 0;
  store.audit.add({
    userId: user.id,
    username: user.username,
    action: 'sender.forget',
    target: identity,
    address: via.address ?? null,
    detail: { unmarked: ids.length, rescored, ...(via.cli ? { via: 'cli' } : {}) },
  });
  return { identity, unmarked: ids.length, rescored };
}
