import { rmSync } from 'node:fs';
import { createRoute, z } from '@hono/zod-openapi';
import { saveMultipartFiles } from '../../adapters/uploads/multipart.js';
import { PhishguardError } from '../../errors.js';
import type { AppDeps } from '../env.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import { addImapMailbox } from '../../app/mailboxes.js';
import type { MailboxRecord } from '../../app/ports.js';
import { checkImapTarget } from '../../adapters/imap/imap-source.js';
import { Mailbox, Scan, TrustReport } from '../openapi/schemas.js';
import { rescoreMailbox, setMailboxTrust, trustedAuthServId, trustReport } from '../../app/mailbox-trust.js';
import { clientAddress } from '../validate.js';

const ImapBody = z
  .object({
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.:[\]-]+$/, 'a host name or IP address'),
    port: z.number().int().min(1).max(65535).optional(),
    security: z.enum(['tls', 'starttls', 'none']).default('tls'),
    username: z.string().min(1).max(320),
    password: z.string().min(1).max(4096),
    folder: z.string().min(1).max(200).default('INBOX'),
    insecure_tls: z.boolean().default(false),
    authserv_id: z.string().max(253).nullish(),
  })
  .openapi('ImapMailboxBody');

export function mailboxRoutes(deps: AppDeps) {
  const { store } = deps;
  const mailboxJson = async (m: MailboxRecord) => ({
    id: m.id,
    kind: m.kind,
    address: m.address,
    created_at: m.created_at,
    last_scan_at: m.last_scan_at,
    last_scan: await store.scans.latest(m.id),
    authserv_id: trustedAuthServId(m),
  });
  const owned = async (id: number, userId: number) => {
    const m = await store.mailboxes.byId(id);
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
      async (c) => {
        // Starts a background scan (one per mailbox at a time) and answers at once.
        const user = c.get('user');
        const m = await owned(c.req.valid('param').id, user.id);
        if (m.kind === 'local' && !Array.isArray(m.config.paths))
          throw new PhishguardError(
            'USAGE',
            'this local mailbox has no source files to scan: upload files instead',
          );
        if (m.kind === 'gmail' && !deps.gmail?.configured)
          throw new PhishguardError('UNAVAILABLE', 'Gmail is not configured on this server');
        const { scanId, alreadyRunning } = await deps.jobs.scanMailbox(m);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.scan',
          target: `mailbox:${m.id}`,
          address: clientAddress(c),
        });
        return c.json({ scan_id: scanId, status: 'running' as const, already_running: alreadyRunning }, 202);
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
      async (c) => {
        const scan = await store.scans.get(c.req.valid('param').id);
        if (!scan) throw new PhishguardError('NOT_FOUND', 'Scan not found');
        await owned(scan.mailbox_id, c.get('user').id);
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
      async (c) =>
        c.json(
          {
            mailboxes: await Promise.all(
              (await store.mailboxes.listForUser(c.get('user').id)).map(mailboxJson),
            ),
          },
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/mailboxes',
        tags: ['mailboxes'],
        summary:
          'Add an IMAP mailbox (read-only; the password is stored encrypted). Private and loopback servers only for administrators or with --allow-private-network',
        ...signedIn(deps),
        request: jsonBody(ImapBody),
        responses: { 201: json(Mailbox, 'Added'), ...ERRORS },
      }),
      async (c) => {
        const user = c.get('user');
        const b = c.req.valid('json');
        // A user may point the daemon only at public servers; the operator (an administrator,
        // or a daemon started with --allow-private-network) may use a local one (e.g. a bridge).
        const publicOnly = !user.is_admin && !deps.config.allowPrivateNetwork;
        const settings = {
          host: b.host.trim(),
          port: b.port ?? (b.security === 'tls' ? 993 : 143),
          security: b.security,
          user: b.username,
          folder: b.folder,
          insecureTls: b.insecure_tls,
          ...(publicOnly ? { publicOnly: true } : {}),
        };
        // The same check now, so a refused server is a clear answer rather than a failed scan.
        if (publicOnly) await checkImapTarget(settings);
        const m = await addImapMailbox(
          store,
          deps.secretsKey,
          user.id,
          settings,
          { password: b.password },
          b.authserv_id ?? undefined,
        );
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.add',
          target: `mailbox:${m.id}`,
          address: clientAddress(c),
          detail: { kind: 'imap', host: settings.host },
        });
        return c.json(await mailboxJson(m), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/mailboxes/{id}/trust',
        tags: ['mailboxes'],
        summary:
          "Which receiving server's Authentication-Results the mailbox trusts, and which server its stored mail says wrote them (a suggestion)",
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(TrustReport, 'The trust and what the stored mail shows'), ...ERRORS },
      }),
      async (c) => {
        const m = await owned(c.req.valid('param').id, c.get('user').id);
        return c.json(await trustReport(store, m), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/mailboxes/{id}/trust',
        tags: ['mailboxes'],
        summary:
          "Trust one receiving server's Authentication-Results for this mailbox (null: none); its stored mail is scored again in the background",
        ...signedIn(deps),
        request: {
          params: IdParam,
          ...jsonBody(z.object({ authserv_id: z.string().max(253).nullable() }).openapi('TrustBody')),
        },
        responses: {
          200: json(
            z.object({
              trusted: z.string().nullable(),
              rescoring: z.number().int().describe('stored messages being scored again'),
            }),
            'Set',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const user = c.get('user');
        const m = await owned(c.req.valid('param').id, user.id);
        const { trusted, ids } = await setMailboxTrust(store, m, c.req.valid('json').authserv_id);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.trust',
          target: `mailbox:${m.id}`,
          address: clientAddress(c),
          detail: { authserv_id: trusted, rescoring: ids.length },
        });
        // In the background, yielding between messages: a large mailbox takes a while.
        rescoreMailbox(store, deps.engine, m.id, ids).catch((err: Error) =>
          deps.logger.warn({ err: err.message, mailbox: m.id }, 'rescoring after a trust change failed'),
        );
        return c.json({ trusted, rescoring: ids.length }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/mailboxes/{id}',
        tags: ['mailboxes'],
        summary: 'Forget one of your mailboxes and the mail stored from it (nothing changes at the provider)',
        ...signedIn(deps),
        request: { params: IdParam },
        responses: { 200: json(z.object({ removed: z.number().int() }), 'Removed'), ...ERRORS },
      }),
      async (c) => {
        const user = c.get('user');
        const m = await owned(c.req.valid('param').id, user.id);
        if ((await store.scans.latest(m.id))?.status === 'running')
          throw new PhishguardError(
            'CONFLICT',
            'A scan of this mailbox is running; remove it when the scan ends',
          );
        await store.mailboxes.remove(m.id);
        await store.audit.add({
          userId: user.id,
          username: user.username,
          action: 'mailbox.remove',
          target: `mailbox:${m.id}`,
          address: clientAddress(c),
        });
        return c.json({ removed: m.id }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/mailboxes/import',
        tags: ['mailboxes'],
        summary:
          'Upload .eml/.msg/.mbox/.mbox.gz files into your local mailbox (multipart, field "file"; at most maxUploadMb, 200 MB by default)',
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
          // Analysed on the daemon's analysis threads (SQLite), or by a worker (PostgreSQL).
          const r = await deps.jobs.importUpload(user.id, upload.files);
          await store.audit.add({
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
