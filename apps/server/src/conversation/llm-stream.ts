/**
 * The streaming side of the OpenAI-compatible client: `stream: true`, the answer read as server-sent
 * events (`data: {choices:[{delta:{content}}]}` lines, `data: [DONE]` at the end) and handed on token by
 * token. Aborting the signal (barge-in, the call ending) cancels the HTTP request at once.
 *
 * Failures throw one typed error, so the runtime can choose its fallback: `timeout` (no first token in
 * time, or the stream stalls), `network`, `http` (with the provider's message), `badJson` (a malformed
 * chunk), `noReply` (the stream ended without any text). An abort by the caller ends the iteration
 * quietly (no error): the caller asked for it.
 */
import type { LlmFailure } from '@dialwise/contracts';
import { outboundFetch } from '../net/outbound-guard.ts';
import { type ChatRequest, chatCompletionsUrl, type LlmEndpoint, providerMessage, requestBody, requestHeaders } from './llm-client.ts';

export class LlmStreamError extends Error {
  constructor(
    readonly failure: LlmFailure,
    readonly status: number | null,
    readonly detail: string,
  ) {
    super(`${failure}${status ? ` ${status}` : ''}: ${detail}`);
  }
}

export interface StreamOptions {
  /** Caller's cancellation (barge-in, hang-up). */
  signal?: AbortSignal;
  /** No first token within this → timeout. */
  firstTokenTimeoutMs: number;
  /** No token for this long once started → timeout (a stalled stream). */
  idleTimeoutMs?: number;
  fetch?: typeof fetch;
}

/** Yields the answer's text as it streams. */
export async function* streamChat(endpoint: LlmEndpoint, request: ChatRequest, options: StreamOptions): AsyncGenerator<string> {
  let url: string;
  try {
    url = chatCompletionsUrl(endpoint.url);
  } catch {
    throw new LlmStreamError('network', null, `invalid URL ${endpoint.url}`);
  }
  // One controller cancels the request, for our timeouts and for the caller's signal alike (a listener on
  // the caller's signal, not AbortSignal.any: that one costs several times more per request in Node 20).
  // Its reason is made once: an abort without one builds a DOMException with its stack, per request.
  const watchdog = new AbortController();
  const signal = watchdog.signal;
  const callerAborted = () => watchdog.abort(CANCELLED);
  if (options.signal?.aborted) return;
  options.signal?.addEventListener('abort', callerAborted, { once: true });
  let timer = setTimeout(() => watchdog.abort(CANCELLED), options.firstTokenTimeoutMs);
  const idleMs = options.idleTimeoutMs ?? options.firstTokenTimeoutMs;
  // Each token pushes the stall deadline back: refresh() re-arms the same timer, no new one per token.
  let produced = false;
  const rearm = () => {
    if (produced || idleMs === options.firstTokenTimeoutMs) timer.refresh();
    else {
      clearTimeout(timer);
      timer = setTimeout(() => watchdog.abort(CANCELLED), idleMs);
    }
  };
  const timedOut = () => watchdog.signal.aborted && !options.signal?.aborted;
  let chunks: AsyncIterator<Uint8Array> | null = null;
  let complete = false;
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? outboundFetch)(url, {
        method: 'POST',
        headers: { ...requestHeaders(endpoint), accept: 'text/event-stream' },
        body: JSON.stringify({ ...requestBody(endpoint, request), stream: true }),
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) return;
      if (timedOut()) throw new LlmStreamError('timeout', null, `no answer in ${options.firstTokenTimeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new LlmStreamError('network', null, cause?.code ?? cause?.message ?? (error as Error).message);
    }
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      throw new LlmStreamError('http', response.status, providerMessage(text));
    }
    const decoder = new TextDecoder();
    let pending = '';
    chunks = response.body[Symbol.asyncIterator]();
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        pending += decoder.decode(next.value, { stream: true });
        let newline = pending.indexOf('\n');
        while (newline >= 0) {
          const line = pending.slice(0, newline).trim();
          pending = pending.slice(newline + 1);
          newline = pending.indexOf('\n');
          if (!line.startsWith('data:')) continue;
          const data = line.slice(5).trim();
          if (data === '[DONE]') {
            if (!produced) throw new LlmStreamError('noReply', response.status, 'the stream ended without text');
            complete = true;
            return;
          }
          const token = tokenOf(data);
          if (token === null) throw new LlmStreamError('badJson', response.status, data.slice(0, 200));
          if (token === '') continue;
          rearm();
          produced = true;
          yield token;
        }
      }
    } catch (error) {
      if (error instanceof LlmStreamError) throw error;
      if (options.signal?.aborted) return;
      if (timedOut()) throw new LlmStreamError('timeout', response.status, produced ? 'the stream stalled' : 'no first token');
      throw new LlmStreamError('network', response.status, (error as Error).message);
    }
    if (!produced) throw new LlmStreamError('noReply', response.status, 'the stream ended without text');
    complete = true;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', callerAborted);
    // The answer is whole ([DONE]): read what is left of the response (its end, usually already here) so
    // the connection goes back to the agent for the next turn; cancelling it would close the socket and
    // make every turn open a new connection. Else (the caller stopped iterating, or an error): cancel.
    if (complete && chunks) drain(chunks, watchdog);
    else watchdog.abort(CANCELLED);
  }
}

/** Reads a finished answer's response to its end (at most DRAIN_MS, then it is cancelled). */
function drain(chunks: AsyncIterator<Uint8Array>, watchdog: AbortController): void {
  const guard = setTimeout(() => watchdog.abort(CANCELLED), DRAIN_MS);
  void (async () => {
    try {
      while (!(await chunks.next()).done) {
        // a provider's trailing chunks after [DONE]: nothing to read in them
      }
    } catch {
      // cancelled by the guard, or the connection broke: nothing was waiting for it
    } finally {
      clearTimeout(guard);
    }
  })();
}

const DRAIN_MS = 2_000;

/** The reason our controller aborts with (the request's own errors say which: timeout or the caller). */
const CANCELLED = new Error('the model request was cancelled');

/** A chunk's text: '' for chunks without content (role, finish), null when it is not a chat chunk at all. */
function tokenOf(data: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const choices = (json as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return (json as { error?: unknown }).error ? null : '';
  const delta = (choices[0] as { delta?: { content?: unknown } } | undefined)?.delta;
  return typeof delta?.content === 'string' ? delta.content : '';
}
