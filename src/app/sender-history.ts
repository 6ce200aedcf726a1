import { applyHistory, type EmailAnalysis } from '../core/index.js';
import type { Store } from './ports.js';

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
