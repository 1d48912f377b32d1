import type { FastifyInstance } from 'fastify';
import { messageEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { countUnread, listMessages } from './list-messages.ts';
import { readAllMessages, readMessages } from './read-messages.ts';

/** The navbar's message box (`/api/message/*`): every signed-in user reads their own. */
export async function messageRoutes(app: FastifyInstance) {
  route(app, messageEndpoints.list, async (request) =>
    ok(request, await listMessages(contextOf(request), request.query, requestLocale(request))),
  );

  route(app, messageEndpoints.unread, async (request) => ok(request, await countUnread(contextOf(request))));

  route(app, messageEndpoints.read, async (request) => ok(request, await readMessages(contextOf(request), request.body)));

  route(app, messageEndpoints.readAll, async (request) => ok(request, await readAllMessages(contextOf(request), request.body ?? {})));
}
