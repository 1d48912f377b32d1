import type { FastifyInstance } from 'fastify';
import { projectEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { listProjects } from './list-projects.ts';
import { listMyProjects } from './list-my-projects.ts';
import { listOperatorOptions } from './list-operator-options.ts';
import { getProject } from './project-row.ts';
import { updateProject } from './update-project.ts';

/** Projects of the caller's company (ADMIN, and DEV in their own company); `mine` is an agent's own list. */
export async function projectRoutes(app: FastifyInstance) {
  route(app, projectEndpoints.list, async (request) => ok(request, await listProjects(contextOf(request), request.body)));

  route(app, projectEndpoints.get, async (request) => {
    const ctx = contextOf(request);
    return ok(request, await getProject(ctx.db, ctx, request.body.id));
  });

  route(app, projectEndpoints.create, async (request) => ok(request, await createProject(contextOf(request), request.body)));

  route(app, projectEndpoints.update, async (request) => ok(request, await updateProject(contextOf(request), request.body)));

  route(app, projectEndpoints.delete, async (request) => {
    await deleteProject(contextOf(request), request.body.id);
    return ok(request, null);
  });

  route(app, projectEndpoints.operators, async (request) => ok(request, await listOperatorOptions(contextOf(request))));

  route(app, projectEndpoints.mine, async (request) => ok(request, await listMyProjects(contextOf(request), request.body)));
}
