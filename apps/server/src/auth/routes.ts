import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_COOKIE, authEndpoints, routesForRole } from '@dialwise/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { overHttps } from '../http/security-headers.ts';
import { contextOf, presentedToken } from './authenticate.ts';
import { resolveSession } from './resolve-session.ts';
import { companyFacts, toSelfInfo } from './self-info.ts';
import { signIn } from './sign-in.ts';
import { signOut } from './sign-out.ts';

/**
 * The session cookie is readable by the console (not HttpOnly): its guard decides "signed in" by its
 * presence. It is `Secure` whenever the console is served over HTTPS (seen directly or through a
 * trusted proxy), or always with SECURE_COOKIES=true.
 */
function setSessionCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date | null) {
  reply.setCookie(AUTH_COOKIE, token, {
    path: '/',
    sameSite: 'strict',
    httpOnly: false,
    secure: app.config.secureCookies || overHttps(request),
    ...(expiresAt ? { expires: expiresAt } : {}),
  });
}

export async function authRoutes(app: FastifyInstance) {
  route(
    app,
    authEndpoints.login,
    async (request, reply) => {
      let currentSessionId: string | null = null;
      const held = presentedToken(request);
      if (held)
        currentSessionId = await resolveSession(app.db.db, held, app.clock.now()).then(
          (a) => a.sessionId,
          () => null,
        );
      const result = await signIn({ db: app.db.db, throttle: app.loginThrottle, now: () => app.clock.now() }, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        traceId: request.id,
        currentSessionId,
      });
      setSessionCookie(app, request, reply, result.token, request.body.remember ? new Date(result.expiresAt) : null);
      request.log.info({ userId: result.user.id }, 'signed in');
      return ok(request, result);
    },
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );

  route(app, authEndpoints.logout, async (request, reply) => {
    reply.clearCookie(AUTH_COOKIE, { path: '/' });
    const token = presentedToken(request);
    if (token) {
      // Logging out an already-ended session still succeeds: the browser's goal (signed out) is met.
      const actor = await resolveSession(app.db.db, token, app.clock.now()).catch(() => null);
      if (actor) await signOut({ db: app.db.db, actor, traceId: request.id }, app.clock.now());
    }
    return ok(request, null);
  });

  route(app, authEndpoints.selfInfo, async (request) => {
    const ctx = contextOf(request);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, ctx.actor.userId));
    if (!user) throw AppError.notFound();
    return ok(request, toSelfInfo(user, await companyFacts(ctx.db, user.companyId)));
  });

  route(app, authEndpoints.menu, async (request) => ok(request, routesForRole(contextOf(request).actor.role)));
  route(app, authEndpoints.menuGet, async (request) => ok(request, routesForRole(contextOf(request).actor.role)));
}
