import { Button, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCESS_REQUEST_KINDS,
  ACCESS_REQUEST_STATUSES,
  type AccessRequest,
  type AccessRequestQuery,
  type CompanyCreated,
} from '@dialwise/contracts';
import { ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { useUser } from '../../store/user.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { CompanyCreatedModal } from '../operation/companies/CompanyCreatedModal.tsx';
import { CompanyFormModal, type CompanyRequest } from '../operation/companies/CompanyFormModal.tsx';
import { accessRequestsKey, listAccessRequests } from './api.ts';
import { DismissModal } from './DismissModal.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';

type Filters = Pick<AccessRequestQuery, 'kind' | 'status' | 'keyword'>;

/**
 * Requests sent from the sign-in page, for the roles that handle them (issue 17 point 4): an ADMIN sets a new
 * password for a company account that forgot it; provider staff (DEV) also create the company a request for an
 * account asks for. Either may dismiss. Open requests come first by default.
 */
export default function AccessRequestsPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const role = useUser((s) => s.role);
  const [resetting, setResetting] = useState<AccessRequest | null>(null);
  const [dismissing, setDismissing] = useState<AccessRequest | null>(null);
  const [creating, setCreating] = useState<CompanyRequest | null>(null);
  const [created, setCreated] = useState<CompanyCreated | null>(null);
  const list = useListQuery<Filters, AccessRequest>({
    key: accessRequestsKey,
    fetch: listAccessRequests,
    initialFilters: { status: 'open' },
  });
  // The list opens on what is waiting; the status filter shows it.
  useEffect(() => list.form.setFieldsValue({ status: 'open' }), [list.form]);
  // One object per opening: the form resets its fields when this changes.
  const companyEditing = useMemo(() => (creating ? { mode: 'create' as const, request: creating } : null), [creating]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessRequestsKey });
  const done = () => {
    setResetting(null);
    setDismissing(null);
    void refresh();
  };

  const from = (row: AccessRequest) =>
    row.kind === 'password_reset' ? row.username : [row.payload.companyName, row.payload.contactName].filter(Boolean).join(' · ');
  const outcome = (row: AccessRequest) => {
    if (row.status === 'open') return <Tag color="orange">{t('accessRequests.status.open')}</Tag>;
    const detail =
      row.outcome === 'company_created'
        ? t('accessRequests.createdCompany', { company: row.resolution.companyName, username: row.resolution.adminUsername })
        : row.resolution.reason
          ? t('accessRequests.reason', { reason: row.resolution.reason })
          : null;
    return (
      <Space direction="vertical" size={2}>
        <Tag color={row.outcome === 'dismissed' ? 'gray' : 'green'}>
          {row.outcome ? t(`accessRequests.outcome.${row.outcome}`) : t('accessRequests.status.done')}
        </Tag>
        {detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
        {row.resolvedBy && row.resolvedTime && (
          <Typography.Text type="secondary">
            {t('accessRequests.by', { who: row.resolvedBy, when: time.format(row.resolvedTime) })}
          </Typography.Text>
        )}
      </Space>
    );
  };

  const columns: TableColumnProps<AccessRequest>[] = [
    {
      title: t('accessRequests.col.request'),
      dataIndex: 'kind',
      width: 150,
      render: (kind: AccessRequest['kind']) => (
        <Tag color={kind === 'register' ? 'arcoblue' : 'purple'}>{t(`accessRequests.kind.${kind}`)}</Tag>
      ),
    },
    {
      title: t('accessRequests.col.from'),
      key: 'from',
      width: 200,
      render: (_: unknown, row) => <Typography.Text bold>{from(row)}</Typography.Text>,
    },
    {
      title: t('accessRequests.col.contact'),
      key: 'contact',
      width: 220,
      render: (_: unknown, row) => [row.payload.email, row.payload.phoneNumber].filter(Boolean).join(' · ') || '—',
    },
    {
      title: t('accessRequests.col.message'),
      key: 'message',
      ellipsis: true,
      tooltip: true,
      width: 220,
      render: (_: unknown, row) => row.payload.message || row.payload.note || '—',
    },
    { title: t('accessRequests.col.filed'), dataIndex: 'createTime', width: 170, render: (at: string) => time.format(at) },
    { title: t('accessRequests.col.outcome'), key: 'outcome', width: 230, render: (_: unknown, row) => outcome(row) },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_: unknown, row) =>
        row.status === 'open' && (
          <Space size={0}>
            {row.kind === 'password_reset' && (
              <Button type="text" size="small" onClick={() => setResetting(row)} data-testid={`access-reset-${row.username}`}>
                {t('accessRequests.action.reset')}
              </Button>
            )}
            {row.kind === 'register' && role === 'DEV' && (
              <Button
                type="text"
                size="small"
                onClick={() => setCreating({ id: row.id, name: row.payload.companyName ?? '', adminEmail: row.payload.email ?? '' })}
                data-testid={`access-create-${row.payload.companyName}`}
              >
                {t('accessRequests.action.createCompany')}
              </Button>
            )}
            <Button type="text" size="small" status="danger" onClick={() => setDismissing(row)} data-testid={`access-dismiss-${from(row)}`}>
              {t('accessRequests.action.dismiss')}
            </Button>
          </Space>
        ),
    },
  ];

  return (
    <ListPage
      title={t('accessRequests.title')}
      testId="access-requests-page"
      timeZoneNote
      list={list}
      searchTestId="access-search"
      extra={<Typography.Text type="secondary">{t('accessRequests.hint')}</Typography.Text>}
      filters={
        <>
          <KeywordFilter field="keyword" placeholder={t('accessRequests.keyword')} testId="access-keyword" />
          <ChoiceFilter
            field="kind"
            placeholder={t('accessRequests.kind')}
            values={ACCESS_REQUEST_KINDS}
            label={(kind) => t(`accessRequests.kind.${kind}`)}
            testId="access-kind"
          />
          <ChoiceFilter
            field="status"
            placeholder={t('common.status')}
            values={ACCESS_REQUEST_STATUSES}
            label={(status) => t(`accessRequests.status.${status}`)}
            testId="access-status"
          />
        </>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        scrollX={1300}
        empty={t('accessRequests.empty')}
        rowTestId={(row) => `access-row-${from(row)}`}
      />
      <ResetPasswordModal request={resetting} onClose={() => setResetting(null)} onDone={done} />
      <DismissModal request={dismissing} onClose={() => setDismissing(null)} onDone={done} />
      <CompanyFormModal
        editing={companyEditing}
        onClose={() => setCreating(null)}
        onCreated={(answer) => {
          setCreating(null);
          setCreated(answer);
          void refresh();
        }}
        onSaved={() => setCreating(null)}
      />
      <CompanyCreatedModal created={created} onClose={() => setCreated(null)} />
    </ListPage>
  );
}
