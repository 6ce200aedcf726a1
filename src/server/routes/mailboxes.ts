import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { importFiles } from '../../app/import-files.js';
import { defaultWorkers } from '../../app/scan-files.js';
import { scanImapMailbox, scanRunning } from '../../app/scan-mailbox.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps, AppEnv } from '../env.js';
import { requireUser } from '../middleware/auth.js';
import { clientAddress } from '../validate.js';

/** Analysis threads for one upload: at most two, so uploads cannot take every core. */
const UPLOAD_WORKERS = Math.min(2, defaultWorkers());

export const MAX_UPLOAD_BYTES = 200 * 1024 * 1024;

export function mailboxRoutes(deps: AppDeps) {
  const { store } = deps;
  const owned = (id: string, userId: number) => {
    const m = store.mailboxes.byId(Number(id));
    if (!m || m.user_id !== userId) throw new PhishguardError('NOT_FOUND', 'Mailbox not found');
    return m;
  };
  return new Hono<AppEnv>()
    .use('/mailboxes/*', requireUser(deps))
    .use('/scans/*', requireUser(deps))
    .post('/mailboxes/:id/scan', (c) => {
      // Starts a background scan (one per mailbox at a time) and answers at once; poll GET /api/scans/:id.
      const user = c.get('user');
      const m = owned(c.req.param('id'), user.id);
      if (m.kind !== 'imap') throw new PhishguardError('USAGE', `${m.kind} mailboxes are not scanned here`);
      const already = scanRunning(m.id);
      const job = scanImapMailbox(store, deps.engine, m, deps.secretsKey);
      job.catch((err: Error) => deps.logger.warn({ mailbox: m.id, err: err.message }, 'mailbox scan failed'));
      store.audit.add({
        userId: user.id,
        username: user.username,
        action: 'mailbox.scan',
        target: `mailbox:${m.id}`,
        address: clientAddress(c),
      });
      const scan = store.scans.latest(m.id);
      return c.json({ scan_id: scan?.id ?? null, status: 'running', already_running: already }, 202);
    })
    .get('/scans/:id', (c) => {
      const scan = store.scans.get(Number(c.req.param('id')));
      if (!scan) throw new PhishguardError('NOT_FOUND', 'Scan not found');
      owned(String(scan.mailbox_id), c.get('user').id);
      return c.json(scan);
    })
    .get('/mailboxes', (c) =>
      c.json({
        mailboxes: store.mailboxes.listForUser(c.get('user').id).map((m) => ({
          id: m.id,
          kind: m.kind,
          address: m.address,
          created_at: m.created_at,
          last_scan_at: m.last_scan_at,
          last_scan: store.scans.latest(m.id),
        })),
      }),
    )
    .post(
      '/mailboxes/import',
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES,
        onError: () => {
          throw new PhishguardError('PAYLOAD_TOO_LARGE', `Upload larger than ${MAX_UPLOAD_BYTES} bytes`);
        },
      }),
      async (c) => {
        // Multipart upload of .eml / .mbox / .mbox.gz files into the user's local mailbox.
        const user = c.get('user');
        const form = await c.req.parseBody({ all: true });
        const files = ([] as unknown[])
          .concat(form.file ?? [], form.files ?? [])
          .filter((f): f is File => typeof f === 'object' && f !== null && 'arrayBuffer' in f);
        if (files.length === 0)
          throw new PhishguardError('VALIDATION', 'Attach one or more mail files in the "file" field');
        const dir = mkdtempSync(join(tmpdir(), 'phishguard-upload-'));
        try {
          const paths = await Promise.all(
            files.map(async (f, i) => {
              const safe = `${i}-${f.name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'upload.eml'}`;
              const p = join(dir, safe);
              writeFileSync(p, Buffer.from(await f.arrayBuffer()), { mode: 0o600 });
              return p;
            }),
          );
          // Analysed on worker threads, so the daemon keeps answering while an upload is scored.
          const r = await importFiles(store, deps.engine, user.id, paths, { workers: UPLOAD_WORKERS });
          store.audit.add({
            userId: user.id,
            username: user.username,
            action: 'mailbox.import',
            target: `mailbox:${r.mailboxId}`,
            address: clientAddress(c),
            detail: { files: files.length, ...r },
          });
          return c.json({
            mailbox_id: r.mailboxId,
            processed: r.processed,
            added: r.added,
            duplicates: r.duplicates,
          });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
}
