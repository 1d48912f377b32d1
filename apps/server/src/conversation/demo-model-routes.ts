import type { FastifyInstance } from 'fastify';
import { demoReply, demoTokens } from './demo-model.ts';

/** Token pacing of the demo model: a first token after a short think, then a steady stream. */
export const DEMO_MODEL_PACING = { firstTokenMs: 250, tokenMs: 35 } as const;

/**
 * `POST /api/demo-llm/v1/chat/completions`: the demo model as an OpenAI-compatible endpoint, streaming
 * (SSE) or not. It needs no key (it is a scripted stand-in on our own server, holding no data).
 */
export async function demoModelRoutes(app: FastifyInstance, options: { pacing?: { firstTokenMs: number; tokenMs: number } }) {
  const pacing = options.pacing ?? DEMO_MODEL_PACING;
  app.post('/v1/chat/completions', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as { messages?: Array<{ role?: unknown; content?: unknown }>; stream?: unknown; model?: unknown };
    const messages = (Array.isArray(body.messages) ? body.messages : []).map((m) => ({
      role: String(m.role ?? ''),
      content: String(m.content ?? ''),
    }));
    const text = demoReply(messages);
    const model = typeof body.model === 'string' ? body.model : 'dialwise-demo';
    if (body.stream !== true) {
      return reply.send({
        id: 'demo',
        object: 'chat.completion',
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      });
    }
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: string) => reply.raw.write(`data: ${data}\n\n`);
    let gone = false;
    // The response closing before we end it means the caller went away (a barge-in cancelled the request).
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) gone = true;
    });
    await sleep(pacing.firstTokenMs);
    for (const token of demoTokens(text)) {
      if (gone) break;
      send(JSON.stringify({ id: 'demo', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: { content: token } }] }));
      await sleep(pacing.tokenMs);
    }
    if (!gone) send('[DONE]');
    reply.raw.end();
    return reply;
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
