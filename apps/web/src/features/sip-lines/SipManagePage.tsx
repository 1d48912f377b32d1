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
import { IconLock, IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIP_LINE_STATUSES, SIP_TRUNKS, type SipLine, type SipLineQuery } from '@dialwise/contracts';
import { formatDateTime } from '../../locale/date-time.ts';
import { useUser } from '../../store/user.ts';
import { CompanyPicker } from '../accounts/CompanyPicker.tsx';
import { listSipLines } from './api.ts';
import { SipLineFormModal } from './SipLineFormModal.tsx';

type Filters = Pick<SipLineQuery, 'keyword' | 'status' | 'trunk'>;

/** SIP line management (route sipManage): the search table, with add and edit in a modal. */
export default function SipManagePage() {
  const { t } = useTranslation();
  const me = useUser((s) => s.user);
  const isDev = me?.authLevel === 'DEV';
  const [companyId, setCompanyId] = useState(me?.customerID ?? '');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [editing, setEditing] = useState<SipLine | null | undefined>(undefined);
  const [searchForm] = Form.useForm<Filters>();

  const query = { ...filters, ...page, ...(isDev ? { companyId } : {}) };
  const lines = useQuery({ queryKey: ['sip-lines', query], queryFn: () => listSipLines(query), placeholderData: keepPreviousData });

  const search = (values: Filters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined, status: values.status, trunk: values.trunk });
    setPage((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    searchForm.resetFields();
    search({});
  };

  const columns: TableColumnProps<SipLine>[] = [
    {
      title: t('sip.col.alias'),
      dataIndex: 'alias',
      width: 180,
      render: (alias: string) => <Typography.Text bold>{alias}</Typography.Text>,
    },
    {
      title: t('sip.col.trunk'),
      dataIndex: 'trunk',
      width: 130,
      render: (trunk: SipLine['trunk']) => <Tag color={trunk === 'sip' ? 'arcoblue' : 'orangered'}>{t(`sip.trunk.${trunk}`)}</Tag>,
    },
    {
      title: t('sip.col.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: SipLine['status']) => <Tag color={status === 'enabled' ? 'green' : 'gray'}>{t(`sip.status.${status}`)}</Tag>,
    },
    { title: t('sip.col.concurrency'), dataIndex: 'concurrency', align: 'right', width: 110 },
    { title: t('sip.col.cps'), dataIndex: 'cps', align: 'right', width: 100 },
    { title: t('sip.col.sipUsername'), dataIndex: 'sipUsername' },
    {
      title: t('sip.col.address'),
      dataIndex: 'domain',
      ellipsis: true,
      tooltip: true,
      render: (domain: string, row) => (
        <span className="mono">
          {domain}:{row.port}
        </span>
      ),
    },
    {
      title: t('sip.col.password'),
      dataIndex: 'hasPassword',
      width: 110,
      render: (set: boolean) =>
        set ? (
          <Tag size="small" icon={<IconLock />}>
            {t('sip.passwordSet')}
          </Tag>
        ) : (
          '—'
        ),
    },
    { title: t('sip.col.createUser'), dataIndex: 'createUser', render: (v: string | null) => v ?? '—' },
    {
      title: t('sip.col.created'),
      dataIndex: 'createTime',
      width: 160,
      render: (iso: string) => <span className="nowrap">{formatDateTime(iso)}</span>,
    },
    {
      title: t('sip.col.actions'),
      dataIndex: 'id',
      fixed: 'right',
      width: 90,
      render: (_id: string, row) => (
        <Button type="text" size="small" onClick={() => setEditing(row)} data-testid={`sip-edit-${row.alias}`}>
          {t('sip.action.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card className="search-table-card" data-testid="sip-page">
      <div className="search-table-header">
        <Typography.Title heading={6} className="search-table-title">
          {t('sip.title')}
        </Typography.Title>
        {isDev && (
          <CompanyPicker
            value={companyId}
            testId="sip-company"
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
                  placeholder={t('sip.keyword')}
                  data-testid="sip-keyword"
                  onPressEnter={() => searchForm.submit()}
                />
              </Form.Item>
            </Grid.Col>
            <Grid.Col xs={12} sm={6} lg={5}>
              <Form.Item field="trunk" noStyle>
                <Select allowClear placeholder={t('sip.allTrunks')}>
                  {SIP_TRUNKS.map((trunk) => (
                    <Select.Option key={trunk} value={trunk}>
                      {t(`sip.trunk.${trunk}`)}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
            </Grid.Col>
            <Grid.Col xs={12} sm={6} lg={5}>
              <Form.Item field="status" noStyle>
                <Select allowClear placeholder={t('sip.allStatuses')}>
                  {SIP_LINE_STATUSES.map((status) => (
                    <Select.Option key={status} value={status}>
                      {t(`sip.status.${status}`)}
                    </Select.Option>
                  ))}
                </Select>
              </Form.Item>
            </Grid.Col>
          </Grid.Row>
        </Form>
        <Divider type="vertical" className="search-table-divider" />
        <Space>
          <Button type="primary" icon={<IconSearch />} onClick={() => searchForm.submit()} data-testid="sip-search">
            {t('sip.search')}
          </Button>
          <Button icon={<IconRefresh />} onClick={reset}>
            {t('sip.reset')}
          </Button>
        </Space>
      </div>
      <Divider className="search-table-rule" />
      <div className="search-table-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="sip-new">
          {t('sip.new')}
        </Button>
      </div>
      <Table
        rowKey="id"
        data-testid="sip-table"
        columns={columns}
        data={lines.data?.list ?? []}
        loading={lines.isFetching}
        scroll={{ x: 1400 }}
        noDataElement={<div className="search-table-empty">{t('sip.empty')}</div>}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: lines.data?.total ?? 0,
          sizeCanChange: true,
          showTotal: (total: number) => t('sip.total', { total }),
        }}
        onChange={(pagination) => setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? 10 })}
      />
      <SipLineFormModal line={editing} companyId={companyId} onClose={() => setEditing(undefined)} />
    </Card>
  );
}
