import type { AsrSession, TtsEngine, TtsVoice, Transcript } from '../../src/speech/engines.ts';
import { directConnector } from '../../src/speech/vendors/shared/connector.ts';
import type { VendorDeps } from '../../src/speech/vendors/shared/deps.ts';

/** Vendor deps for tests: the plain connector (loopback fakes), the given credentials, a recording logger. */
export function testDeps(credentials: Record<string, Record<string, string>>, extra: Partial<VendorDeps> = {}) {
  const logged: string[] = [];
  const deps: VendorDeps = {
    credentials: async (provider) => credentials[provider] ?? null,
    connector: directConnector(),
    logger: {
      info: (details, message) => logged.push(`${message} ${JSON.stringify(details)}`),
      warn: (details, message) => logged.push(`${message} ${JSON.stringify(details)}`),
    },
    ...extra,
  };
  return { deps, logged };
}

export function voice(provider: string, url: string, extra: Partial<TtsVoice> = {}): TtsVoice {
  return { provider, url, voiceId: 'voice1', clusterKey: null, language: 'en-US', ...extra };
}

/** Every chunk of one sentence; `abortAfter` aborts once that many chunks have arrived. */
export async function synthesize(engine: TtsEngine, text: string, ttsVoice: TtsVoice, abortAfter?: number) {
  const controller = new AbortController();
  const chunks: Int16Array[] = [];
  for await (const chunk of engine.synthesize({ text, voice: ttsVoice, signal: controller.signal })) {
    chunks.push(chunk);
    if (abortAfter !== undefined && chunks.length >= abortAfter) controller.abort();
  }
  return chunks;
}

/** Collects a session's transcripts and its first error. */
export function listen(session: AsrSession) {
  const transcripts: Transcript[] = [];
  const state: { error: Error | null } = { error: null };
  let onFinal: (() => void) | null = null;
  let onError: (() => void) | null = null;
  session.on('transcript', (t) => {
    transcripts.push(t);
    if (t.final) onFinal?.();
  });
  session.on('error', (e) => {
    state.error = e;
    onError?.();
  });
  return {
    transcripts,
    get error() {
      return state.error;
    },
    final: () =>
      new Promise<Transcript>((resolve) => {
        const found = transcripts.find((t) => t.final);
        if (found) return resolve(found);
        onFinal = () => resolve(transcripts.find((t) => t.final)!);
      }),
    failed: () =>
      new Promise<Error>((resolve) => {
        if (state.error) return resolve(state.error);
        onError = () => resolve(state.error!);
      }),
  };
}

/** Pushes `count` 20 ms frames of a tone starting at call time `atMs`. */
export function pushFrames(session: AsrSession, count: number, atMs: number) {
  for (let i = 0; i < count; i++) {
    session.push(
      Int16Array.from({ length: 160 }, (_, k) => ((i * 160 + k) % 100) * 10),
      atMs + i * 20,
    );
  }
}
