import { defineEndpoints, noBody } from '../common/endpoint.ts';
import { pageSchema } from '../common/envelope.ts';
import {
  taskActionInputSchema,
  taskActionResultSchema,
  taskCreateSchema,
  taskIdSchema,
  taskListItemSchema,
  taskOptionsSchema,
  taskQuerySchema,
  taskUpdateSchema,
} from './schemas.ts';

/** Tasks of the caller company's projects (ADMIN, and DEV in their own company). */
export const taskEndpoints = defineEndpoints(
  { tag: 'tasks', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/tasks/list',
      summary: "A project's tasks, newest first, by status filter (all, notStarted, inProgress, completed)",
      body: taskQuerySchema,
      response: pageSchema(taskListItemSchema),
      keyScope: 'read',
    },
    get: {
      path: '/api/tasks/get',
      summary: 'One task with its progress (pending, total, called, connected counts)',
      body: taskIdSchema,
      response: taskListItemSchema,
      keyScope: 'read',
    },
    options: {
      path: '/api/tasks/options',
      summary: 'Scenarios and voices granted to the company, and its SIP lines',
      body: noBody,
      response: taskOptionsSchema,
      keyScope: 'read',
    },
    create: {
      path: '/api/tasks/create',
      summary: 'Create a task (saveAs: task → pending, draft → editing, template)',
      body: taskCreateSchema,
      response: taskListItemSchema,
      keyScope: 'campaigns',
    },
    update: {
      path: '/api/tasks/update',
      summary: 'Edit a task (pending, paused, draft or template; 409 otherwise)',
      body: taskUpdateSchema,
      response: taskListItemSchema,
      keyScope: 'campaigns',
    },
    action: {
      path: '/api/tasks/action',
      summary:
        'Apply a state-machine action: start, continue, pause, abort, publish, clearPending, delete (409 when the status does not allow it)',
      body: taskActionInputSchema,
      response: taskActionResultSchema,
      keyScope: 'campaigns',
    },
  },
);
