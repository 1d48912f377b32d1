import { useCallback, useEffect, useRef, useState } from 'react';
import { getWebCallConfig } from './api.ts';
import { useRtpCounts } from './use-rtp-counts.ts';
import { WebCallMedia } from './web-call-media.ts';

/**
 * The browser's end of a voice call a page opens to our server (a task's test call, the scenario bench's voice
 * mode). `open` offers the microphone, hands the offer to `start` (the page's own request, which answers the
 * server's SDP) and applies the answer; it resolves to what `start` answered, or null when nothing was started
 * (the request layer has shown why, or the browser refused the offer). The media then follows the call: closed
 * when `ended` (hung up, ended by the agent, timed out, lost) or when the page goes, and a microphone chosen or
 * checked again during the call goes on the call. `speakerProps` are what `CallSpeaker` shows of it.
 */
export function useCallMedia(ended: boolean, microphone: MediaStream | null) {
  const speaker = useRef<HTMLAudioElement>(null);
  const [media, setMedia] = useState<WebCallMedia | null>(null);
  const [playbackBlocked, setPlaybackBlocked] = useState(false);
  const packets = useRtpCounts(media);

  useEffect(() => {
    if (ended && media) {
      media.close();
      setMedia(null);
    }
  }, [ended, media]);
  useEffect(() => () => media?.close(), [media]);
  useEffect(() => {
    if (media && microphone) void media.replaceMicrophone(microphone).catch(() => undefined);
  }, [media, microphone]);

  const open = useCallback(
    async <T extends { sdp: string }>(start: (sdp: string) => Promise<T>): Promise<T | null> => {
      if (!microphone || !speaker.current) return null;
      setPlaybackBlocked(false);
      const leg = new WebCallMedia(speaker.current, () => setPlaybackBlocked(true));
      try {
        const { iceServers } = await getWebCallConfig();
        const started = await start(await leg.offer(microphone, iceServers));
        await leg.answer(started.sdp);
        setMedia(leg);
        return started;
      } catch {
        leg.close();
        return null;
      }
    },
    [microphone],
  );

  const close = useCallback(() => {
    media?.close();
    setMedia(null);
  }, [media]);

  return {
    open,
    close,
    speakerProps: { speaker, playbackBlocked, onPlaybackBlocked: setPlaybackBlocked, packets: media ? packets : null },
  };
}
