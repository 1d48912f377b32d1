import { defineEndpoints } from '../common/endpoint.ts';
import { auditEntrySchema, auditQuerySchema } from './schemas.ts';
import { pageSchema } from '../common/envelope.ts';

/** The audit log: ADMIN reads their company's, DEV any company's. */
export const auditEndpoints = defineEndpoints(
  { tag: 'audit', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/audit/list',
      summary: "The company's audit log, newest first (DEV may pass companyId)",
      body: auditQuerySchema,
      response: pageSchema(auditEntrySchema),
    },
  },
);
