import { Alert, Card, Descriptions, Empty, Skeleton, Tabs, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConversationLine, SeatOffer } from '@dialwise/contracts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { ConversationView } from '../call-records/ConversationView.tsx';
import { CustomerInfoView } from '../call-records/CustomerInfo.tsx';
import { DispositionForm } from '../call-records/DispositionForm.tsx';
import { PartFailed } from '../call-records/PartFailed.tsx';
import { formatDuration } from '../call-records/format.ts';
import { getSeatCallInfo, seatKeys } from './api.ts';
import { CustomerNumber } from './CustomerNumber.tsx';
import { TaskDetail } from './TaskDetail.tsx';

/** The offer's conversation (wall-clock times) as the call-record view's lines (ms after the first line). */
function linesOf(offer: SeatOffer): ConversationLine[] {
  const first = offer.conversation.length > 0 ? Date.parse(offer.conversation[0]!.at) : 0;
  return offer.conversation.map((line) => ({
    speaker: line.speaker,
    text: line.text,
    atMs: Math.max(0, (Date.parse(line.at) || first) - first),
  }));
}

/**
 * What the agent reads about the call they are offered or in (warm transfer: why the customer asked for
 * a person, before speaking) and files after it. The offer carries the conversation so far and the
 * handover note (or the note follows it, as the seat client's `call-summary`; the call's info has it too
 * once written); the server adds the customer's info and history and the task.
 */
export function CallInfoPanel({ offer, canFile }: { offer: SeatOffer | null; canFile: boolean }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const info = useQuery({
    queryKey: seatKeys.info(offer?.callId ?? ''),
    queryFn: () => getSeatCallInfo(offer!.callId),
    enabled: Boolean(offer),
    retry: false,
  });
  if (!offer) {
    return (
      <Card className="seat-card seat-info-card">
        <Empty description={t('seat.info.empty')} data-testid="seat-info-empty" />
      </Card>
    );
  }
  const last = info.data?.customer.history[0];
  const summary = offer.summary ?? info.data?.call.transferSummary ?? null;
  const customer = (
    <div data-testid="seat-customer">
      <section className="seat-section">
        <Typography.Title heading={6}>{t('seat.info.why')}</Typography.Title>
        {summary ? (
          <Alert type="info" content={summary} data-testid="seat-summary" />
        ) : (
          <Typography.Text type="secondary" data-testid="seat-summary-coming">
            {t('seat.info.summaryComing')}
          </Typography.Text>
        )}
      </section>
      <section className="seat-section">
        <Descriptions
          column={2}
          size="small"
          data={[
            {
              label: t('seat.info.number'),
              value: <CustomerNumber number={offer.customerNumber} test={offer.test} testId="seat-customer-number" as="text" />,
            },
            { label: t('seat.info.project'), value: offer.projectName },
            {
              label: t('seat.info.lastCall'),
              value: last
                ? `${time.format(last.placedAt)} · ${formatDuration(last.durationMs)}`
                : info.data
                  ? t('seat.info.lastCallNone')
                  : '…',
              span: 2,
            },
          ]}
        />
      </section>
      <section className="seat-section">
        <Typography.Title heading={6}>{t('seat.info.conversation')}</Typography.Title>
        {offer.conversation.length === 0 ? (
          <Typography.Text type="secondary">{t('seat.info.noConversation')}</Typography.Text>
        ) : (
          <ConversationView lines={linesOf(offer)} />
        )}
      </section>
      <section className="seat-section">
        <Typography.Title heading={6}>{t('seat.info.customer')}</Typography.Title>
        {info.isLoading && <Skeleton text={{ rows: 3 }} animation />}
        {info.isError && (
          <PartFailed
            title={t('seat.info.failed')}
            message={info.error.message}
            onRetry={() => void info.refetch()}
            testId="seat-info-error"
          />
        )}
        {info.data && <CustomerInfoView data={info.data.customer} />}
      </section>
      {canFile && info.data && (
        <section className="seat-section">
          <Typography.Title heading={6}>{t('callRecords.file.title')}</Typography.Title>
          <DispositionForm key={offer.callId} callId={offer.callId} saved={info.data.call.disposition} />
        </section>
      )}
    </div>
  );

  return (
    <Card className="seat-card seat-info-card" data-testid="seat-info" data-call={offer.callId}>
      <Tabs defaultActiveTab="customer" extra={<TimeZoneNote />}>
        <Tabs.TabPane key="customer" title={t('seat.info.customer')}>
          {customer}
        </Tabs.TabPane>
        <Tabs.TabPane key="task" title={<span data-testid="seat-task-tab">{t('seat.info.task')}</span>}>
          {info.data ? <TaskDetail task={info.data.task} /> : <Skeleton text={{ rows: 4 }} animation />}
        </Tabs.TabPane>
      </Tabs>
    </Card>
  );
}
