import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestNoticeSchema,
  authEndpoints,
  accessRequestQuerySchema,
  accessRequestSchema,
  companyCreatedSchema,
  companyFromRequestSchema,
  dismissAccessRequestSchema,
  pageSchema,
  resetFromRequestSchema,
  translate,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { fileAccessRequest, filePasswordReset } from './file-requests.ts';
import { countOpenRequests } from './count-open-requests.ts';
import { createCompanyFromRequest } from './create-company-from-request.ts';
import { dismissRequest } from './dismiss-request.ts';
import { listAccessRequests } from './list-requests.ts';
import { resetPasswordFromRequest } from './reset-password-from-request.ts';

const filedLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The login page's "forgot password" and "register", under /api/user like the rest of sign-in. */
export async function accessRequestPublicRoutes(app: FastifyInstance) {
  const filed = (request: Parameters<typeof requestLocale>[0]) => ({
    ...ok(request, null),
    message: translate('e.requestFiled', requestLocale(request)),
  });

  route(
    app,
    authEndpoints.forgotPassword,
    async (request) => {
      await filePasswordReset(app.db.db, request.body, { ip: request.ip, traceId: request.id });
      return filed(request);
    },
    { config: filedLimit },
  );

  route(
    app,
    authEndpoints.register,
    async (request) => {
      await fileAccessRequest(app.db.db, request.body, { ip: request.ip, traceId: request.id });
      return filed(request);
    },
    { config: filedLimit },
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
    '/notice',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'How many open requests the caller may act on, and when the newest came in (the navbar polls it)',
        body: z.object({}).optional(),
        response: answers(accessRequestNoticeSchema),
      },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => ok(request, await countOpenRequests(contextOf(request))),
  );

  r.post(
    '/resetPassword',
    {
      schema: {
        tags: ['access-requests'],
        summary: "Set the new password a forgot-password request asked for (the user's sessions end) and close it",
        body: resetFromRequestSchema,
        response: answers(z.object({ username: z.string() })),
      },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => ok(request, await resetPasswordFromRequest(contextOf(request), request.body, new Date())),
  );

  r.post(
    '/createCompany',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Create the company and first admin a request for an account asked for, and close it (DEV)',
        body: companyFromRequestSchema,
        response: answers(companyCreatedSchema),
      },
      onRequest: app.authenticate(['DEV']),
    },
    async (request) => ok(request, await createCompanyFromRequest(contextOf(request), request.body, new Date())),
  );

  r.post(
    '/dismiss',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Close a request without acting on it, with an optional reason',
        body: dismissAccessRequestSchema,
        response: answers(z.null()),
      },
      onRequest: app.authenticate(['ADMIN', 'DEV']),
    },
    async (request) => {
      await dismissRequest(contextOf(request), request.body, new Date());
      return ok(request, null);
    },
  );
}
