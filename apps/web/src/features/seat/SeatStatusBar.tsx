import { Alert, Button, Card, Switch, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconPoweroff } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../locale/index.ts';
import type { SeatClient, SeatSnapshot } from './seat-client.ts';
import { CONNECTION_COLOR, DROPPING_ERRORS, SEAT_STATE_COLOR, seatErrorText } from './seat-labels.ts';

interface Props {
  client: SeatClient;
  seat: SeatSnapshot;
  /** The microphone passed its check: signing in is allowed. */
  microphoneReady: boolean;
  /** The callDisplay page's project (the seat signs in for it alone). */
  projectId: string | null;
}

/** The seat's two states, always in view, and the actions that move them (start work, sign in/out, standby). */
export function SeatStatusBar({ client, seat, microphoneReady, projectId }: Props) {
  const { t } = useTranslation();
  const connected = seat.connection === 'connected';
  const signedIn = seat.seatState === 'waiting' || seat.seatState === 'signed-in' || seat.seatState === 'in-call';
  const dropped = seat.error !== null && DROPPING_ERRORS.has(seat.error.code);
  const signIn = () => client.signIn({ projectId, standby: true });

  return (
    <Card className="seat-status" data-testid="seat-status">
      <div className="seat-status-row">
        <div className="seat-status-group">
          <span className="seat-status-item">
            <Typography.Text type="secondary">{t('seat.seatState')}</Typography.Text>
            <Tag color={SEAT_STATE_COLOR[seat.seatState]} data-testid="seat-state" data-state={seat.seatState}>
              {t(`seat.state.${seat.seatState}`)}
            </Tag>
          </span>
          <span className="seat-status-item">
            <Typography.Text type="secondary">{t('seat.connectionState')}</Typography.Text>
            <Tag color={CONNECTION_COLOR[seat.connection]} data-testid="seat-connection" data-state={seat.connection}>
              {t(`seat.connection.${seat.connection}`)}
            </Tag>
          </span>
        </div>
        <div className="seat-status-group">
          {!connected && (
            <Tooltip content={t('seat.startWorkHint')}>
              <Button type="primary" icon={<IconPoweroff />} onClick={() => client.connect()} data-testid="seat-start">
                {t('seat.startWork')}
              </Button>
            </Tooltip>
          )}
          {connected && !signedIn && (
            <Tooltip content={microphoneReady ? null : t('seat.needMicrophone')}>
              <Button type="primary" disabled={!microphoneReady} onClick={signIn} data-testid="seat-sign-in">
                {t('seat.signIn')}
              </Button>
            </Tooltip>
          )}
          {connected && signedIn && (
            <>
              <span className="seat-status-item">
                <Switch
                  checked={seat.seatState !== 'signed-in'}
                  disabled={seat.seatState === 'in-call'}
                  onChange={(on) => client.setStandby(on)}
                  data-testid="seat-standby"
                />
                <Tooltip content={t('seat.standbyHint')}>
                  <Typography.Text>{t('seat.standby')}</Typography.Text>
                </Tooltip>
              </span>
              <Tooltip content={seat.seatState === 'in-call' ? t('seat.signOutBusy') : null}>
                <Button
                  status="warning"
                  loading={seat.signingOut}
                  disabled={seat.seatState === 'in-call'}
                  onClick={() => client.signOut()}
                  data-testid="seat-sign-out"
                >
                  {t('seat.signOut')}
                </Button>
              </Tooltip>
            </>
          )}
        </div>
      </div>
      {seat.error && (
        <Alert
          className="seat-status-alert"
          type={dropped || seat.error.code === 'call-connection-failed' ? 'error' : 'warning'}
          content={seatErrorText(seat.error.code, currentLocale())}
          data-testid="seat-error"
          data-code={seat.error.code}
          action={
            dropped ? (
              <Button
                size="small"
                type="primary"
                disabled={!microphoneReady}
                onClick={() => client.connect({ signIn: { projectId, standby: true } })}
                data-testid="seat-reconnect"
              >
                {t('seat.reconnect')}
              </Button>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}
