import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_PREFIX, AUTH_COOKIE, ErrorCode, scopeAllows, type ApiKeyScope, type Role } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';
import { KeyRateLimit } from './key-rate-limit.ts';
import { recordKeyUse } from './record-key-use.ts';
import { resolveApiKey } from './resolve-api-key.ts';
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
     * An onRequest hook: requires a live session or API key; `roles` narrows who may call, `keyScope` is the
     * least key scope admitted (absent: no key at all). It runs before the body is read or validated, so an
     * anonymous caller gets 401 (never the field list) and sends no upload for nothing.
     */
    authenticate(roles?: readonly Role[], keyScope?: ApiKeyScope): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
    const keyRateLimit = new KeyRateLimit(app.config.apiKeyRateLimit);
    const keyUseRecorded = new WeakSet<FastifyRequest>();
    app.decorate(
      'authenticate',
      (roles?: readonly Role[], keyScope?: ApiKeyScope) => async (request: FastifyRequest, reply: FastifyReply) => {
        // A second check on the same request (an area's hook, then its route's roles) reuses the caller it resolved.
        if (!request.actor) {
          const token = presentedToken(request);
          if (!token) throw new AppError(ErrorCode.UNAUTHENTICATED, 'e.unauthenticated');
          const now = app.clock.now();
          const key = token.startsWith(API_KEY_PREFIX) ? await resolveApiKey(app.db.db, token, now) : null;
          request.actor = key ?? (await resolveSession(app.db.db, token, now));
          request.log = request.log.child({ userId: request.actor.userId, ...(key ? { apiKeyId: key.sessionId } : {}) });
          if (key) {
            const wait = keyRateLimit.take(key.sessionId, now.getTime());
            if (wait > 0) {
              void reply.header('retry-after', String(wait));
              throw new AppError(ErrorCode.RATE_LIMITED, 'e.apiKey.rateLimited', { seconds: wait }).withHttpStatus(429);
            }
          }
        }
        const actor = request.actor;
        const roleRefused = roles !== undefined && !roles.includes(actor.role);
        if (actor.apiKey) {
          const refusal = !scopeAllows(actor.apiKey.scope, keyScope)
            ? keyScope === undefined
              ? new AppError(ErrorCode.FORBIDDEN, 'e.apiKey.consoleOnly')
              : new AppError(ErrorCode.FORBIDDEN, 'e.apiKey.scope', { scope: actor.apiKey.scope, needed: keyScope })
            : roleRefused
              ? AppError.forbidden()
              : null;
          // Every use of a key is audited with its name, refused ones with why.
          if (!keyUseRecorded.has(request) || refusal) {
            keyUseRecorded.add(request);
            await recordKeyUse(app.db.db, request, actor, refusal?.key ?? null);
          }
          if (refusal) throw refusal;
        }
        if (roleRefused) throw AppError.forbidden();
      },
    );
  },
  { name: 'authenticate', dependencies: ['core'] },
);
