import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  pageSchema,
  projectIdSchema,
  projectInputSchema,
  projectOperatorOptionSchema,
  projectQuerySchema,
  projectSchema,
  projectUpdateSchema,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, noBody, ok } from '../http/envelope.ts';
import { createProject } from './create-project.ts';
import { deleteProject } from './delete-project.ts';
import { listProjects } from './list-projects.ts';
import { listMyProjects } from './list-my-projects.ts';
import { listOperatorOptions } from './list-operator-options.ts';
import { getProject } from './project-row.ts';
import { updateProject } from './update-project.ts';

/** Projects of the caller's company (ADMIN, and DEV in their own company); `mine` is an agent's own list. */
export async function projectRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate(['ADMIN', 'DEV']);
  const tags = ['projects'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: "The caller company's projects, newest first; `name` searches part of the name",
        body: projectQuerySchema,
        response: answers(pageSchema(projectSchema)),
      },
      onRequest,
    },
    async (request) => ok(request, await listProjects(contextOf(request), request.body)),
  );

  r.post(
    '/get',
    {
      schema: { tags, summary: 'One project', body: projectIdSchema, response: answers(projectSchema) },
      onRequest,
    },
    async (request) => {
      const ctx = contextOf(request);
      return ok(request, await getProject(ctx.db, ctx, request.body.id));
    },
  );

  r.post(
    '/create',
    {
      schema: {
        tags,
        summary: 'Create a project (name unique in the company: 409 otherwise)',
        body: projectInputSchema,
        response: answers(projectSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await createProject(contextOf(request), request.body)),
  );

  r.post(
    '/update',
    {
      schema: {
        tags,
        summary: 'Rename a project or change its API URL; the encryption type cannot change (409)',
        body: projectUpdateSchema,
        response: answers(projectSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await updateProject(contextOf(request), request.body)),
  );

  r.post(
    '/delete',
    {
      schema: {
        tags,
        summary: 'Delete a project with its tasks and subtasks; refused (409) while a task is in progress',
        body: projectIdSchema,
        response: answers(z.null()),
      },
      onRequest,
    },
    async (request) => {
      await deleteProject(contextOf(request), request.body.id);
      return ok(request, null);
    },
  );

  r.post(
    '/operators',
    {
      schema: {
        tags,
        summary: "The company's agents (OPR accounts) that can be assigned to a project",
        body: noBody,
        response: answers(z.array(projectOperatorOptionSchema)),
      },
      onRequest,
    },
    async (request) => ok(request, await listOperatorOptions(contextOf(request))),
  );

  r.post(
    '/mine',
    {
      schema: {
        tags,
        summary: 'The projects the calling agent (OPR) is assigned to, newest first',
        body: projectQuerySchema,
        response: answers(pageSchema(projectSchema)),
      },
      onRequest: app.authenticate(['OPR']),
    },
    async (request) => ok(request, await listMyProjects(contextOf(request), request.body)),
  );
}
