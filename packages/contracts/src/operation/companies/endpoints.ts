import { z } from 'zod';
import { defineEndpoints } from '../../common/endpoint.ts';
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
  setCompanyPermissionsSchema,
  setGrantsResultSchema,
  setGrantsSchema,
} from './schemas.ts';
import { pageSchema } from '../../common/envelope.ts';

/** /api/operation/companies — the provider's DEV staff only (`guardOperationArea`). */
export const companyEndpoints = defineEndpoints(
  { tag: 'operation/companies', roles: ['DEV'] },
  {
    list: {
      path: '/api/operation/companies/list',
      summary: 'Every company, filtered by keyword and state',
      body: companyQuerySchema,
      response: pageSchema(companyListItemSchema),
    },
    get: {
      path: '/api/operation/companies/get',
      summary: 'One company (its edit, permission and grant forms reload it after a conflict)',
      body: companyIdSchema,
      response: companyListItemSchema,
    },
    create: {
      path: '/api/operation/companies/create',
      summary: 'Add a company with its first ADMIN; the generated password is answered once',
      body: companyCreateSchema,
      response: companyCreatedSchema,
    },
    update: {
      path: '/api/operation/companies/update',
      summary: "Edit a company's name, suffix, admin e-mail and time zone",
      body: companyUpdateSchema,
      response: companyListItemSchema,
    },
    delete: {
      path: '/api/operation/companies/delete',
      summary: 'Soft-delete a company: its users can no longer sign in and their sessions end',
      body: companyIdSchema,
      response: companyListItemSchema,
    },
    restore: {
      path: '/api/operation/companies/restore',
      summary: 'Restore a deleted company',
      body: companyIdSchema,
      response: companyListItemSchema,
    },
    grants: {
      path: '/api/operation/companies/grants',
      summary: 'The catalogue of one kind, each item marked granted or not for the company',
      body: grantQuerySchema,
      response: z.array(grantItemSchema),
    },
    setGrants: {
      path: '/api/operation/companies/setGrants',
      summary: "Replace the company's grants of one kind",
      body: setGrantsSchema,
      response: setGrantsResultSchema,
    },
    permissions: {
      path: '/api/operation/companies/permissions',
      summary: "The company's permissions",
      body: companyRefSchema,
      response: companyPermissionsSchema,
    },
    setPermissions: {
      path: '/api/operation/companies/setPermissions',
      summary: "Replace the company's permissions",
      body: setCompanyPermissionsSchema,
      response: companyPermissionsSchema,
    },
  },
);
