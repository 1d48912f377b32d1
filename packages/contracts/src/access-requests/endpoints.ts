import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import {
  accessRequestNoticeSchema,
  accessRequestQuerySchema,
  accessRequestSchema,
  companyFromRequestSchema,
  dismissAccessRequestSchema,
  resetFromRequestSchema,
} from './schemas.ts';
import { companyCreatedSchema } from '../operation/companies/schemas.ts';
import { pageSchema } from '../common/envelope.ts';

/** Access and password-reset requests, acted on by the caller's administrators (DEV: the provider's staff, who also create companies from them). */
export const accessRequestEndpoints = defineEndpoints(
  { tag: 'access-requests', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/access-requests/list',
      summary: 'Access and password-reset requests visible to the caller',
      body: accessRequestQuerySchema,
      response: pageSchema(accessRequestSchema),
    },
    notice: {
      path: '/api/access-requests/notice',
      summary: 'How many open requests the caller may act on, and when the newest came in (the navbar polls it)',
      body: z.object({}).optional(),
      response: accessRequestNoticeSchema,
    },
    resetPassword: {
      path: '/api/access-requests/resetPassword',
      summary: "Set the new password a forgot-password request asked for (the user's sessions end) and close it",
      body: resetFromRequestSchema,
      response: z.object({ username: z.string() }),
    },
    createCompany: {
      path: '/api/access-requests/createCompany',
      summary: 'Create the company and first admin a request for an account asked for, and close it (DEV)',
      roles: ['DEV'],
      body: companyFromRequestSchema,
      response: companyCreatedSchema,
    },
    dismiss: {
      path: '/api/access-requests/dismiss',
      summary: 'Close a request without acting on it, with an optional reason',
      body: dismissAccessRequestSchema,
      response: z.null(),
    },
  },
);
