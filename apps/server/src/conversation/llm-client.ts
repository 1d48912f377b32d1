import { type ConversationLine, keyHeaderValue, type LlmFailure } from '@dialwise/contracts';
import { followOwnServer, outboundFetch } from '../net/outbound-guard.ts';

/**
 * The OpenAI-compatible chat completions client. `chatCompletion` waits for the whole answer: the LLM test
 * action, and the short questions of a call (yes/no conditions, the referee, fillers, the analysis after the
 * call). A reply spoken during a call streams instead (llm-stream.ts), with the same URL, headers and body
 * built here, so both ways reach a provider alike.
 *
 * The URL of an LLM is its API base (`https://api.openai.com/v1`, `http://127.0.0.1:11434/v1`) and the
 * call goes to `<base>/chat/completions`; a URL that already ends in `/chat/completions` is called as is,
 * since that is what providers' consoles often show.
 */
export interface LlmEndpoint {
  url: string;
  /** Sent as `model`. */
  calledName: string;
  /** Header the key goes in; `Authorization` gets `Bearer <key>`, any other header the bare key. */
  keyName: string;
  /** Null: no key header is sent (local model servers). */
  apiKey: string | null;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * A transcript in the model's words, the one place they are spoken: the AI's lines are the `assistant`'s, the
 * customer's and a seat's the `user`'s (a seat's marked as a human agent's). Fillers are left out (they answer
 * nothing), and a reply the customer cut short ends in "…" so the model knows it was not heard whole.
 */
export function chatMessagesOf(lines: readonly ConversationLine[]): ChatMessage[] {
  return lines
    .filter((line) => !line.filler)
    .map((line) => ({
      role: line.speaker === 'ai' ? 'assistant' : 'user',
      content: line.speaker === 'seat' ? `[human agent] ${line.text}` : line.interrupted ? `${line.text} …` : line.text,
    }));
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  topP?: number | null;
  /** Merged into the request body (a processor's extra options); cannot override model/messages/stream. */
  extra?: Record<string, unknown>;
}

export type ChatResult =
  | { ok: true; reply: string; status: number; latencyMs: number; endpoint: string }
  | { ok: false; failure: LlmFailure; status: number | null; detail: string; latencyMs: number; endpoint: string };

export interface CallOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

const COMPLETIONS = '/chat/completions';
/** Bodies are read up to this size: a reply is short, a stray HTML page need not be read whole. */
const MAX_BODY_CHARS = 1_000_000;
const DETAIL_CHARS = 300;

export function chatCompletionsUrl(url: string): string {
  // The demo model's row may name the port of an earlier start: it is this server's, on the port it runs on now.
  const trimmed = followOwnServer(url.trim()).replace(/\/+$/, '');
  const parsed = new URL(trimmed);
  if (parsed.pathname.replace(/\/+$/, '').endsWith(COMPLETIONS)) return trimmed;
  parsed.pathname = `${parsed.pathname.replace(/\/+$/, '')}${COMPLETIONS}`;
  return parsed.toString();
}

export function requestHeaders(endpoint: Pick<LlmEndpoint, 'keyName' | 'apiKey'>): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (endpoint.apiKey) headers[endpoint.keyName] = keyHeaderValue(endpoint.keyName, endpoint.apiKey);
  return headers;
}

export function requestBody(endpoint: Pick<LlmEndpoint, 'calledName'>, request: ChatRequest): Record<string, unknown> {
  const body: Record<string, unknown> = { ...request.extra };
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.topP !== undefined && request.topP !== null) body.top_p = request.topP;
  return { ...body, model: endpoint.calledName, messages: request.messages, stream: false };
}

/** The provider's own words for an error: OpenAI's `{error: {message}}`, Ollama's `{error: "…"}`, or the text. */
export function providerMessage(text: string): string {
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const error = json.error;
    if (typeof error === 'string') return error;
    if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
      return (error as { message: string }).message;
    if (typeof json.message === 'string') return json.message;
    if (typeof json.detail === 'string') return json.detail;
  } catch {
    // not JSON: the text itself
  }
  return clip(text.replace(/\s+/g, ' ').trim()) || '(empty answer)';
}

function clip(text: string): string {
  return text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text;
}

/** `choices[0].message.content`, as a string or as a list of text parts. */
function replyOf(json: unknown): string | null {
  const choice = (json as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const parts = content.map((part) => (typeof part === 'string' ? part : typeof part?.text === 'string' ? part.text : '')).join('');
    return parts || null;
  }
  return null;
}

/** One chat completion, never throwing: every way it can fail comes back as a typed failure. */
export async function chatCompletion(endpoint: LlmEndpoint, request: ChatRequest, options: CallOptions): Promise<ChatResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: string;
  try {
    url = chatCompletionsUrl(endpoint.url);
  } catch {
    return { ok: false, failure: 'network', status: null, detail: `invalid URL ${endpoint.url}`, latencyMs: 0, endpoint: endpoint.url };
  }
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const fail = (failure: LlmFailure, status: number | null, detail: string): ChatResult => ({
    ok: false,
    failure,
    status,
    detail,
    latencyMs: elapsed(),
    endpoint: url,
  });

  let response: Response;
  let text: string;
  try {
    response = await (options.fetch ?? outboundFetch)(url, {
      method: 'POST',
      headers: requestHeaders(endpoint),
      body: JSON.stringify(requestBody(endpoint, request)),
      signal,
      redirect: 'follow',
    });
    text = (await response.text()).slice(0, MAX_BODY_CHARS);
  } catch (error) {
    if (timeout.aborted) return fail('timeout', null, `${options.timeoutMs} ms`);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return fail('network', null, cause?.code ?? cause?.message ?? (error as Error).message);
  }
  if (!response.ok) return fail('http', response.status, providerMessage(text));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('badJson', response.status, clip(text.replace(/\s+/g, ' ').trim()) || '(empty answer)');
  }
  const reply = replyOf(json);
  if (reply === null) return fail('noReply', response.status, clip(text));
  return { ok: true, reply, status: response.status, latencyMs: elapsed(), endpoint: url };
}
