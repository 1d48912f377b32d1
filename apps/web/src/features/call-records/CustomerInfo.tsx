import { Descriptions, Skeleton, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CallCustomer, CallHistoryItem } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { callRecordKeys, getCallCustomer } from './api.ts';
import { CallStateTag, DispositionText, OutcomeText, TransferTag } from './CallTags.tsx';
import { formatDuration } from './format.ts';
import { PartFailed } from './PartFailed.tsx';

/** What the upload said about the customer, and the earlier calls to the same number in the project. */
export function CustomerInfo({ callId }: { callId: string }) {
  const { t } = useTranslation();
  const customer = useQuery({ queryKey: callRecordKeys.customer(callId), queryFn: () => getCallCustomer(callId), retry: false });
  if (customer.isLoading) return <Skeleton text={{ rows: 3 }} animation />;
  if (customer.isError) {
    return (
      <PartFailed
        title={t('callRecords.customerFailed')}
        message={customer.error.message}
        onRetry={() => void customer.refetch()}
        testId="call-record-customer-error"
      />
    );
  }
  return <CustomerInfoView data={customer.data!} />;
}

/** The customer's facts and history as answered (the drawer fetches them; the seat gets them with its call). */
export function CustomerInfoView({ data }: { data: CallCustomer }) {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const info = Object.entries({ ...data.businessInfo, ...data.extra });
  const columns: TableColumnProps<CallHistoryItem>[] = [
    {
      title: t('callRecords.col.placedAt'),
      dataIndex: 'placedAt',
      render: (value: string, row, index) => (
        <div className="cell-stack">
          <span className="call-nowrap">
            {time.format(value)}
            {index === 0 && (
              <Tag size="small" color="arcoblue" className="call-last-tag">
                {t('callRecords.lastCall')}
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary" className="cell-sub">
            {row.taskName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: <span className="call-nowrap">{t('callRecords.col.duration')}</span>,
      dataIndex: 'durationMs',
      width: 90,
      render: (value: number) => formatDuration(value),
    },
    {
      title: t('callRecords.col.outcome'),
      dataIndex: 'outcome',
      width: 170,
      render: (_, row) => (
        <span className="call-history-outcome">
          <CallStateTag state={row.state} />
          <OutcomeText outcome={row.outcome} />
        </span>
      ),
    },
    {
      title: t('callRecords.col.transfer'),
      dataIndex: 'transferOutcome',
      width: 100,
      render: (_, row) => <TransferTag outcome={row.transferOutcome} />,
    },
    {
      title: t('callRecords.col.disposition'),
      dataIndex: 'issueType',
      width: 120,
      render: (_, row) => <DispositionText issueType={row.issueType} resolutionStatus={row.resolutionStatus} />,
    },
  ];
  return (
    <div data-testid="call-record-customer">
      <Descriptions
        column={1}
        size="small"
        className="call-facts"
        data={[
          { label: t('callRecords.prologueInfo'), value: data.prologueInfo || t('callRecords.none') },
          ...(info.length === 0
            ? [{ label: t('callRecords.businessInfo'), value: t('callRecords.none') }]
            : info.map(([key, value]) => ({ label: key, value }))),
          { label: t('callRecords.remark'), value: data.remark || t('callRecords.none') },
        ]}
      />
      <Typography.Text bold className="call-history-title">
        {t('callRecords.history')}
      </Typography.Text>
      {data.history.length === 0 ? (
        <Typography.Paragraph type="secondary" data-testid="call-record-history-empty">
          {t('callRecords.historyEmpty')}
        </Typography.Paragraph>
      ) : (
        <>
          <Table
            size="small"
            rowKey="id"
            columns={columns}
            data={data.history}
            pagination={false}
            border={false}
            data-testid="call-record-history"
          />
          {data.previousCalls > data.history.length && (
            <Typography.Text type="secondary" className="cell-sub">
              {t('callRecords.historyMore', { shown: data.history.length, count: data.previousCalls })}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
