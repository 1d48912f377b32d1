import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible chat-completions server for tests (an external service, faked as a real HTTP
 * server on loopback). Each request is answered by `script(request)`: tokens streamed as SSE with a delay,
 * an HTTP error, a malformed chunk, a stall, or an empty stream. Requests are kept for assertions.
 */
export interface FakeLlmRequest {
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
  headers: IncomingMessage['headers'];
}

export type FakeReply =
  | {
      kind: 'tokens';
      tokens: string[];
      delayMs?: number;
      firstDelayMs?: number;
      /**
       * The stream stops after `afterTokens` tokens until `until` settles: a test makes "the model is still
       * answering when X happens" true by construction, instead of by a delay it hopes is long enough.
       */
      hold?: { afterTokens: number; until: Promise<unknown> };
    }
  | { kind: 'http'; status: number; body: string }
  | { kind: 'malformed' }
  | { kind: 'stall'; tokens?: string[] }
  | { kind: 'empty' };

export interface FakeLlm {
  url: string;
  requests: FakeLlmRequest[];
  /** Requests whose client went away before the answer ended (barge-in cancels). */
  cancelled: number;
  /** Answers sent to their end (a test waits for the model to have said everything before the callee goes on). */
  finished: number;
  close(): Promise<void>;
}

/** Splits a text into token-like pieces (words with their spaces). */
export function tokens(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

export async function startFakeLlm(script: (request: FakeLlmRequest) => FakeReply): Promise<FakeLlm> {
  const requests: FakeLlmRequest[] = [];
  const state = { cancelled: 0, finished: 0 };
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Omit<FakeLlmRequest, 'headers'>;
      const request = { ...body, headers: req.headers };
      requests.push(request);
      void answer(res, script(request), request.stream === true);
    });
  });
  const answer = async (res: ServerResponse, reply: FakeReply, stream: boolean) => {
    if (!stream && reply.kind === 'tokens') {
      // A plain (non-streaming) completion: the whole text at once.
      await sleep(reply.firstDelayMs ?? 0);
      const content = reply.tokens.join('');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content } }] }));
      state.finished++;
      return;
    }
    if (reply.kind === 'http') {
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
      return;
    }
    open.add(res);
    let gone = false;
    res.on('close', () => {
      open.delete(res);
      if (!res.writableEnded) {
        gone = true;
        state.cancelled++;
      }
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: string) => res.write(`data: ${data}\n\n`);
    const chunk = (content: string) => send(JSON.stringify({ choices: [{ index: 0, delta: { content } }] }));
    send(JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant' } }] }));
    if (reply.kind === 'malformed') {
      send('{"choices": [ {"delta": ');
      res.end();
      return;
    }
    if (reply.kind === 'empty') {
      send('[DONE]');
      res.end();
      return;
    }
    if (reply.kind === 'stall') {
      for (const token of reply.tokens ?? []) chunk(token);
      return; // never ends: the client's idle timeout must
    }
    await sleep(reply.firstDelayMs ?? 0);
    for (const [index, token] of reply.tokens.entries()) {
      if (index === reply.hold?.afterTokens) await reply.hold.until;
      if (gone) return;
      chunk(token);
      await sleep(reply.delayMs ?? 0);
    }
    if (gone) return;
    send('[DONE]');
    res.end();
    state.finished++;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get cancelled() {
      return state.cancelled;
    },
    get finished() {
      return state.finished;
    },
    close: async () => {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
