import type { Engine } from './engine.js';
import { trustedAuthServIds } from './mailbox-trust.js';
import type { MailboxRecord, Store } from './ports.js';

/**
 * Analyses stored mail again when the engine changed (new rules or a retrained model: the
 * engine_version differs), a batch at a time so the daemon stays responsive. Returns how many
 * messages were rescored. Mail stored without its bytes keeps its old analysis.
 */
export async function rescoreStale(
  store: Store,
  engine: Engine,
  opts: { batch?: number; onBatch?: (done: number) => void } = {},
): Promise<number> {
  const batch = opts.batch ?? 200;
  const mailboxes = new Map<number, MailboxRecord | null>();
  const skipped = new Set<number>();
  let done = 0;
  for (;;) {
    const rows = store.emails.stale(engine.version, batch + skipped.size).filter((r) => !skipped.has(r.id));
    if (rows.length === 0) return done;
    for (const r of rows.slice(0, batch)) {
      const raw = store.emails.rawById(r.id);
      if (!mailboxes.has(r.mailbox_id)) mailboxes.set(r.mailbox_id, store.mailboxes.byId(r.mailbox_id));
      const mailbox = mailboxes.get(r.mailbox_id);
      if (!raw || !mailbox) {
        skipped.add(r.id);
        continue;
      }
      const { analysis } = await engine.analyzeRaw(raw, { trustedAuthServIds: trustedAuthServIds(mailbox) });
      store.emails.putAnalysis(r.id, analysis);
      done++;
    }
    opts.onBatch?.(done);
    // Let requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
