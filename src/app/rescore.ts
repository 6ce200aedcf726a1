import type { Engine } from './engine.js';
import { resumeTrustRescores, trustedAuthServIds } from './mailbox-trust.js';
import type { MailboxRecord, Store } from './ports.js';
import { withHistory } from './sender-history.js';

/**
 * Analyses stored mail again when the engine changed (new rules or a retrained model: the
 * engine_version differs), a batch at a time so the daemon stays responsive, with the user's
 * sender history applied as when it was stored; then finishes any rescoring a change of trust
 * left pending. Returns how many messages were rescored. Mail stored without its bytes keeps its
 * old analysis.
 */
export async function rescoreStale(
  store: Store,
  engine: Engine,
  opts: { batch?: number } = {},
): Promise<number> {
  const batch = opts.batch ?? 200;
  const mailboxes = new Map<number, MailboxRecord | null>();
  let done = 0;
  for (;;) {
    const rows = await store.emails.stale(engine.version, batch);
    // Then what a stopped daemon left of a change of trust.
    if (rows.length === 0) return done + (await resumeTrustRescores(store, engine));
    for (const r of rows) {
      if (!mailboxes.has(r.mailbox_id)) mailboxes.set(r.mailbox_id, await store.mailboxes.byId(r.mailbox_id));
      const mailbox = mailboxes.get(r.mailbox_id);
      const raw = await store.emails.rawById(r.id);
      // Deleted since the query (with its mailbox, or alone): it will not be listed again.
      if (!raw || !mailbox) continue;
      const { analysis } = await engine.analyzeRaw(raw, { trustedAuthServIds: trustedAuthServIds(mailbox) });
      // What the person taught (marks, known correspondents) applies to the new reading too.
      await store.emails.putAnalysis(r.id, await withHistory(store, r.user_id, analysis, r.id));
      done++;
    }
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
