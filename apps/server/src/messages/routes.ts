import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageListQuerySchema, messageReadAllSchema, messageReadSchema, messageSchema, messageUnreadSchema } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { countUnread, listMessages } from './list-messages.ts';
import { readAllMessages, readMessages } from './read-messages.ts';

/** The navbar's message box (spec §7 `/api/message/*`): every signed-in user reads their own. */
export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['messages'];

  r.get(
    '/list',
    {
      schema: {
        tags,
        summary: "The caller's messages, newest first (all tabs, or one `type`), in the caller's language",
        querystring: messageListQuerySchema,
        response: answers(z.array(messageSchema)),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await listMessages(contextOf(request), request.query, requestLocale(request))),
  );

  r.get(
    '/unread',
    {
      schema: { tags, summary: 'Unread messages per tab (message, notice, todo)', response: answers(messageUnreadSchema) },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await countUnread(contextOf(request))),
  );

  r.post(
    '/read',
    {
      schema: {
        tags,
        summary: "Marks the caller's messages read (status 0 → 1); answers true (others' ids are ignored)",
        body: messageReadSchema,
        response: answers(z.literal(true)),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await readMessages(contextOf(request), request.body)),
  );

  r.post(
    '/read-all',
    {
      schema: {
        tags,
        summary: 'Marks every unread message of the caller (of one tab, when `type` is given) read; answers how many',
        body: messageReadAllSchema.nullish(),
        response: answers(z.number().int()),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await readAllMessages(contextOf(request), request.body ?? {})),
  );
}
