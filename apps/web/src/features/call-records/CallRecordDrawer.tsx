import { Button, Descriptions, Drawer, Empty, Result, Skeleton, Typography } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallRecordDetail } from '@dialwise/contracts';
import { TimeZoneNote, useCompanyTime } from '../../locale/company-time.tsx';
import { useEscapeCloses } from '../shell/use-escape-closes.ts';
import { callRecordKeys, getCallRecord } from './api.ts';
import { CallStateTag, CallTagList, DispositionText, OutcomeText, TransferTag } from './CallTags.tsx';
import { ConversationView } from './ConversationView.tsx';
import { TurnTimeline } from './TurnTimeline.tsx';
import { CallbackDeliveries } from './CallbackDeliveries.tsx';
import { CustomerInfo } from './CustomerInfo.tsx';
import { AmdVerdict } from './AmdVerdict.tsx';
import { DispositionForm } from './DispositionForm.tsx';
import { formatDuration } from './format.ts';
import { NumberReveal } from './NumberReveal.tsx';
import { RecordingPlayer } from './RecordingPlayer.tsx';
import { NumberTimeZones } from '../subtasks/NumberTimeZones.tsx';

interface Props {
  callId: string | null;
  canReveal: boolean;
  tagNames: Map<string, string>;
  onClose(): void;
}

/**
 * One call: its facts, the number (masked, with the reveal), the filing form when the caller may file it
 * (the agent who took it, or an ADMIN: a filing skipped at the seat is done here), the recording, the
 * conversation, and the customer's info and history. Each part asks the server on its own and fails on its own: a missing
 * recording or an unreachable decryption API leaves the rest of the drawer working, with its own "failed
 * to get the number / recording / customer info".
 */
export function CallRecordDrawer({ callId, canReveal, tagNames, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: callRecordKeys.one(callId ?? ''),
    queryFn: () => getCallRecord(callId!),
    enabled: Boolean(callId),
    retry: false,
  });
  useEscapeCloses(Boolean(callId), onClose);

  return (
    <Drawer
      width={640}
      title={
        <span className="drawer-title-with-zone">
          {t('callRecords.drawer.title')}
          <TimeZoneNote />
        </span>
      }
      visible={Boolean(callId)}
      onCancel={onClose}
      footer={null}
      unmountOnExit
      className="call-drawer"
    >
      {callId && (
        <div data-testid="call-record-drawer">
          {detail.isLoading && <Skeleton text={{ rows: 6 }} animation />}
          {detail.isError && (
            <Result
              status="error"
              title={t('callRecords.drawer.failed')}
              subTitle={detail.error.message}
              data-testid="call-record-error"
              extra={
                <Button type="primary" onClick={() => void detail.refetch()}>
                  {t('callRecords.retry')}
                </Button>
              }
            />
          )}
          {detail.data && <CallFacts call={detail.data} canReveal={canReveal} tagNames={tagNames} />}
          <section className="call-section">
            <Typography.Title heading={6}>{t('callRecords.customer')}</Typography.Title>
            <CustomerInfo callId={callId} />
          </section>
        </div>
      )}
    </Drawer>
  );
}

function CallFacts({ call, canReveal, tagNames }: { call: CallRecordDetail; canReveal: boolean; tagNames: Map<string, string> }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const when = (iso: string | null) => time.format(iso);
  const sip = call.sipStatus ? `${call.sipStatus} ${call.sipReason ?? ''}`.trim() : (call.sipReason ?? '—');
  return (
    <>
      <section className="call-section">
        <NumberReveal call={call} canReveal={canReveal} />
        <div data-testid="call-record-facts">
          <Descriptions
            column={2}
            size="small"
            layout="horizontal"
            className="call-facts"
            data={[
              { label: t('callRecords.filter.project'), value: call.projectName },
              { label: t('callRecords.filter.task'), value: call.taskName },
              { label: t('common.status'), value: <CallStateTag state={call.state} /> },
              { label: t('callRecords.col.outcome'), value: <OutcomeText outcome={call.outcome} /> },
              { label: t('common.timeZone'), value: <NumberTimeZones zones={call.timeZones} /> },
              { label: t('callRecords.drawer.placedAt'), value: when(call.placedAt) },
              { label: t('callRecords.drawer.answeredAt'), value: when(call.answeredAt) },
              { label: t('callRecords.drawer.endedAt'), value: when(call.endedAt) },
              { label: t('callRecords.col.duration'), value: formatDuration(call.durationMs) },
              { label: t('callRecords.drawer.line'), value: call.lineAlias ?? '—' },
              { label: t('callRecords.drawer.sip'), value: sip },
              { label: t('callRecords.drawer.hungUpBy'), value: call.hungUpBy ? t(`callRecords.hungUpBy.${call.hungUpBy}`) : '—' },
              { label: t('callRecords.col.transfer'), value: <TransferTag outcome={call.transferOutcome} /> },
              { label: t('callRecords.col.tags'), value: <CallTagList tags={call.tags} names={tagNames} />, span: 2 },
              {
                label: t('callRecords.drawer.disposition'),
                value: (
                  <span data-testid="call-record-disposition">
                    <DispositionText issueType={call.disposition.issueType} resolutionStatus={call.disposition.resolutionStatus} />
                    {call.disposition.by && (
                      <span className="call-muted">
                        {' '}
                        · {call.disposition.by}
                        {call.disposition.at ? ` · ${time.format(call.disposition.at)}` : ''}
                      </span>
                    )}
                  </span>
                ),
                span: 2,
              },
              ...(call.disposition.note
                ? [
                    {
                      label: t('callRecords.drawer.dispositionNote'),
                      value: <span data-testid="call-record-disposition-note">{call.disposition.note}</span>,
                      span: 2,
                    },
                  ]
                : []),
              ...(call.transferSummary
                ? [
                    {
                      label: t('callRecords.transferSummary'),
                      value: <span data-testid="call-record-transfer-summary">{call.transferSummary}</span>,
                      span: 2,
                    },
                  ]
                : []),
              {
                label: t('callRecords.summary'),
                value: (
                  <span data-testid="call-record-summary">
                    {call.summary ??
                      (call.analysisState === 'failed'
                        ? call.analysisDetail
                          ? t('callRecords.summary.failed', { detail: call.analysisDetail })
                          : t('callRecords.summary.failedQuiet')
                        : call.analysisState === 'pending'
                          ? t('callRecords.summary.pending')
                          : '—')}
                  </span>
                ),
                span: 2,
              },
            ]}
          />
        </div>
      </section>
      {call.amd && (
        <section className="call-section">
          <Typography.Title heading={6}>{t('callRecords.amd')}</Typography.Title>
          <AmdVerdict amd={call.amd} />
        </section>
      )}
      {call.canFile && (
        <section className="call-section" data-testid="call-record-file">
          <Typography.Title heading={6}>{t('callRecords.file.title')}</Typography.Title>
          <DispositionForm key={call.id} callId={call.id} saved={call.disposition} />
        </section>
      )}
      <section className="call-section">
        <Typography.Title heading={6}>{t('callRecords.recording')}</Typography.Title>
        <RecordingPlayer call={call} />
      </section>
      <section className="call-section">
        <Typography.Title heading={6}>{t('callRecords.conversation')}</Typography.Title>
        {call.conversation.length === 0 ? (
          <Empty description={t('callRecords.conversationEmpty')} />
        ) : (
          <ConversationView lines={call.conversation} />
        )}
      </section>
      {call.turns.length > 0 && (
        <section className="call-section">
          <Typography.Title heading={6}>{t('callRecords.turns')}</Typography.Title>
          <TurnTimeline turns={call.turns} failures={call.runtimeFailures} />
        </section>
      )}
      {call.callbacks.length > 0 && (
        <section className="call-section">
          <Typography.Title heading={6}>{t('callRecords.callbacks')}</Typography.Title>
          <CallbackDeliveries deliveries={call.callbacks} />
        </section>
      )}
    </>
  );
}
