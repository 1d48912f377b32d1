import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageSchema,
  sipLineCreateSchema,
  sipLineIdSchema,
  sipLineQuerySchema,
  sipLineSchema,
  sipLineUpdateSchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { createSipLine } from './create-sip-line.ts';
import { getSipLine } from './get-sip-line.ts';
import { listSipLines } from './list-sip-lines.ts';
import { updateSipLine } from './update-sip-line.ts';

const MANAGERS = ['ADMIN', 'DEV'] as const;

/** SIP line management (route sipManage): the password is write-only (answers carry hasPassword). */
export async function sipLineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sip-lines'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "A page of the company's SIP lines (keyword: alias, SIP user name or domain)",
        body: sipLineQuerySchema,
        response: answers(pageSchema(sipLineSchema)),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await listSipLines(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: { tags, summary: 'One SIP line (never its password)', body: sipLineIdSchema, response: answers(sipLineSchema) },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await getSipLine(contextOf(request), request.body)),
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Add a SIP line (409 when the alias exists in the company)',
        body: sipLineCreateSchema,
        response: answers(sipLineSchema),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await createSipLine(contextOf(request), app.secrets, request.body)),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        summary: 'Edit a SIP line; a blank password keeps the stored one',
        body: sipLineUpdateSchema,
        response: answers(sipLineSchema),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await updateSipLine(contextOf(request), app.secrets, request.body, app.clock.now())),
  );
}
