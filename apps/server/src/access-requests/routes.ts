import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestQuerySchema,
  accessRequestSchema,
  forgotPasswordInputSchema,
  pageSchema,
  registerInputSchema,
  resolveAccessRequestSchema,
  translate,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { fileAccessRequest, filePasswordReset } from './file-requests.ts';
import { listAccessRequests, resolveAccessRequest } from './list-requests.ts';

const filedLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The login page's "forgot password" and "register", under /api/user like the rest of sign-in. */
export async function accessRequestPublicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const filed = (request: Parameters<typeof requestLocale>[0]) => ({
    ...ok(request, null),
    message: translate('e.requestFiled', requestLocale(request)),
  });

  r.post(
    '/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: "File a password reset for the user's administrators (same answer whether or not the user exists)",
        security: [],
        body: forgotPasswordInputSchema,
        response: answers(z.null()),
      },
      config: filedLimit,
    },
    async (request) => {
      await filePasswordReset(app.db.db, request.body, { ip: request.ip, traceId: request.id });
      return filed(request);
    },
  );

  r.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: "File an access request for the provider's staff",
        security: [],
        body: registerInputSchema,
        response: answers(z.null()),
      },
      config: filedLimit,
    },
    async (request) => {
      await fileAccessRequest(app.db.db, request.body, { ip: request.ip, traceId: request.id });
      return filed(request);
    },
  );
}

export async function accessRequestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/list',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Access and password-reset requests visible to the caller',
        body: accessRequestQuerySchema,
        response: answers(pageSchema(accessRequestSchema)),
      },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => ok(request, await listAccessRequests(contextOf(request), request.body)),
  );

  r.post(
    '/resolve',
    {
      schema: { tags: ['access-requests'], summary: 'Mark a request done', body: resolveAccessRequestSchema, response: answers(z.null()) },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => {
      await resolveAccessRequest(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );
}
