import { z } from 'zod';

/** True when `value` parses as an absolute URL whose scheme is one of `protocols` (without the colon). */
export function isUrlWith(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol.replace(/:$/, '')) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A required URL with one of the given schemes; `message` names the schemes allowed. */
export function urlSchema(protocols: readonly string[], message: string, max = 2000) {
  return (
    z
      .string({ error: 'v.required' })
      .trim()
      .min(1, { error: 'v.required' })
      .max(max, { error: 'v.tooLong' })
      // An empty value is reported once, as required.
      .refine((value) => value === '' || isUrlWith(value, protocols), { error: message })
  );
}

export const HTTP_PROTOCOLS = ['http', 'https'] as const;
/** Speech services (ASR, TTS) are reached over HTTP or WebSocket. */
export const SPEECH_PROTOCOLS = ['http', 'https', 'ws', 'wss'] as const;
