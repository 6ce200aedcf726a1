import { trustedAuthServIds } from './mailbox-trust.js';
import { readImapFolder, type ImapBatchState, type ImapSettings } from '../adapters/imap/imap-source.js';
import { summariseParsed } from '../adapters/workers/protocol.js';
import { PhishguardError } from '../errors.js';
import { withHistory } from './sender-history.js';
import type { Engine } from './engine.js';
import { receivedAt } from './import-files.js';
import type { MailboxRecord, Store } from './ports.js';
import { decryptSecret } from './secrets.js';

export interface ScanReport {
  scanId: number;
  processed: number;
  added: number;
  total: number | null;
  /** Stopped at `maxMessages` with more to read: the scan stays running for a continuation. */
  more?: boolean;
}

/** One scan per mailbox at a time, in this process. */
const running = new Map<number, Promise<ScanReport>>();

export function scanRunning(mailboxId: number): boolean {
  return running.has(mailboxId);
}

/**
 * Scans an IMAP mailbox into the store: each new message analysed and stored in its own
 * transaction, and the UID reached saved after every message, so a crash resumes where it
 * stopped without duplicates (UIDVALIDITY:UID is the provider id) or losses.
 */
export function scanImapMailbox(
  store: Store,
  engine: Engine,
  mailbox: MailboxRecord,
  key: Buffer,
  onProgress?: (r: ScanReport) => void,
  opts: {
    /** Continue this running scan (a queued job's) instead of starting one. */
    scanId?: number;
    /** Stop after this many messages (a job's batch); the scan is left running. */
    maxMessages?: number;
  } = {},
): Promise<ScanReport> {
  const existing = running.get(mailbox.id);
  if (existing) return existing;
  const job = (async () => {
    if (mailbox.kind !== 'imap')
      throw new PhishguardError('USAGE', `mailbox ${mailbox.id} is not an IMAP mailbox`);
    const cfg = mailbox.config as Omit<ImapSettings, 'password' | 'accessToken'> & {
      auth?: 'password' | 'xoauth2';
    };
    const secret = mailbox.secret_enc ? decryptSecret(key, mailbox.secret_enc) : '';
    const settings: ImapSettings = {
      ...cfg,
      ...(cfg.auth === 'xoauth2' ? { accessToken: secret } : { password: secret }),
    };
    const state = (mailbox.state.imap ?? null) as ImapBatchState | null;
    const trust = trustedAuthServIds(mailbox);
    // A continued scan counts on from where its earlier batches stopped.
    const earlier = opts.scanId ? await store.scans.get(opts.scanId) : null;
    const report: ScanReport = {
      scanId: opts.scanId ?? (await store.scans.start(mailbox.id, null)),
      processed: earlier?.processed ?? 0,
      added: earlier?.added ?? 0,
      total: null,
    };
    const first = report.processed;
    try {
      for await (const m of readImapFolder(settings, state, async (n) => {
        report.total = first + n;
        await store.scans.progress(report.scanId, report.processed, report.added, report.total);
      })) {
        if (opts.maxMessages !== undefined && report.processed - first >= opts.maxMessages) {
          report.more = true;
          break;
        }
        const providerId = `${m.state.uidValidity}:${m.uid}`;
        if (!(await store.emails.has(mailbox.id, providerId))) {
          const { parsed, analysis } = await engine.analyzeRaw(m.raw, { trustedAuthServIds: trust });
          const s = summariseParsed(parsed);
          const from = s.from ? (s.from.name ? `${s.from.name} <${s.from.address}>` : s.from.address) : '';
          const r = await store.emails.insertAnalysed(
            {
              mailboxId: mailbox.id,
              providerId,
              messageId: s.messageId,
              subject: s.subject,
              sender: from,
              receivedAt: receivedAt(s.date),
              snippet: s.snippet,
              size: m.raw.length,
              raw: m.raw,
              links: s.links,
            },
            await withHistory(store, mailbox.user_id, analysis),
          );
          if (r.inserted) report.added++;
        }
        report.processed++;
        await store.mailboxes.setState(mailbox.id, { ...mailbox.state, imap: m.state });
        if (report.processed % 25 === 0 || report.processed === report.total) {
          await store.scans.progress(report.scanId, report.processed, report.added);
          onProgress?.(report);
        }
      }
      await store.scans.progress(report.scanId, report.processed, report.added);
      if (report.more) return report;
      await store.scans.finish(report.scanId, 'done');
      await store.mailboxes.touchScan(mailbox.id);
      return report;
    } catch (err) {
      await store.scans.finish(report.scanId, 'failed', (err as Error).message);
      throw err;
    }
  })();
  running.set(mailbox.id, job);
  return job.finally(() => running.delete(mailbox.id));
}
