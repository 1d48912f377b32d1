import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyCreateSchema,
  companyCreatedSchema,
  companyIdSchema,
  companyListItemSchema,
  companyPermissionsSchema,
  companyQuerySchema,
  companyRefSchema,
  companyUpdateSchema,
  grantItemSchema,
  grantQuerySchema,
  pageSchema,
  setCompanyPermissionsSchema,
  setGrantsResultSchema,
  setGrantsSchema,
} from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, ok } from '../../http/envelope.ts';
import { guardOperationArea } from '../provider-staff.ts';
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

const tags = ['operation/companies'];

/** /api/operation/companies — the provider's DEV staff only (`guardOperationArea`). */
export async function companyRoutes(app: FastifyInstance) {
  guardOperationArea(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: 'Every company, filtered by keyword and state',
        body: companyQuerySchema,
        response: answers(pageSchema(companyListItemSchema)),
      },
    },
    async (request) => ok(request, await listCompanies(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: {
        tags,
        summary: 'One company (its edit, permission and grant forms reload it after a conflict)',
        body: companyIdSchema,
        response: answers(companyListItemSchema),
      },
    },
    async (request) => ok(request, await getCompanyItem(contextOf(request).db, request.body.id)),
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Add a company with its first ADMIN; the generated password is answered once',
        body: companyCreateSchema,
        response: answers(companyCreatedSchema),
      },
    },
    async (request) => ok(request, await createCompany(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        summary: "Edit a company's name, suffix, admin e-mail and time zone",
        body: companyUpdateSchema,
        response: answers(companyListItemSchema),
      },
    },
    async (request) => ok(request, await updateCompany(contextOf(request), request.body)),
  );

  r.post(
    '/delete',
    {
      schema: {
        tags,
        summary: 'Soft-delete a company: its users can no longer sign in and their sessions end',
        body: companyIdSchema,
        response: answers(companyListItemSchema),
      },
    },
    async (request) => ok(request, await deleteCompany(contextOf(request), request.body.id)),
  );

  r.post(
    '/restore',
    {
      schema: { tags, summary: 'Restore a deleted company', body: companyIdSchema, response: answers(companyListItemSchema) },
    },
    async (request) => ok(request, await restoreCompany(contextOf(request), request.body.id)),
  );

  r.post(
    '/grants',
    {
      schema: {
        tags,
        summary: 'The catalogue of one kind, each item marked granted or not for the company',
        body: grantQuerySchema,
        response: answers(z.array(grantItemSchema)),
      },
    },
    async (request) => ok(request, await listGrants(contextOf(request), request.body)),
  );

  r.post(
    '/setGrants',
    {
      schema: {
        tags,
        summary: "Replace the company's grants of one kind",
        body: setGrantsSchema,
        response: answers(setGrantsResultSchema),
      },
    },
    async (request) => ok(request, await setGrants(contextOf(request), request.body)),
  );

  r.post(
    '/permissions',
    {
      schema: { tags, summary: "The company's permissions", body: companyRefSchema, response: answers(companyPermissionsSchema) },
    },
    async (request) => ok(request, await getCompanyPermissions(contextOf(request).db, request.body.companyId)),
  );

  r.post(
    '/setPermissions',
    {
      schema: {
        tags,
        summary: "Replace the company's permissions",
        body: setCompanyPermissionsSchema,
        response: answers(companyPermissionsSchema),
      },
    },
    async (request) => ok(request, await setCompanyPermissions(contextOf(request), request.body)),
  );
}
