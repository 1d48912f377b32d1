import type { TtsEngine, TtsVoice } from './engines.ts';

/** A whole sentence from a TTS as one clip (8 kHz), for audio that is played as one piece (prologues, recordings). */
export async function wholeClip(tts: TtsEngine, text: string, voice: TtsVoice, signal?: AbortSignal): Promise<Int16Array> {
  const parts: Int16Array[] = [];
  for await (const chunk of tts.synthesize({ text, voice, signal: signal ?? new AbortController().signal })) parts.push(chunk);
  if (parts.length === 1) return parts[0]!;
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The offline voice of a language (no vendor, no voice id). */
export function offlineVoice(language: string, voiceId = ''): TtsVoice {
  return { provider: 'offline', url: null, voiceId, clusterKey: null, language };
}
