import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE, ErrorCode, type Role } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';
import type { Actor, ActionContext } from './actor.ts';
import { resolveSession } from './resolve-session.ts';
import { type SessionEnds, watchSessionEnds } from './session-ends.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** Every session that ends, in any server process: what holds a session open closes with it. */
    sessionEnds: SessionEnds;
    /**
     * An onRequest hook: requires a live session; `roles` narrows who may call. It runs before the body is
     * read or validated, so an anonymous caller gets 401 (never the field list) and sends no upload for nothing.
     */
    authenticate(roles?: readonly Role[]): (request: FastifyRequest) => Promise<void>;
  }
}

/** The bearer header wins over the cookie: API clients send the header, the console sends both. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[AUTH_COOKIE] || null;
}

/** The action context of an authenticated request. */
export function contextOf(request: FastifyRequest): ActionContext {
  if (!request.actor) throw new AppError(ErrorCode.UNAUTHENTICATED, 'e.unauthenticated');
  return { db: request.server.db.db, actor: request.actor, traceId: request.id };
}

export const authenticatePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const sessionEnds = await watchSessionEnds(app.db, (error) => app.log.warn({ err: error }, 'ended-sessions listener error'));
    app.decorate('sessionEnds', sessionEnds);
    app.addHook('onClose', async () => sessionEnds.close());
    app.decorate('authenticate', (roles?: readonly Role[]) => async (request: FastifyRequest) => {
      // A second check on the same request (an area's hook, then its route's roles) reuses the session it resolved.
      if (!request.actor) {
        const token = presentedToken(request);
        if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'e.unauthenticated');
        request.actor = await resolveSession(app.db.db, token, app.clock.now());
        request.log = request.log.child({ userId: request.actor.userId });
      }
      if (roles && !roles.includes(request.actor.role)) throw AppError.forbidden();
    });
  },
  { name: 'authenticate', dependencies: ['core'] },
);
