import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import {
  DNC_LIMITS,
  dncAddSchema,
  dncChangeSchema,
  dncEntrySchema,
  dncImportResultSchema,
  dncQuerySchema,
  dncRemoveSchema,
} from './schemas.ts';
import { pageSchema } from '../common/envelope.ts';

/**
 * The company's do-not-call list (route dncList): ADMIN for their company, DEV for any company via companyId;
 * an API key reads and changes it only with the full scope.
 */
export const dncEndpoints = defineEndpoints(
  { tag: 'dnc', roles: ['ADMIN', 'DEV'], keyScope: 'full' },
  {
    list: {
      path: '/api/dnc/list',
      summary: "A page of the company's do-not-call numbers",
      body: dncQuerySchema,
      response: pageSchema(dncEntrySchema),
    },
    add: {
      path: '/api/dnc/add',
      summary: 'Add numbers (normalized; ones already listed are counted)',
      body: dncAddSchema,
      response: dncChangeSchema,
    },
    remove: { path: '/api/dnc/remove', summary: 'Remove numbers', body: dncRemoveSchema, response: dncChangeSchema },
    import: {
      path: '/api/dnc/import',
      summary: 'Import a CSV of numbers (a phone column, else the first); bad rows come back with their line',
      query: z.object({
        companyId: z.uuid({ error: 'v.id' }).optional(),
        note: z.string().trim().max(DNC_LIMITS.note).default(''),
      }),
      response: dncImportResultSchema,
    },
  },
);
