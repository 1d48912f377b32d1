import { Form, Select, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, type Account, type AccountQuery, type Role } from '@dialwise/contracts';
import { AddButton, ChoiceFilter, KeywordFilter, ListFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { editColumn, timeColumn } from '../../list-page/columns.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { listAccounts, listManagedCompanies } from './api.ts';
import { AccountFormModal } from './AccountFormModal.tsx';
import { CompanyScopePicker, useCompanyScope } from './company-scope.tsx';

type Filters = Pick<AccountQuery, 'keyword' | 'authLevel' | 'status'>;

const LEVEL_COLORS: Record<Role, string> = { ADMIN: 'arcoblue', OPR: 'green', DEV: 'purple' };

/** Account management (route accountManage): the search table, with add and edit in a modal. */
export default function AccountManagePage() {
  const { t } = useTranslation();
  const scope = useCompanyScope();
  const { me, isDev, companyId } = scope;
  const [editing, setEditing] = useState<Account | null | undefined>(undefined);
  const list = useListQuery<Filters, Account>({ key: ['accounts'], fetch: listAccounts, extra: scope.query });
  const companies = useQuery({ queryKey: ['managed-companies'], queryFn: listManagedCompanies, enabled: isDev, staleTime: 60_000 });
  const providerCompany = isDev && companies.data?.find((c) => c.id === companyId)?.isProvider === true;
  const levels: Role[] = providerCompany ? ['ADMIN', 'OPR', 'DEV'] : ['ADMIN', 'OPR'];

  const columns: TableColumnProps<Account>[] = [
    {
      title: t('common.username'),
      dataIndex: 'username',
      render: (username: string, row) => (
        <Space size={6}>
          <Typography.Text>{username}</Typography.Text>
          {row.id === me?.id && (
            <Tag size="small" color="gray">
              {t('accounts.you')}
            </Tag>
          )}
        </Space>
      ),
    },
    { title: t('common.alias'), dataIndex: 'alias', ellipsis: true, tooltip: true },
    { title: t('common.email'), dataIndex: 'email', ellipsis: true, tooltip: true, render: (v: string) => v || '—' },
    { title: t('common.phoneNumber'), dataIndex: 'phoneNumber', width: 150, render: (v: string) => v || '—' },
    {
      title: t('accounts.col.level'),
      dataIndex: 'authLevel',
      width: 140,
      render: (level: Role) => (
        <Tag color={LEVEL_COLORS[level]} bordered>
          {t(`accounts.level.${level}`)}
        </Tag>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: Account['status']) => (
        <Tag color={status === 'active' ? 'green' : 'gray'} data-testid="account-status-tag">
          {t(`accounts.status.${status}`)}
        </Tag>
      ),
    },
    timeColumn(t('common.created'), 'createTime', 160),
    editColumn<Account>({
      title: t('common.actions'),
      label: t('common.edit'),
      width: 100,
      onEdit: setEditing,
      testId: (row) => `account-edit-${row.username}`,
    }),
  ];

  return (
    <ListPage
      title={t('accounts.title')}
      testId="accounts-page"
      timeZoneNote
      list={list}
      searchTestId="accounts-search"
      resetTestId="accounts-reset"
      extra={<CompanyScopePicker scope={scope} list={list} testId="accounts-company" />}
      filters={
        <>
          <KeywordFilter field="keyword" placeholder={t('accounts.keyword')} testId="accounts-keyword" />
          <ListFilter>
            <Form.Item field="authLevel" noStyle>
              <Select allowClear placeholder={t('accounts.allLevels')} data-testid="accounts-level-filter">
                {(isDev ? levels : (['ADMIN', 'OPR'] as const)).map((level) => (
                  <Select.Option key={level} value={level}>
                    {t(`accounts.level.${level}`)}
                  </Select.Option>
                ))}
              </Select>
            </Form.Item>
          </ListFilter>
          <ChoiceFilter
            field="status"
            placeholder={t('accounts.allStatuses')}
            testId="accounts-status-filter"
            values={ACCOUNT_STATUSES}
            label={(value) => t(`accounts.status.${value}`)}
          />
        </>
      }
      toolbar={
        <AddButton onClick={() => setEditing(null)} testId="accounts-new">
          {t('accounts.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} testId="accounts-table" scrollX={960} empty={t('accounts.empty')} />
      <AccountFormModal account={editing} companyId={companyId} levels={levels} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
