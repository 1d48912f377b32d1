import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageSchema, tagIdSchema, tagInputSchema, tagQuerySchema, tagSchema, tagUpdateSchema } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { answers, ok } from '../../http/envelope.ts';
import { guardOperationArea } from '../provider-staff.ts';
import { createTag } from './create-tag.ts';
import { deleteTag } from './delete-tag.ts';
import { listTags } from './list-tags.ts';
import { getTag } from './tag-item.ts';
import { updateTag } from './update-tag.ts';

const tags = ['operation/tags'];

/** /api/operation/tags — call tags; the provider's DEV staff only. */
export async function tagRoutes(app: FastifyInstance) {
  guardOperationArea(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/list',
    {
      schema: { tags, summary: 'The tag catalogue', body: tagQuerySchema, response: answers(pageSchema(tagSchema)) },
    },
    async (request) => ok(request, await listTags(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: { tags, summary: 'One tag (an edit form reloads it after a conflict)', body: tagIdSchema, response: answers(tagSchema) },
    },
    async (request) => ok(request, await getTag(contextOf(request).db, request.body.id)),
  );

  r.post(
    '/create',
    {
      schema: { tags, summary: 'Add a tag', body: tagInputSchema, response: answers(tagSchema) },
    },
    async (request) => ok(request, await createTag(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: { tags, summary: 'Edit a tag', body: tagUpdateSchema, response: answers(tagSchema) },
    },
    async (request) => ok(request, await updateTag(contextOf(request), request.body)),
  );

  r.post(
    '/delete',
    {
      schema: { tags, summary: 'Delete a tag', body: tagIdSchema, response: answers(z.null()) },
    },
    async (request) => {
      await deleteTag(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );
}
