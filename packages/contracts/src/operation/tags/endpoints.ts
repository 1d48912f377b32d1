import { z } from 'zod';
import { defineEndpoints } from '../../common/endpoint.ts';
import { pageSchema } from '../../common/envelope.ts';
import { tagIdSchema, tagInputSchema, tagQuerySchema, tagSchema, tagUpdateSchema } from './schemas.ts';

/** /api/operation/tags — call tags; the provider's DEV staff only. */
export const tagEndpoints = defineEndpoints(
  { tag: 'operation/tags', roles: ['DEV'] },
  {
    list: { path: '/api/operation/tags/list', summary: 'The tag catalogue', body: tagQuerySchema, response: pageSchema(tagSchema) },
    get: {
      path: '/api/operation/tags/get',
      summary: 'One tag (an edit form reloads it after a conflict)',
      body: tagIdSchema,
      response: tagSchema,
    },
    create: { path: '/api/operation/tags/create', summary: 'Add a tag', body: tagInputSchema, response: tagSchema },
    update: { path: '/api/operation/tags/update', summary: 'Edit a tag', body: tagUpdateSchema, response: tagSchema },
    delete: { path: '/api/operation/tags/delete', summary: 'Delete a tag', body: tagIdSchema, response: z.null() },
  },
);
