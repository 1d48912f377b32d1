import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authEndpoints, translate, accessRequestEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { fileAccessRequest, filePasswordReset, type Requester } from './file-requests.ts';
import { countOpenRequests } from './count-open-requests.ts';
import { createCompanyFromRequest } from './create-company-from-request.ts';
import { dismissRequest } from './dismiss-request.ts';
import { listAccessRequests } from './list-requests.ts';
import { resetPasswordFromRequest } from './reset-password-from-request.ts';

const filedLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The login page's "forgot password" and "register", under /api/user like the rest of sign-in. */
export async function accessRequestPublicRoutes(app: FastifyInstance) {
  /** Files the request, then answers "filed" in the caller's language, whatever it was about. */
  const filed = async (request: FastifyRequest, file: (who: Requester) => Promise<void>) => {
    await file({ ip: request.ip, traceId: request.id });
    return { ...ok(request, null), message: translate('e.requestFiled', requestLocale(request)) };
  };

  route(app, authEndpoints.forgotPassword, (request) => filed(request, (who) => filePasswordReset(app.db.db, request.body, who)), {
    config: filedLimit,
  });
  route(app, authEndpoints.register, (request) => filed(request, (who) => fileAccessRequest(app.db.db, request.body, who)), {
    config: filedLimit,
  });
}

export async function accessRequestRoutes(app: FastifyInstance) {
  route(app, accessRequestEndpoints.list, async (request) => ok(request, await listAccessRequests(contextOf(request), request.body)));

  route(app, accessRequestEndpoints.notice, async (request) => ok(request, await countOpenRequests(contextOf(request))));

  route(app, accessRequestEndpoints.resetPassword, async (request) =>
    ok(request, await resetPasswordFromRequest(contextOf(request), request.body, new Date())),
  );

  route(app, accessRequestEndpoints.createCompany, async (request) =>
    ok(request, await createCompanyFromRequest(contextOf(request), request.body, new Date())),
  );

  route(app, accessRequestEndpoints.dismiss, async (request) => {
    await dismissRequest(contextOf(request), request.body, new Date());
    return ok(request, null);
  });
}
