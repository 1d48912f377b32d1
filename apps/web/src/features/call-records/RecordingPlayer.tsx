import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from '@arco-design/web-react';
import type { CallRecordDetail } from '@dialwise/contracts';
import { recordingUrl } from './api.ts';
import { PartFailed } from './PartFailed.tsx';

/**
 * The browser's own audio element on the authenticated recording URL (the cookie travels with it; the
 * server answers Range requests, so seeking works). A missing or refused file shows as its own error.
 */
export function RecordingPlayer({ call }: { call: CallRecordDetail }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  if (call.state === 'live')
    return (
      <Typography.Text type="secondary" data-testid="call-record-recording-live">
        {t('callRecords.recordingLive')}
      </Typography.Text>
    );
  if (!call.hasRecording)
    return (
      <Typography.Text type="secondary" data-testid="call-record-no-recording">
        {t('callRecords.recordingNone')}
      </Typography.Text>
    );
  if (failed) {
    return (
      <PartFailed
        title={t('callRecords.recordingFailed')}
        message={t('callRecords.recordingNone')}
        testId="call-record-recording-error"
        onRetry={() => {
          setFailed(false);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  return (
    <audio
      key={attempt}
      className="call-audio"
      controls
      preload="metadata"
      src={`${recordingUrl(call.id)}${attempt ? `?try=${attempt}` : ''}`}
      onError={() => setFailed(true)}
      data-testid="call-record-audio"
    />
  );
}
