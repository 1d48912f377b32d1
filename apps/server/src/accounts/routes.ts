import type { FastifyInstance } from 'fastify';
import { accountEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { createAccount } from './create-account.ts';
import { getAccount } from './get-account.ts';
import { listAccountCompanies } from './list-account-companies.ts';
import { listAccounts } from './list-accounts.ts';
import { updateAccount } from './update-account.ts';

/** Account management (route accountManage): ADMIN for their company, DEV for any company via companyId. */
export async function accountRoutes(app: FastifyInstance) {
  route(app, accountEndpoints.list, async (request) => ok(request, await listAccounts(contextOf(request), request.body)));

  route(app, accountEndpoints.get, async (request) => ok(request, await getAccount(contextOf(request), request.body)));

  route(app, accountEndpoints.create, async (request) => ok(request, await createAccount(contextOf(request), request.body)));

  route(app, accountEndpoints.update, async (request) =>
    ok(request, await updateAccount(contextOf(request), request.body, app.clock.now())),
  );

  route(app, accountEndpoints.companies, async (request) => ok(request, await listAccountCompanies(contextOf(request))));
}
