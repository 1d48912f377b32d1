import { useEffect } from 'react';
import type { WebCallMedia } from './web-call-media.ts';

/**
 * The browser's end of a call follows the call: closed when the call is over (hung up, ended by the agent, timed
 * out, lost) or when the page goes, and a microphone chosen or checked again during the call goes on the call.
 * `forget` drops the page's hold on the closed media.
 */
export function useCallMediaLifetime(media: WebCallMedia | null, ended: boolean, microphone: MediaStream | null, forget: () => void): void {
  useEffect(() => {
    if (ended && media) {
      media.close();
      forget();
    }
  }, [ended, media, forget]);
  useEffect(() => () => media?.close(), [media]);
  useEffect(() => {
    if (media && microphone) void media.replaceMicrophone(microphone).catch(() => undefined);
  }, [media, microphone]);
}
