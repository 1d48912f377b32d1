import type { FastifyInstance } from 'fastify';
import { scenarioBenchEndpoints } from '@dialwise/contracts';
import { contextOf } from '../../../auth/authenticate.ts';
import { ok } from '../../../http/envelope.ts';
import { route } from '../../../http/route.ts';
import { guardOperationArea } from '../../../auth/provider-staff.ts';
import type { BenchSessions } from './bench-sessions.ts';

/**
 * /api/operation/scenarios/bench — the scenario test bench (DEV): start a conversation with a scenario's
 * current version, say the callee's lines, hang up, and follow its events as Server-Sent Events (a few streams
 * per user at once, each ending with the sign-in session it was opened with).
 */
export async function scenarioBenchRoutes(app: FastifyInstance, { sessions }: { sessions: BenchSessions }) {
  guardOperationArea(app);

  route(app, scenarioBenchEndpoints.start, async (request) => ok(request, await sessions.start(contextOf(request), request.body)));

  route(app, scenarioBenchEndpoints.voice, async (request) => ok(request, await sessions.startVoice(contextOf(request), request.body)));

  route(app, scenarioBenchEndpoints.say, async (request) => {
    sessions.say(contextOf(request), request.body.sessionId, request.body.text);
    return ok(request, true);
  });

  route(app, scenarioBenchEndpoints.hangup, async (request) => {
    await sessions.hangUp(contextOf(request), request.body.sessionId);
    return ok(request, true);
  });

  route(app, scenarioBenchEndpoints.events, async (request, reply) => {
    const ctx = contextOf(request);
    const session = sessions.get(ctx, request.params.sessionId);
    const res = reply.raw;
    let unsubscribe: () => void = () => undefined;
    const close = () => {
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    // Capped per user; ends when the caller's sign-in session does.
    const release = sessions.openStream(ctx, close);
    reply.hijack();
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
    unsubscribe = session.subscribe((event) => {
      res.write(`data: ${JSON.stringify(event)}\n\n`);
      if (event.type === 'ended') setImmediate(close);
    });
    // Comments keep proxies from closing a quiet stream while the DEV is thinking.
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    res.on('close', () => {
      clearInterval(keepAlive);
      unsubscribe();
      release();
    });
    if (session.ended) close();
  });
}
