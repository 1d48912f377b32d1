import { useEffect, useState } from 'react';
import type { WebCallMedia } from './web-call-media.ts';

/** The call's RTP packets sent and received, read once a second while it lasts (null before the first read). */
export function useRtpCounts(media: WebCallMedia | null): { sent: number; received: number } | null {
  const [counts, setCounts] = useState<{ sent: number; received: number } | null>(null);
  useEffect(() => {
    setCounts(null);
    if (!media) return;
    const timer = setInterval(() => {
      void media.packets().then(setCounts, () => undefined);
    }, 1000);
    return () => clearInterval(timer);
  }, [media]);
  return counts;
}
