import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { benchSaySchema, benchSessionRefSchema, benchStartSchema, benchStartedSchema, idSchema } from '@dialwise/contracts';
import { contextOf } from '../../../auth/authenticate.ts';
import { answers, ok } from '../../../http/envelope.ts';
import { guardOperationArea } from '../../provider-staff.ts';
import type { BenchSessions } from './bench-sessions.ts';

const tags = ['operation/scenarios'];

/**
 * /api/operation/scenarios/bench — the scenario test bench (DEV): start a conversation with a scenario's
 * current version, say the callee's lines, hang up, and follow its events as Server-Sent Events.
 */
export async function scenarioBenchRoutes(app: FastifyInstance, { sessions }: { sessions: BenchSessions }) {
  guardOperationArea(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/start',
    {
      schema: {
        tags,
        summary: "Starts a test conversation with the scenario's current version",
        body: benchStartSchema,
        response: answers(benchStartedSchema),
      },
    },
    async (request) => ok(request, await sessions.start(contextOf(request), request.body)),
  );

  r.post(
    '/say',
    { schema: { tags, summary: 'The callee says a line in a test conversation', body: benchSaySchema, response: answers(z.boolean()) } },
    async (request) => {
      sessions.say(contextOf(request), request.body.sessionId, request.body.text);
      return ok(request, true);
    },
  );

  r.post(
    '/hangup',
    { schema: { tags, summary: 'Ends a test conversation', body: benchSessionRefSchema, response: answers(z.boolean()) } },
    async (request) => {
      await sessions.hangUp(contextOf(request), request.body.sessionId);
      return ok(request, true);
    },
  );

  r.get(
    '/:sessionId/events',
    {
      schema: {
        tags,
        summary: 'The test conversation as Server-Sent Events (`data: <BenchEvent JSON>`), past events first; ends after `ended`',
        params: z.object({ sessionId: idSchema }),
      },
    },
    async (request, reply) => {
      const session = sessions.get(contextOf(request), request.params.sessionId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no' });
      let unsubscribe: () => void = () => undefined;
      const close = () => {
        unsubscribe();
        if (!res.writableEnded) res.end();
      };
      unsubscribe = session.subscribe((event) => {
        res.write(`data: ${JSON.stringify(event)}\n\n`);
        if (event.type === 'ended') setImmediate(close);
      });
      // Comments keep proxies from closing a quiet stream while the DEV is thinking.
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
      res.on('close', () => {
        clearInterval(keepAlive);
        unsubscribe();
      });
      if (session.ended) close();
    },
  );
}
