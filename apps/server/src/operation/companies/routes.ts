import type { FastifyInstance } from 'fastify';
import { companyEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { guardOperationArea } from '../../auth/provider-staff.ts';
import { createCompany } from './create-company.ts';
import { deleteCompany } from './delete-company.ts';
import { getCompanyPermissions } from '../../entitlements/get-company-permissions.ts';
import { listCompanies } from './list-companies.ts';
import { listGrants } from './list-grants.ts';
import { restoreCompany } from './restore-company.ts';
import { setCompanyPermissions } from './set-company-permissions.ts';
import { setGrants } from './set-grants.ts';
import { updateCompany } from './update-company.ts';
import { getCompanyItem } from './company-item.ts';

/** /api/operation/companies — the provider's DEV staff only (`guardOperationArea`). */
export async function companyRoutes(app: FastifyInstance) {
  guardOperationArea(app);

  route(app, companyEndpoints.list, async (request) => ok(request, await listCompanies(contextOf(request), request.body)));

  route(app, companyEndpoints.create, async (request) => ok(request, await createCompany(contextOf(request), request.body)));

  route(app, companyEndpoints.update, async (request) => ok(request, await updateCompany(contextOf(request), request.body)));

  route(app, companyEndpoints.delete, async (request) => ok(request, await deleteCompany(contextOf(request), request.body.id)));

  route(app, companyEndpoints.restore, async (request) => ok(request, await restoreCompany(contextOf(request), request.body.id)));

  route(app, companyEndpoints.grants, async (request) => ok(request, await listGrants(contextOf(request), request.body)));

  route(app, companyEndpoints.setGrants, async (request) => ok(request, await setGrants(contextOf(request), request.body)));

  route(app, companyEndpoints.permissions, async (request) =>
    ok(request, await getCompanyPermissions(contextOf(request).db, request.body.companyId)),
  );

  route(app, companyEndpoints.get, async (request) => ok(request, await getCompanyItem(contextOf(request).db, request.body.id)));

  route(app, companyEndpoints.setPermissions, async (request) =>
    ok(request, await setCompanyPermissions(contextOf(request), request.body)),
  );
}
