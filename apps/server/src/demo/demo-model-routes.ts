import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { demoReply, demoTokens } from './demo-model.ts';

/** Token pacing of the demo model: a first token after a short think, then a steady stream. */
export const DEMO_MODEL_PACING = { firstTokenMs: 250, tokenMs: 35 } as const;

/** The one model this endpoint serves (any `model` name is accepted and echoed, as local servers do). */
const MODEL_ID = 'dialwise-demo';
/** When the demo model "was created" (Unix seconds), for /v1/models. */
const MODEL_CREATED = 1_767_225_600;

interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream: boolean;
  includeUsage: boolean;
  maxTokens: number | null;
  n: number;
}

/**
 * The demo model as an honest OpenAI chat-completions endpoint (a scripted stand-in on our own server, holding
 * no data, so it needs no key): `POST /v1/chat/completions` streaming (SSE) or not, with `id`, `created`,
 * `model`, `usage` and `finish_reason` (in the last streamed chunk; `stop`, or `length` when `max_tokens` cut
 * it), `n` choices, `stream_options.include_usage`; `GET /v1/models` and `/v1/models/:id`; and a 400 with
 * OpenAI's error body (`{error: {message, type, param, code}}`) for malformed JSON or a bad request. Checked
 * with the official `openai` client (demo-model-routes.test.ts).
 */
export async function demoModelRoutes(app: FastifyInstance, options: { pacing?: { firstTokenMs: number; tokenMs: number } }) {
  const pacing = options.pacing ?? DEMO_MODEL_PACING;
  // Errors here answer in OpenAI's shape, not our envelope (this plugin is encapsulated: the rest of the API keeps its handler).
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? `Invalid JSON body: ${error.message}`
        : error.message;
    return openAiError(reply, status, message, null, status === 500 ? 'server_error' : 'invalid_request_error');
  });
  app.setNotFoundHandler((request, reply) =>
    openAiError(reply, 404, `Unknown request URL: ${request.method} ${request.url}`, null, 'invalid_request_error'),
  );

  const model = (id: string) => ({ id, object: 'model', created: MODEL_CREATED, owned_by: 'dialwise' });
  app.get('/v1/models', { schema: { hide: true } }, async () => ({ object: 'list', data: [model(MODEL_ID)] }));
  app.get<{ Params: { id: string } }>('/v1/models/:id', { schema: { hide: true } }, async (request, reply) =>
    request.params.id === MODEL_ID
      ? model(MODEL_ID)
      : openAiError(reply, 404, `The model '${request.params.id}' does not exist`, 'model', 'invalid_request_error', 'model_not_found'),
  );

  app.post('/v1/chat/completions', { schema: { hide: true } }, async (request, reply) => {
    const parsed = parseChatBody(request.body);
    if ('error' in parsed) return openAiError(reply, 400, parsed.error, parsed.param, 'invalid_request_error');
    const body = parsed.body;
    const text = demoReply(body.messages);
    const all = demoTokens(text);
    const tokens = body.maxTokens === null ? all : all.slice(0, body.maxTokens);
    const finishReason = tokens.length < all.length ? 'length' : 'stop';
    const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    const usage = {
      prompt_tokens: body.messages.reduce((sum, m) => sum + demoTokens(m.content).length + 4, 0),
      completion_tokens: tokens.length * body.n,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const choices = Array.from({ length: body.n }, (_, index) => index);
    if (!body.stream) {
      return reply.send({
        id,
        object: 'chat.completion',
        created,
        model: body.model,
        system_fingerprint: null,
        choices: choices.map((index) => ({
          index,
          message: { role: 'assistant', content: tokens.join(''), refusal: null },
          logprobs: null,
          finish_reason: finishReason,
        })),
        usage,
      });
    }
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null, index = 0) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: body.model,
        system_fingerprint: null,
        choices: [{ index, delta, logprobs: null, finish_reason: finish }],
      })}\n\n`;
    let gone = false;
    // The response closing before we end it means the caller went away (a barge-in cancelled the request).
    reply.raw.on('close', () => {
      if (!reply.raw.writableEnded) gone = true;
    });
    for (const index of choices) reply.raw.write(chunk({ role: 'assistant', content: '' }, null, index));
    await sleep(pacing.firstTokenMs);
    for (const token of tokens) {
      if (gone) break;
      for (const index of choices) reply.raw.write(chunk({ content: token }, null, index));
      await sleep(pacing.tokenMs);
    }
    if (!gone) {
      for (const index of choices) reply.raw.write(chunk({}, finishReason, index));
      if (body.includeUsage) {
        reply.raw.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, system_fingerprint: null, choices: [], usage })}\n\n`,
        );
      }
      reply.raw.write('data: [DONE]\n\n');
    }
    reply.raw.end();
    return reply;
  });
}

/** Checks a chat request the way OpenAI does (the fields the demo reads; others are accepted and ignored). */
function parseChatBody(raw: unknown): { body: ChatBody } | { error: string; param: string | null } {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { error: 'The request body must be a JSON object.', param: null };
  const body = raw as Record<string, unknown>;
  if (typeof body.model !== 'string' || !body.model) return { error: 'you must provide a model parameter', param: 'model' };
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return { error: "'messages' must be a non-empty array of messages.", param: 'messages' };
  }
  const messages: ChatBody['messages'] = [];
  for (const [index, message] of body.messages.entries()) {
    const m = message as Record<string, unknown> | null;
    if (!m || typeof m !== 'object' || !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(m.role))) {
      return { error: `Invalid value for 'messages[${index}].role'.`, param: `messages.[${index}].role` };
    }
    const content = textOf(m.content);
    if (content === null && m.role !== 'assistant') {
      return {
        error: `Invalid type for 'messages[${index}].content': expected a string or an array of text parts.`,
        param: `messages.[${index}].content`,
      };
    }
    messages.push({ role: String(m.role), content: content ?? '' });
  }
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') {
    return { error: "Invalid type for 'stream': expected a boolean.", param: 'stream' };
  }
  const maxTokens = body.max_completion_tokens ?? body.max_tokens;
  if (maxTokens !== undefined && maxTokens !== null && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) {
    return { error: "Invalid 'max_tokens': expected an integer of at least 1.", param: 'max_tokens' };
  }
  const n = body.n ?? 1;
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > 8)
    return { error: "Invalid 'n': expected an integer from 1 to 8.", param: 'n' };
  for (const [key, max] of [
    ['temperature', 2],
    ['top_p', 1],
  ] as const) {
    const value = body[key];
    if (value !== undefined && value !== null && (typeof value !== 'number' || value < 0 || value > max)) {
      return { error: `Invalid '${key}': expected a number from 0 to ${max}.`, param: key };
    }
  }
  const streamOptions = body.stream_options as { include_usage?: unknown } | undefined;
  return {
    body: {
      model: body.model,
      messages,
      stream: body.stream === true,
      includeUsage: streamOptions?.include_usage === true,
      maxTokens: (maxTokens as number | undefined) ?? null,
      n: n as number,
    },
  };
}

/** A message's content: a string, or the text of its parts. Null: neither. */
function textOf(content: unknown): string | null {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return null;
  const parts = content.map((part) => (typeof part?.text === 'string' ? (part.text as string) : null));
  return parts.every((part) => part !== null) ? parts.join('') : null;
}

function openAiError(reply: FastifyReply, status: number, message: string, param: string | null, type: string, code: string | null = null) {
  return reply.code(status).send({ error: { message, type, param, code } });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
