import type { FastifyInstance } from 'fastify';
import { tagEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../auth/authenticate.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/route.ts';
import { guardOperationArea } from '../../auth/provider-staff.ts';
import { createTag } from './create-tag.ts';
import { deleteTag } from './delete-tag.ts';
import { listTags } from './list-tags.ts';
import { getTag } from './tag-item.ts';
import { updateTag } from './update-tag.ts';

/** /api/operation/tags — call tags; the provider's DEV staff only. */
export async function tagRoutes(app: FastifyInstance) {
  guardOperationArea(app);

  route(app, tagEndpoints.list, async (request) => ok(request, await listTags(contextOf(request), request.body)));

  route(app, tagEndpoints.get, async (request) => ok(request, await getTag(contextOf(request).db, request.body.id)));

  route(app, tagEndpoints.create, async (request) => ok(request, await createTag(contextOf(request), request.body)));

  route(app, tagEndpoints.update, async (request) => ok(request, await updateTag(contextOf(request), request.body)));

  route(app, tagEndpoints.delete, async (request) => {
    await deleteTag(contextOf(request), request.body.id);
    return ok(request, null);
  });
}
