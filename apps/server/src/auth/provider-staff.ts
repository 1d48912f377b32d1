import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { companies } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The operation area acts on every company, so it is for the provider's own staff only: a DEV session
 * (checked before the body is read, so no one else learns a schema) whose account belongs to the
 * provider's company. A DEV account that somehow sits in a customer company gets 403 like anyone else.
 */
export function guardOperationArea(app: FastifyInstance): void {
  const dev = app.authenticate(['DEV']);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    await dev(request, reply);
    const [company] = await app.db.db
      .select({ isProvider: companies.isProvider })
      .from(companies)
      .where(eq(companies.id, request.actor!.companyId))
      .limit(1);
    if (!company?.isProvider) throw AppError.forbidden();
  });
}
