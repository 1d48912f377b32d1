import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordInputSchema, profileUpdateSchema, selfInfoSchema } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { answers, ok } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { changePassword } from './change-password.ts';
import { updateSelfInfo } from './update-self-info.ts';

/** Self-info (route selfInfo), under /api/user beside getSelfInfo: every role edits their own profile. */
export async function profileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/updateSelfInfo',
    {
      schema: {
        tags: ['auth'],
        summary: 'Edit my alias, phone and e-mail (alias 5–10; 409 when the phone is taken or the form is stale)',
        body: profileUpdateSchema,
        response: answers(selfInfoSchema),
      },
      onRequest: app.authenticate(),
    },
    async (request) => ok(request, await updateSelfInfo(contextOf(request), request.body, app.clock.now())),
  );

  r.post(
    '/changePassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change my password (current one checked); my other sessions end, this one stays',
        body: changePasswordInputSchema,
        response: answers(z.null()),
      },
      onRequest: app.authenticate(),
    },
    async (request) => {
      await changePassword(contextOf(request), request.body, {
        now: app.clock.now(),
        throttle: app.loginThrottle,
        ip: request.ip,
        locale: requestLocale(request),
      });
      return ok(request, null);
    },
  );
}
