import {
  Button,
  Card,
  Divider,
  Form,
  Grid,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATUSES, type Account, type AccountQuery, type Role } from '@dialwise/contracts';
import { formatDateTime } from '../../locale/date-time.ts';
import { useUser } from '../../store/user.ts';
import { listAccounts, listManagedCompanies } from './api.ts';
import { AccountFormModal } from './AccountFormModal.tsx';
import { CompanyPicker } from './CompanyPicker.tsx';

type Filters = Pick<AccountQuery, 'keyword' | 'authLevel' | 'status'>;

const LEVEL_COLORS: Record<Role, string> = { ADMIN: 'arcoblue', OPR: 'green', DEV: 'purple' };

/** Account management (route accountManage): the search table, with add and edit in a modal. */
export default function AccountManagePage() {
  const { t } = useTranslation();
  const me = useUser((s) => s.user);
  const isDev = me?.authLevel === 'DEV';
  const [companyId, setCompanyId] = useState(me?.customerID ?? '');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<Account | null | undefined>(undefined);
  const [searchForm] = Form.useForm<Filters>();

  const query = { ...filters, ...page, ...(isDev ? { companyId } : {}) };
  const accounts = useQuery({ queryKey: ['accounts', query], queryFn: () => listAccounts(query), placeholderData: keepPreviousData });
  const companies = useQuery({ queryKey: ['managed-companies'], queryFn: listManagedCompanies, enabled: isDev, staleTime: 60_000 });
  const providerCompany = isDev && companies.data?.find((c) => c.id === companyId)?.isProvider === true;
  const levels: Role[] = providerCompany ? ['ADMIN', 'OPR', 'DEV'] : ['ADMIN', 'OPR'];

  const search = (values: Filters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined, authLevel: values.authLevel, status: values.status });
    setPage((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    searchForm.resetFields();
    search({});
  };

  const columns: TableColumnProps<Account>[] = [
    {
      title: t('accounts.col.username'),
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
    { title: t('accounts.col.alias'), dataIndex: 'alias', ellipsis: true, tooltip: true },
    { title: t('accounts.col.email'), dataIndex: 'email', ellipsis: true, tooltip: true, render: (v: string) => v || '—' },
    { title: t('accounts.col.phone'), dataIndex: 'phoneNumber', width: 150, render: (v: string) => v || '—' },
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
      title: t('accounts.col.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: Account['status']) => (
        <Tag color={status === 'active' ? 'green' : 'gray'} data-testid="account-status-tag">
          {t(`accounts.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('accounts.col.created'),
      dataIndex: 'createTime',
      width: 160,
      render: (iso: string) => <span className="nowrap">{formatDateTime(iso)}</span>,
    },
    {
      title: t('accounts.col.actions'),
      dataIndex: 'id',
      fixed: 'right',
      width: 100,
      render: (_id: string, row) => (
        <Button type="text" size="small" onClick={() => setEditing(row)} data-testid={`account-edit-${row.username}`}>
          {t('accounts.action.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="search-table-card" data-testid="accounts-page">
      <div className="search-table-header">
        <Typography.Title heading={6} className="search-table-title">
          {t('accounts.title')}
        </Typography.Title>
        {isDev && (
          <CompanyPicker
            value={companyId}
            testId="accounts-company"
            onChange={(next) => {
              setCompanyId(next);
              setPage((p) => ({ ...p, page: 1 }));
            }}
          />
        )}
      </div>
      <div className="search-table-form">
        <Form form={searchForm} layout="horizontal" onSubmit={search} className="search-table-fields">
          <Grid.Row gutter={16}>
            <Grid.Col xs={24} sm={12} lg={8}>
              <Form.Item field="keyword" noStyle>
                <Input
                  allowClear
                  prefix={<IconSearch />}
                  placeholder={t('accounts.keyword')}
                  data-testid="accounts-keyword"
                  onPressEnter={() => searchForm.submit()}
                />
              </Form.Item>
            </Grid.Col>
            <Grid.Col xs={12} sm={6} lg={5}>
              <Form.Item field="authLevel" noStyle>
                <Select allowClear placeholder={t('accounts.allLevels')} data-testid="accounts-level-filter">
                  {(isDev ? levels : (['ADMIN', 'OPR'] as const)).map((level) => (
                    <Select.Option key={level} value={level}>
                      {t(`accounts.level.${level}`)}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
            </Grid.Col>
            <Grid.Col xs={12} sm={6} lg={5}>
              <Form.Item field="status" noStyle>
                <Select allowClear placeholder={t('accounts.allStatuses')} data-testid="accounts-status-filter">
                  {ACCOUNT_STATUSES.map((status) => (
                    <Select.Option key={status} value={status}>
                      {t(`accounts.status.${status}`)}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
            </Grid.Col>
          </Grid.Row>
        </Form>
        <Divider type="vertical" className="search-table-divider" />
        <Space>
          <Button type="primary" icon={<IconSearch />} onClick={() => searchForm.submit()} data-testid="accounts-search">
            {t('accounts.search')}
          </Button>
          <Button icon={<IconRefresh />} onClick={reset} data-testid="accounts-reset">
            {t('accounts.reset')}
          </Button>
        </Space>
      </div>
      <Divider className="search-table-rule" />
      <div className="search-table-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="accounts-new">
          {t('accounts.new')}
        </Button>
      </div>
      <Table
        rowKey="id"
        data-testid="accounts-table"
        columns={columns}
        data={accounts.data?.list ?? []}
        loading={accounts.isFetching}
        scroll={{ x: 960 }}
        noDataElement={<div className="search-table-empty">{t('accounts.empty')}</div>}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: accounts.data?.total ?? 0,
          sizeCanChange: true,
          showTotal: (total: number) => t('accounts.total', { total }),
        }}
        onChange={(pagination) => setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 })}
      />
      <AccountFormModal account={editing} companyId={companyId} levels={levels} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
