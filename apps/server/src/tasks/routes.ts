import type { FastifyInstance } from 'fastify';
import { taskEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { applyTaskAction } from './apply-task-action.ts';
import { createTask } from './create-task.ts';
import { listTaskOptions } from './list-task-options.ts';
import { listTasks } from './list-tasks.ts';
import { getTask } from './task-row.ts';
import { updateTask } from './update-task.ts';

/** Tasks of the caller company's projects (ADMIN, and DEV in their own company). */
export async function taskRoutes(app: FastifyInstance) {
  route(app, taskEndpoints.list, async (request) => ok(request, await listTasks(contextOf(request), request.body, app.clock.now())));

  route(app, taskEndpoints.get, async (request) => {
    const ctx = contextOf(request);
    return ok(request, await getTask(ctx.db, ctx, request.body.id, app.clock.now()));
  });

  route(app, taskEndpoints.options, async (request) => ok(request, await listTaskOptions(contextOf(request))));

  route(app, taskEndpoints.create, async (request) => ok(request, await createTask(contextOf(request), request.body)));

  route(app, taskEndpoints.update, async (request) => ok(request, await updateTask(contextOf(request), request.body)));

  route(app, taskEndpoints.action, async (request) => ok(request, await applyTaskAction(contextOf(request), request.body)));
}
