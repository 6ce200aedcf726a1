import { createRoute, z } from '@hono/zod-openapi';
import { forgetSender, relearnSoon } from '../../app/sender-history.js';
import type { AppDeps } from '../env.js';
import { ERRORS, json, jsonBody, routes, signedIn } from '../openapi/route.js';
import { clientAddress } from '../validate.js';

const Sender = z
  .object({
    address: z.string(),
    authenticated_domain: z.string().nullable(),
    messages: z.number().int(),
    days: z.number().int(),
    firstSeen: z.string().nullable(),
    lastSeen: z.string().nullable(),
    markedSafe: z.number().int(),
    markedPhishing: z.number().int(),
    markedFalsePositive: z.number().int(),
  })
  .openapi('Sender');

/** What the engine has learned from this user's mail and marks, per sender, and how to undo it. */
export function senderRoutes(deps: AppDeps) {
  const { store } = deps;
  return routes()
    .openapi(
      createRoute({
        method: 'get',
        path: '/senders',
        tags: ['senders'],
        summary: 'Your senders as your history knows them: messages, days, authenticated domain, your marks',
        ...signedIn(deps),
        responses: {
          200: json(z.object({ senders: z.array(Sender) }), 'Senders, most frequent first'),
          ...ERRORS,
        },
      }),
      async (c) => c.json({ senders: await store.senders.list(c.get('user').id) }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/senders/forget',
        tags: ['senders'],
        summary: 'Undo your marks on a sender (an address or an authenticated domain) and rescore its mail',
        ...signedIn(deps),
        request: jsonBody(z.object({ identity: z.string().trim().min(3).max(320) })),
        responses: {
          200: json(
            z.object({ identity: z.string(), unmarked: z.number().int(), rescored: z.number().int() }),
            'Forgotten',
          ),
          ...ERRORS,
        },
      }),
      async (c) => {
        const r = await forgetSender(
          store,
          c.get('user'),
          c.req.valid('json').identity,
          { address: clientAddress(c) },
          async (s, userId, ids) =>
            (
              await relearnSoon(s, userId, ids, (err) =>
                deps.logger.warn({ err: err.message }, 'background rescoring failed'),
              )
            ).rescored,
        );
        return c.json(r, 200);
      },
    );
}
