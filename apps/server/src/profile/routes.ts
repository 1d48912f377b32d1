import type { FastifyInstance } from 'fastify';
import { authEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { changePassword } from './change-password.ts';
import { updateSelfInfo } from './update-self-info.ts';

/** Self-info (route selfInfo), under /api/user beside getSelfInfo: every role edits their own profile. */
export async function profileRoutes(app: FastifyInstance) {
  route(app, authEndpoints.updateSelfInfo, async (request) =>
    ok(request, await updateSelfInfo(contextOf(request), request.body, app.clock.now())),
  );

  route(app, authEndpoints.changePassword, async (request) => {
    await changePassword(contextOf(request), request.body, {
      now: app.clock.now(),
      throttle: app.loginThrottle,
      ip: request.ip,
      locale: requestLocale(request),
    });
    return ok(request, null);
  });
}
