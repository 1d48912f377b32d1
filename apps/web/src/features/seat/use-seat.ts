import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { SeatClient, type SeatSnapshot } from './seat-client.ts';
import { SeatMedia } from './seat-media.ts';

/**
 * One seat connection per seat page, alive while the page is: leaving the page closes it (the server
 * signs the seat out), so an agent is never offered calls on a page they cannot see.
 */
export function useSeat(deps: { microphone: MediaStream | null; speaker: () => HTMLAudioElement; onPlaybackBlocked(): void }) {
  const depsRef = useRef(deps);
  depsRef.current = deps;
  const client = useMemo(
    () =>
      new SeatClient({
        media: () => {
          const { microphone, speaker, onPlaybackBlocked } = depsRef.current;
          if (!microphone) throw new Error('no microphone');
          return new SeatMedia(microphone, speaker(), onPlaybackBlocked);
        },
      }),
    [],
  );
  useEffect(() => () => client.disconnect(), [client]);
  const snapshot: SeatSnapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  return { client, snapshot };
}
