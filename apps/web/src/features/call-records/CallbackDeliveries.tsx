import { Tag, Typography } from '@arco-design/web-react';
import type { CallbackDelivery } from '@dialwise/contracts';
import { useTranslation } from 'react-i18next';
import { useCompanyTime } from '../../locale/company-time.tsx';

const STATE_COLOR: Record<CallbackDelivery['state'], string> = { pending: 'orange', delivered: 'green', failed: 'red' };

/**
 * The scenario's callbacks for this call: each event owed to each URL, whether it arrived, and every
 * attempt (when, the receiver's answer or why there was none, how long it took). A pending one says when
 * it is tried next, so "did the CRM get it?" is answered without reading server logs.
 */
export function CallbackDeliveries({ deliveries }: { deliveries: CallbackDelivery[] }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  return (
    <div className="call-callbacks" data-testid="call-callbacks">
      {deliveries.map((delivery) => (
        <div key={delivery.id} className="call-callback" data-testid={`call-callback-${delivery.event}`}>
          <div className="call-callback-head">
            <Tag size="small">{t(`callRecords.callbacks.event.${delivery.event}`)}</Tag>
            <Tag size="small" color={STATE_COLOR[delivery.state]}>
              {t(`callRecords.callbacks.state.${delivery.state}`)}
            </Tag>
            <Typography.Text className="call-callback-url" ellipsis={{ showTooltip: true }}>
              {delivery.url}
            </Typography.Text>
          </div>
          <ul className="call-callback-attempts">
            {delivery.attempts.map((attempt, index) => (
              <li key={attempt.at + String(index)}>
                <span className="call-line-time">{time.format(attempt.at)}</span>{' '}
                {attempt.error === null
                  ? t('callRecords.callbacks.answered', { status: attempt.status, ms: attempt.ms })
                  : t('callRecords.callbacks.failedAttempt', { error: attempt.error, ms: attempt.ms })}
              </li>
            ))}
            {delivery.state === 'pending' && delivery.nextAttemptAt && (
              <li className="call-callback-next">{t('callRecords.callbacks.next', { at: time.format(delivery.nextAttemptAt) })}</li>
            )}
          </ul>
        </div>
      ))}
    </div>
  );
}
