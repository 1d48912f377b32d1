import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DNC_LIMITS,
  dncAddSchema,
  dncChangeSchema,
  dncEntrySchema,
  dncImportResultSchema,
  dncQuerySchema,
  dncRemoveSchema,
  pageSchema,
  translate,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { listDnc } from './list-dnc.ts';
import { addDnc, removeDnc } from './change-dnc.ts';
import { importDnc } from './import-dnc.ts';

const MANAGERS = ['ADMIN', 'DEV'] as const;

/** The company's do-not-call list (route dncList). */
export async function dncRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dnc'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "A page of the company's do-not-call numbers",
        body: dncQuerySchema,
        response: answers(pageSchema(dncEntrySchema)),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await listDnc(contextOf(request), request.body)),
  );

  r.post(
    '/add',
    {
      schema: {
        tags,
        summary: 'Add numbers (normalized; ones already listed are counted)',
        body: dncAddSchema,
        response: answers(dncChangeSchema),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await addDnc(contextOf(request), request.body)),
  );

  r.post(
    '/remove',
    {
      schema: { tags, summary: 'Remove numbers', body: dncRemoveSchema, response: answers(dncChangeSchema) },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await removeDnc(contextOf(request), request.body)),
  );

  // The file is the raw body (text/csv), streamed; the company (DEV) and note travel in the query.
  app.register(async (csv) => {
    csv.addContentTypeParser(['text/csv', 'application/octet-stream', 'text/plain'], (_request, payload, done) => done(null, payload));
    csv.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        schema: {
          tags,
          summary: 'Import a CSV of numbers (a phone column, else the first); bad rows come back with their line',
          querystring: z.object({
            companyId: z.uuid({ error: 'v.id' }).optional(),
            note: z.string().trim().max(DNC_LIMITS.note).default(''),
          }),
          response: answers(dncImportResultSchema),
        },
        bodyLimit: DNC_LIMITS.importBytes,
        onRequest: app.authenticate(MANAGERS),
      },
      async (request) => {
        const result = await importDnc(
          contextOf(request),
          request.body as NodeJS.ReadableStream as never,
          request.query.companyId,
          request.query.note,
        );
        const locale = requestLocale(request);
        return ok(request, {
          ...result,
          rejected: result.rejected.map((row) => ({
            ...row,
            reason: translate(row.reason, locale, { field: translate('f.phoneNumber', locale) }),
          })),
        });
      },
    );
  });
}
