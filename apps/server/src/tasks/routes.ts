import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageSchema,
  taskActionInputSchema,
  taskActionResultSchema,
  taskCreateSchema,
  taskIdSchema,
  taskListItemSchema,
  taskOptionsSchema,
  taskQuerySchema,
  taskUpdateSchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, noBody, ok } from '../http/envelope.ts';
import { applyTaskAction } from './apply-task-action.ts';
import { createTask } from './create-task.ts';
import { listTaskOptions } from './list-task-options.ts';
import { listTasks } from './list-tasks.ts';
import { getTask } from './task-row.ts';
import { updateTask } from './update-task.ts';

/** Tasks of the caller company's projects (ADMIN, and DEV in their own company). */
export async function taskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate(['ADMIN', 'DEV']);
  const tags = ['tasks'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "A project's tasks, newest first, by status filter (all, notStarted, inProgress, completed)",
        body: taskQuerySchema,
        response: answers(pageSchema(taskListItemSchema)),
      },
      onRequest,
    },
    async (request) => ok(request, await listTasks(contextOf(request), request.body, app.clock.now())),
  );

  r.post(
    '/get',
    {
      schema: { tags, summary: 'One task', body: taskIdSchema, response: answers(taskListItemSchema) },
      onRequest,
    },
    async (request) => {
      const ctx = contextOf(request);
      return ok(request, await getTask(ctx.db, ctx, request.body.id));
    },
  );

  r.post(
    '/options',
    {
      schema: {
        tags,
        summary: 'Scenarios and voices granted to the company, and its SIP lines',
        body: noBody,
        response: answers(taskOptionsSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await listTaskOptions(contextOf(request))),
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create a task (saveAs: task → pending, draft → editing, template)',
        body: taskCreateSchema,
        response: answers(taskListItemSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await createTask(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        summary: 'Edit a task (pending, paused, draft or template; 409 otherwise)',
        body: taskUpdateSchema,
        response: answers(taskListItemSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await updateTask(contextOf(request), request.body)),
  );

  r.post(
    '/action',
    {
      schema: {
        tags,
        summary:
          'Apply a state-machine action: start, continue, pause, abort, publish, clearPending, delete (409 when the status does not allow it)',
        body: taskActionInputSchema,
        response: answers(taskActionResultSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await applyTaskAction(contextOf(request), request.body)),
  );
}
