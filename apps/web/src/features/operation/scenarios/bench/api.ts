import {
  type BenchEvent,
  type BenchStart,
  type BenchStarted,
  type BenchVoiceStart,
  type BenchVoiceStarted,
  LOCALE_HEADER,
  benchEventSchema,
  endpointPath,
  scenarioBenchEndpoints,
} from '@dialwise/contracts';
import { api } from '../../../../api/client.ts';
import { getToken } from '../../../../api/token.ts';
import { currentLocale } from '../../../../locale/index.ts';

export async function startBench(input: BenchStart): Promise<BenchStarted> {
  return api(scenarioBenchEndpoints.start, input);
}
export async function startBenchVoice(input: BenchVoiceStart): Promise<BenchVoiceStarted> {
  return api(scenarioBenchEndpoints.voice, input);
}
export async function sayOnBench(sessionId: string, text: string): Promise<void> {
  await api(scenarioBenchEndpoints.say, { sessionId, text });
}
export async function hangUpBench(sessionId: string): Promise<void> {
  await api(scenarioBenchEndpoints.hangup, { sessionId });
}

/**
 * Follows a bench conversation's Server-Sent Events (past ones first) until it ends or `signal` aborts.
 * Read with fetch, not EventSource, so the request carries the session token like every other call.
 */
export async function followBench(sessionId: string, onEvent: (event: BenchEvent) => void, signal: AbortSignal): Promise<void> {
  const token = getToken();
  const response = await fetch(endpointPath(scenarioBenchEndpoints.events, { sessionId }), {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), [LOCALE_HEADER]: currentLocale() },
    signal,
  });
  if (!response.ok || !response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    throw new Error(`bench events: HTTP ${response.status}`);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const chunk = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (chunk.startsWith('data: ')) {
        const parsed = benchEventSchema.safeParse(JSON.parse(chunk.slice(6)));
        if (parsed.success) onEvent(parsed.data);
      }
      cut = buffer.indexOf('\n\n');
    }
  }
}
