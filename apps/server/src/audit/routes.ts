import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntrySchema, auditQuerySchema, pageSchema } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { listAudit } from './list-audit.ts';

export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/list',
    {
      schema: {
        tags: ['audit'],
        summary: "The company's audit log, newest first (DEV may pass companyId)",
        body: auditQuerySchema,
        response: answers(pageSchema(auditEntrySchema)),
      },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => ok(request, await listAudit(contextOf(request), request.body)),
  );
}
