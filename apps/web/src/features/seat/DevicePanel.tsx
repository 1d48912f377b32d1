import { Alert, Button, Card, Descriptions, Progress, Select, Space, Tag, Typography } from '@arco-design/web-react';
import { IconSound, IconVoice } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playTestTone } from './audio-tones.ts';
import { useInputLevel, type Microphone } from './use-microphone.ts';
import './device-panel.css';

const ERROR_KEYS = {
  denied: 'seat.device.error.denied',
  'not-found': 'seat.device.error.notFound',
  unavailable: 'seat.device.error.unavailable',
} as const;

/** Device detection: the microphone, the site's permission, a live input level and a speaker test. */
export function DevicePanel({ microphone }: { microphone: Microphone }) {
  const { t } = useTranslation();
  const level = useInputLevel(microphone.stream);
  const [playing, setPlaying] = useState(false);
  const [plays, setPlays] = useState(0);
  const error = microphone.status in ERROR_KEYS ? ERROR_KEYS[microphone.status as keyof typeof ERROR_KEYS] : null;

  const status =
    microphone.status === 'ready' ? (
      <Tag color="green">{t('seat.device.ready')}</Tag>
    ) : microphone.status === 'checking' ? (
      <Tag>{t('seat.device.checking')}</Tag>
    ) : error ? (
      <Tag color="red">{t(error)}</Tag>
    ) : (
      <Tag>{t('seat.device.notChecked')}</Tag>
    );

  return (
    <Card title={t('seat.device.title')} className="seat-card" data-testid="seat-devices" data-status={microphone.status}>
      {error && (
        <Alert
          type="error"
          className="seat-device-alert"
          title={t(error)}
          content={t(`${error}Help`)}
          data-testid="seat-device-error"
          data-error={microphone.status}
        />
      )}
      <Descriptions
        column={1}
        size="small"
        colon=" "
        data={[
          { label: t('seat.device.microphone'), value: <span data-testid="seat-mic-status">{status}</span> },
          {
            label: t('seat.device.permission'),
            value: <span data-testid="seat-mic-permission">{t(`seat.permission.${microphone.permission}`)}</span>,
          },
          {
            label: t('seat.device.choose'),
            value: (
              <Select
                size="small"
                className="seat-device-select"
                value={microphone.deviceId ?? undefined}
                placeholder={t('seat.device.default')}
                disabled={microphone.devices.length === 0}
                onChange={(deviceId: string) => void microphone.check(deviceId)}
                options={microphone.devices.map((device, index) => ({
                  value: device.deviceId,
                  label: device.label || `${t('seat.device.microphone')} ${index + 1}`,
                }))}
                data-testid="seat-mic-select"
              />
            ),
          },
          {
            label: t('seat.device.level'),
            value: (
              <div className="seat-level" data-testid="seat-mic-level" data-level={level.toFixed(3)}>
                <IconVoice />
                <Progress
                  percent={Math.round(level * 100)}
                  showText={false}
                  color={level > 0.8 ? 'rgb(var(--warning-6))' : 'rgb(var(--success-6))'}
                  animation={false}
                />
              </div>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" className="seat-hint">
        {t('seat.device.levelHint')}
      </Typography.Text>
      <Space className="seat-device-actions" wrap>
        <Button
          onClick={() => void microphone.check(microphone.deviceId)}
          loading={microphone.status === 'checking'}
          data-testid="seat-mic-check"
        >
          {microphone.status === 'idle' ? t('seat.device.check') : t('seat.device.recheck')}
        </Button>
        <Button
          icon={<IconSound />}
          loading={playing}
          onClick={() => {
            setPlaying(true);
            void playTestTone().finally(() => {
              setPlaying(false);
              setPlays((n) => n + 1);
            });
          }}
          data-testid="seat-speaker-test"
          data-plays={plays}
        >
          {playing ? t('seat.device.testTonePlaying') : t('seat.device.testTone')}
        </Button>
      </Space>
      <Typography.Text type="secondary" className="seat-hint">
        {t('seat.device.testToneHint')}
      </Typography.Text>
    </Card>
  );
}
