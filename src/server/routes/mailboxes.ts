import { rmSync } from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { saveMultipartFiles } from '../../adapters/uploads/multipart.js';
import { importFiles } from '../../app/import-files.js';
import { scanImapMailbox, scanRunning } from '../../app/scan-mailbox.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps } from '../env.js';
import { ERRORS, json, routes, signedIn } from '../openapi/route.js';
import { Mailbox, Scan } from '../openapi/schemas.js';
import { clientAddress } from '../validate.js';

export function mailboxRoutes(deps: AppDeps) {
  const { store } = deps;
  const owned = (id: number, userId: number) => {
    const m = store.mailboxes.byId(id);
    if (!m || m.user_id !== userId) throw new PhishguardError('NOT_FOUND', 'Mailbox not found');
    return m;
  };
  const IdParam = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive() });
  return routes()
    .openapi(
      createRoute({
        method: 'post',
        path: '/mailboxes/{id}/scan',
        tags: ['mailboxes'],
        summary: 'Start a background scan of an IMAP mailbox; poll GET /api/scans/{scan_id}',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: {
          202: json(
            z.object({
              scan_id: z.number().int().nullable(),
              status: z.literal('running'),
              already_running: z.boolean(),
            }),
            'Started (or already running)',
          ),
          ...ERRORS,
        },
      }),
      (c) => {
        // Starts a background scan (one per mailbox at a time) and answers at once.
        const user = c.get('user');
        const m = owned(c.req.valid('param').id, user.id);
        if (m.kind !== 'imap') throw new PhishguardError('USAGE', `${m.kind} mailboxes are not scanned here`);
        const already = scanRunning(m.id);
        const job = scanImapMailbox(store, deps.engine, m, deps.secretsKey);
        job.catch((err: Error) =>
          deps.logger.warn({ mailbox: m.id, err: err.message }, 'mailbox scan failed'),
        );
        store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.scan',
          target: `mailbox:${m.id}`,
          address: clientAddress(c),
        });
        const scan = store.scans.latest(m.id);
        return c.json(
          { scan_id: scan?.id ?? null, status: 'running' as const, already_running: already },
          202,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/scans/{id}',
        tags: ['mailboxes'],
        summary: 'Progress of a scan of one of your mailboxes',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(Scan, 'The scan'), ...ERRORS },
      }),
      (c) => {
        const scan = store.scans.get(c.req.valid('param').id);
        if (!scan) throw new PhishguardError('NOT_FOUND', 'Scan not found');
        owned(scan.mailbox_id, c.get('user').id);
        return c.json(scan, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/mailboxes',
        tags: ['mailboxes'],
        summary: 'Your mailboxes',
        ...signedIn(deps),
        responses: { 200: json(z.object({ mailboxes: z.array(Mailbox) }), 'Your mailboxes'), ...ERRORS },
      }),
      (c) =>
        c.json(
          {
            mailboxes: store.mailboxes.listForUser(c.get('user').id).map((m) => ({
              id: m.id,
              kind: m.kind,
              address: m.address,
              created_at: m.created_at,
              last_scan_at: m.last_scan_at,
              last_scan: store.scans.latest(m.id),
            })),
          },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/mailboxes/import',
        tags: ['mailboxes'],
        summary:
          'Upload .eml/.mbox/.mbox.gz files into your local mailbox (multipart, field "file"; at most maxUploadMb, 200 MB by default)',
        ...signedIn(deps),
        request: {
          body: {
            required: true,
            content: {
              // A plain schema, not zod: the upload is read by the handler, not buffered by a validator.
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } },
                  required: ['file'],
                },
              },
            },
          },
        },
        responses: {
          200: json(
            z.object({
              mailbox_id: z.number().int(),
              processed: z.number().int(),
              added: z.number().int(),
              duplicates: z.number().int(),
            }),
            'Imported',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        // Multipart upload of .eml / .mbox / .mbox.gz files, streamed to disk (memory stays flat
        // whatever the size), then imported into the user's local mailbox.
        const user = c.get('user');
        const upload = await saveMultipartFiles(c.req.raw.body, c.req.header('content-type') ?? '', {
          dataDir: deps.config.dataDir,
          maxBytes: deps.config.maxUploadMb * 1024 * 1024,
          fields: ['file', 'files'],
        });
        try {
          // Analysed on the daemon's worker threads, so it keeps answering while an upload is
          // scored; every upload shares them, so memory does not grow with concurrent uploads.
          const r = await importFiles(
            store,
            deps.engine,
            user.id,
            upload.files.map((f) => f.path),
            { pool: deps.analysisPool() },
          );
          store.audit.add({
            userId: user.id,
            username: user.username,
            action: 'mailbox.import',
            target: `mailbox:${r.mailboxId}`,
            address: clientAddress(c),
            detail: { files: upload.files.length, ...r },
          });
          return c.json(
            {
              mailbox_id: r.mailboxId,
              processed: r.processed,
              added: r.added,
              duplicates: r.duplicates,
            },
            200,
          );
        } finally {
          rmSync(upload.dir, { recursive: true, force: true });
        }
      },
    );
}
