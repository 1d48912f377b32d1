import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreateSchema,
  accountIdSchema,
  accountQuerySchema,
  accountSchema,
  accountUpdateSchema,
  companyOptionSchema,
  pageSchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, noBody, ok } from '../http/envelope.ts';
import { createAccount } from './create-account.ts';
import { getAccount } from './get-account.ts';
import { listAccountCompanies } from './list-account-companies.ts';
import { listAccounts } from './list-accounts.ts';
import { updateAccount } from './update-account.ts';

const MANAGERS = ['ADMIN', 'DEV'] as const;

/** Account management (route accountManage): ADMIN for their company, DEV for any company via companyId. */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "A page of the company's accounts (keyword: user name, alias or phone)",
        body: accountQuerySchema,
        response: answers(pageSchema(accountSchema)),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await listAccounts(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: { tags, summary: 'One account', body: accountIdSchema, response: answers(accountSchema) },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await getAccount(contextOf(request), request.body)),
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create an account (409 when the user name or phone number is taken)',
        body: accountCreateSchema,
        response: answers(accountSchema),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await createAccount(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        summary: "Edit an account; blank password = unchanged; a new password, level or disabling ends the user's sessions",
        body: accountUpdateSchema,
        response: answers(accountSchema),
      },
      onRequest: app.authenticate(MANAGERS),
    },
    async (request) => ok(request, await updateAccount(contextOf(request), request.body, app.clock.now())),
  );

  r.post(
    '/companies',
    {
      schema: {
        tags,
        summary: 'DEV: the companies whose accounts and SIP lines may be managed',
        body: noBody,
        response: answers(z.array(companyOptionSchema)),
      },
      onRequest: app.authenticate(['DEV']),
    },
    async (request) => ok(request, await listAccountCompanies(contextOf(request))),
  );
}
