import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import { messageListQuerySchema, messageReadAllSchema, messageReadSchema, messageSchema, messageUnreadSchema } from './schemas.ts';

/** The navbar's message box (`/api/message/*`): every signed-in user reads their own. */
export const messageEndpoints = defineEndpoints(
  { tag: 'messages', roles: 'signedIn' },
  {
    list: {
      method: 'GET',
      path: '/api/message/list',
      summary: "The caller's messages, newest first (all tabs, or one `type`), in the caller's language",
      query: messageListQuerySchema,
      response: z.array(messageSchema),
    },
    unread: {
      method: 'GET',
      path: '/api/message/unread',
      summary: 'Unread messages per tab (message, notice, todo)',
      response: messageUnreadSchema,
    },
    read: {
      path: '/api/message/read',
      summary: "Marks the caller's messages read (status 0 → 1); answers true (others' ids are ignored)",
      body: messageReadSchema,
      response: z.literal(true),
    },
    readAll: {
      path: '/api/message/read-all',
      summary: 'Marks every unread message of the caller (of one tab, when `type` is given) read; answers how many',
      body: messageReadAllSchema.nullish(),
      response: z.number().int(),
    },
  },
);
