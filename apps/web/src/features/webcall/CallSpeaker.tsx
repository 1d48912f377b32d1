import { Alert, Button, Typography } from '@arco-design/web-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  speaker: RefObject<HTMLAudioElement>;
  /** The browser refused to play the call's audio by itself (autoplay policy): offer a Play button. */
  playbackBlocked: boolean;
  onPlaybackBlocked: (blocked: boolean) => void;
  /** The call's RTP counts, shown while its media lasts. */
  packets: { sent: number; received: number } | null;
  /** Test ids and class names: `<prefix>-speaker`, `<statsId>`. */
  speakerId: string;
  statsId: string;
}

/**
 * The far end's voice in a browser call (the AI's, then a seat's after a transfer), the Play button when the
 * browser blocks autoplay, and the page's RTP counts: the same in the test bench's voice mode and a task's test call.
 */
export function CallSpeaker({ speaker, playbackBlocked, onPlaybackBlocked, packets, speakerId, statsId }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {/* Attached and played when the call's track arrives. */}
      <audio ref={speaker} autoPlay data-testid={speakerId} />
      {playbackBlocked && (
        <Alert
          type="warning"
          style={{ marginBottom: 12 }}
          content={t('webcall.playbackBlocked')}
          action={
            <Button
              size="mini"
              onClick={() => {
                onPlaybackBlocked(false);
                speaker.current?.play().catch(() => onPlaybackBlocked(true));
              }}
            >
              {t('webcall.play')}
            </Button>
          }
        />
      )}
      {packets && (
        <Typography.Text
          type="secondary"
          className={statsId}
          data-testid={statsId}
          data-sent={packets.sent}
          data-received={packets.received}
        >
          {t('webcall.stats', packets)}
        </Typography.Text>
      )}
    </>
  );
}
