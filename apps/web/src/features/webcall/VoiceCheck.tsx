import { useEffect } from 'react';
import { DevicePanel } from '../seat/DevicePanel.tsx';
import { useMicrophone } from '../seat/use-microphone.ts';

/**
 * The microphone check before a voice test call, as the seat has it: the browser's prompt on first use, the
 * device, the site's permission, a live level and the "no microphone" / "permission denied" / "unavailable"
 * states with what to do. `onReady` gets the live stream once it passes, and null while it does not.
 */
export function VoiceCheck({ onReady }: { onReady: (stream: MediaStream | null) => void }) {
  const microphone = useMicrophone();
  const ready = microphone.status === 'ready' ? microphone.stream : null;
  useEffect(() => {
    onReady(ready);
  }, [ready, onReady]);
  useEffect(() => () => onReady(null), [onReady]);
  return (
    <div className="web-call-check" data-testid="web-call-check">
      <DevicePanel microphone={microphone} />
    </div>
  );
}
