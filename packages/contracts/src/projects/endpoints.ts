import { z } from 'zod';
import { defineEndpoints, noBody } from '../common/endpoint.ts';
import { pageSchema } from '../common/envelope.ts';
import {
  projectIdSchema,
  projectInputSchema,
  projectOperatorOptionSchema,
  projectQuerySchema,
  projectSchema,
  projectUpdateSchema,
} from './schemas.ts';

/** Projects of the caller's company (ADMIN, and DEV in their own company); `mine` is an agent's own list. */
export const projectEndpoints = defineEndpoints(
  { tag: 'projects', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/projects/list',
      summary: "The caller company's projects, newest first; `name` searches part of the name",
      body: projectQuerySchema,
      response: pageSchema(projectSchema),
      keyScope: 'read',
    },
    get: { path: '/api/projects/get', summary: 'One project', body: projectIdSchema, response: projectSchema, keyScope: 'read' },
    create: {
      path: '/api/projects/create',
      summary: 'Create a project (name unique in the company: 409 otherwise)',
      body: projectInputSchema,
      response: projectSchema,
      keyScope: 'full',
    },
    update: {
      path: '/api/projects/update',
      summary: 'Rename a project or change its API URL; the encryption type cannot change (409)',
      body: projectUpdateSchema,
      response: projectSchema,
      keyScope: 'full',
    },
    delete: {
      path: '/api/projects/delete',
      summary: 'Delete a project with its tasks and subtasks; refused (409) while a task is in progress',
      body: projectIdSchema,
      response: z.null(),
    },
    operators: {
      path: '/api/projects/operators',
      summary: "The company's agents (OPR accounts) that can be assigned to a project",
      body: noBody,
      response: z.array(projectOperatorOptionSchema),
    },
    mine: {
      path: '/api/projects/mine',
      summary: 'The projects the calling agent (OPR) is assigned to, newest first',
      roles: ['OPR'],
      body: projectQuerySchema,
      response: pageSchema(projectSchema),
    },
  },
);
