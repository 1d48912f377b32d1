import { Alert, Button, Card, Empty, Progress, Space, Steps, Tag, Typography } from '@arco-design/web-react';
import { IconPhone, IconMute, IconVoice, IconCloseCircle } from '@arco-design/web-react/icon';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../call-records/format.ts';
import { startRinging } from './audio-tones.ts';
import { CustomerNumber } from './CustomerNumber.tsx';
import type { SeatOffer } from '@dialwise/contracts';
import type { SeatClient, SeatSnapshot } from './seat-client.ts';

/** Re-renders every `ms` while `on`, and answers the current time. */
function useNow(on: boolean, ms = 250): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [on, ms]);
  return on ? now : Date.now();
}

const PHASES = ['media', 'pre-voice', 'connected'] as const;

/** Why the customer asked for a person, in one line: the AI's summary, else the customer's last words. */
function whyOf(offer: SeatOffer): string | null {
  if (offer.summary) return offer.summary;
  const last = [...offer.conversation].reverse().find((line) => line.speaker === 'customer');
  return last ? `“${last.text}”` : null;
}

/** The call: an offer ringing with its countdown, then the call's phases, timer, mute and hang-up. */
export function CallPanel({
  client,
  seat,
  playbackBlocked,
  onPlay,
}: {
  client: SeatClient;
  seat: SeatSnapshot;
  playbackBlocked: boolean;
  onPlay(): void;
}) {
  const { t } = useTranslation();
  const ringing = seat.offer;
  const call = seat.call;
  const now = useNow(Boolean(ringing || call));

  // The ring plays while an offer waits, and stops when it is taken, passed or withdrawn.
  useEffect(() => (ringing ? startRinging() : undefined), [ringing]);

  // A call that ended and waits to be filed keeps its notice and its "Next call" even while a new offer rings.
  const ended = seat.lastCall && (
    <div className="seat-ended" data-testid="seat-call-ended" data-reason={seat.lastCall.reason}>
      <Alert
        type={seat.lastCall.reason === 'media-failed' ? 'error' : 'info'}
        title={t('seat.call.ended')}
        content={ringing ? t('seat.call.filePending') : t(`seat.call.endedBy.${seat.lastCall.reason}`)}
      />
      <Button className="seat-next" onClick={() => client.clearLastCall()} data-testid="seat-next">
        {t('seat.call.done')}
      </Button>
    </div>
  );

  let body;
  if (ringing) {
    const why = whyOf(ringing.offer);
    const left = Math.max(0, Math.ceil((ringing.endsAt - now) / 1000));
    body = (
      <div className="seat-offer" data-testid="seat-offer">
        <Space align="center">
          <IconPhone className="seat-ring-icon" />
          <Typography.Title heading={5} className="seat-offer-title">
            {t('seat.call.incoming')}
          </Typography.Title>
          <CustomerNumber number={ringing.offer.customerNumber} test={ringing.offer.test} testId="seat-offer-number" />
        </Space>
        <Typography.Paragraph type="secondary">
          {ringing.offer.projectName} · {ringing.offer.taskName}
        </Typography.Paragraph>
        {why && (
          <div className="seat-offer-why">
            <Typography.Text type="secondary" className="seat-offer-why-label">
              {t('seat.call.why')}
            </Typography.Text>
            {/* Clamped by CSS: Arco's measured ellipsis cut Chinese mid-word with no "…" in this flex row. */}
            <span className="seat-offer-why-text" title={why} data-testid="seat-offer-why-text">
              {why}
            </span>
          </div>
        )}
        <Progress
          percent={Math.max(0, Math.min(100, ((ringing.endsAt - now) * 100) / ringing.totalMs))}
          showText={false}
          status={left <= 5 ? 'warning' : 'normal'}
        />
        <Typography.Text data-testid="seat-offer-countdown" data-seconds={left}>
          {t('seat.call.countdown', { seconds: left })}
        </Typography.Text>
        <Space className="seat-offer-actions">
          <Button type="primary" status="success" icon={<IconPhone />} onClick={() => client.accept()} data-testid="seat-accept">
            {t('seat.call.accept')}
          </Button>
          <Button onClick={() => client.reject()} data-testid="seat-reject">
            {t('seat.call.reject')}
          </Button>
        </Space>
        {ended}
      </div>
    );
  } else if (call) {
    const started = call.connectedAt ?? call.acceptedAt;
    body = (
      <div className="seat-incall" data-testid="seat-call" data-phase={call.phase} data-pre-voice={call.preVoiceAt !== null}>
        <Space align="center" className="seat-incall-head">
          <CustomerNumber number={call.offer.customerNumber} test={call.offer.test} testId="seat-call-number" large />
          <span className="seat-timer" data-testid="seat-call-timer">
            {t('seat.call.timer')} {formatDuration(now - started)}
          </span>
          {call.muted && <Tag color="orangered">{t('seat.call.muted')}</Tag>}
        </Space>
        <Steps size="small" current={PHASES.indexOf(call.phase) + 1} className="seat-phases">
          {PHASES.map((phase) => (
            <Steps.Step key={phase} title={t(`seat.call.phase.${phase}`)} />
          ))}
        </Steps>
        <Typography.Paragraph type="secondary" data-testid="seat-call-phase-hint">
          {call.phase === 'pre-voice'
            ? t('seat.call.preVoiceHint')
            : call.phase === 'connected'
              ? t('seat.call.connectedHint')
              : t('seat.call.phase.media')}
        </Typography.Paragraph>
        {playbackBlocked && (
          <Alert
            type="warning"
            content={t('seat.call.audioBlocked')}
            action={
              <Button size="small" onClick={onPlay}>
                ▶
              </Button>
            }
          />
        )}
        <Space>
          <Button
            icon={call.muted ? <IconVoice /> : <IconMute />}
            disabled={call.phase !== 'connected'}
            onClick={() => client.setMuted(!call.muted)}
            data-testid="seat-mute"
            data-muted={call.muted}
          >
            {call.muted ? t('seat.call.unmute') : t('seat.call.mute')}
          </Button>
          <Button type="primary" status="danger" icon={<IconCloseCircle />} onClick={() => client.hangUp()} data-testid="seat-hang-up">
            {t('seat.call.hangUp')}
          </Button>
        </Space>
      </div>
    );
  } else if (ended) {
    body = ended;
  } else {
    const waiting = seat.seatState === 'waiting';
    body = (
      <>
        {seat.withdrawn && (
          <Alert
            type="warning"
            className="seat-withdrawn"
            content={t(`seat.call.withdrawn.${seat.withdrawn.reason}`)}
            data-testid="seat-withdrawn"
          />
        )}
        <Empty description={waiting ? t('seat.call.idleWaiting') : t('seat.call.idleSignedOut')} data-testid="seat-idle" />
      </>
    );
  }

  return (
    <Card title={t('seat.call.title')} className="seat-card seat-call-card">
      {body}
    </Card>
  );
}
