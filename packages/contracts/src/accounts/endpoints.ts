import { z } from 'zod';
import { defineEndpoints, noBody } from '../common/endpoint.ts';
import {
  accountCreateSchema,
  accountIdSchema,
  accountQuerySchema,
  accountSchema,
  accountUpdateSchema,
  companyOptionSchema,
} from './schemas.ts';
import { pageSchema } from '../common/envelope.ts';

/** Account management (route accountManage): ADMIN for their company, DEV for any company via companyId. */
export const accountEndpoints = defineEndpoints(
  { tag: 'accounts', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/accounts/list',
      summary: "A page of the company's accounts (keyword: user name, alias or phone)",
      body: accountQuerySchema,
      response: pageSchema(accountSchema),
    },
    get: { path: '/api/accounts/get', summary: 'One account', body: accountIdSchema, response: accountSchema },
    create: {
      path: '/api/accounts/create',
      summary: 'Create an account (409 when the user name or phone number is taken)',
      body: accountCreateSchema,
      response: accountSchema,
    },
    update: {
      path: '/api/accounts/update',
      summary: "Edit an account; blank password = unchanged; a new password, level or disabling ends the user's sessions",
      body: accountUpdateSchema,
      response: accountSchema,
    },
    companies: {
      path: '/api/accounts/companies',
      summary: 'DEV: the companies whose accounts and SIP lines may be managed',
      roles: ['DEV'],
      body: noBody,
      response: z.array(companyOptionSchema),
    },
  },
);
