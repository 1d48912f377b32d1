import {
  Button,
  Card,
  Dropdown,
  Form,
  Input,
  Menu,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDown, IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  COMPANY_STATES,
  PAGINATION,
  type CompanyCreated,
  type CompanyListItem,
  type CompanyQuery,
  type GrantKind,
} from '@dialwise/contracts';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { companiesKey, deleteCompany, listCompanies, restoreCompany } from './api.ts';
import { CompanyCreatedModal } from './CompanyCreatedModal.tsx';
import { CompanyFormModal } from './CompanyFormModal.tsx';
import { GrantsModal } from './GrantsModal.tsx';
import { PermissionsDrawer } from './PermissionsDrawer.tsx';

type Filters = Pick<CompanyQuery, 'keyword' | 'state'>;
type Editing = { mode: 'create' } | { mode: 'edit'; company: CompanyListItem } | null;

/** Operation area: every customer company, with its grants, permissions, delete and restore. */
export default function CompanyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<{ page: number; pageSize: number }>({
    page: PAGINATION.defaultPage,
    pageSize: PAGINATION.defaultPageSize,
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<CompanyCreated | null>(null);
  const [granting, setGranting] = useState<{ company: CompanyListItem; kind: GrantKind } | null>(null);
  const [permitting, setPermitting] = useState<CompanyListItem | null>(null);

  const query = { ...filters, ...page };
  const companies = useQuery({
    queryKey: [...companiesKey, query],
    queryFn: () => listCompanies(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesKey });

  const remove = useMutation({
    mutationFn: (company: CompanyListItem) => deleteCompany(company.id),
    onSuccess: (company) => {
      Message.success(t('companies.deleted', { name: company.name }));
      void refresh();
    },
  });
  const restore = useMutation({
    mutationFn: (company: CompanyListItem) => restoreCompany(company.id),
    onSuccess: (company) => {
      Message.success(t('companies.restored', { name: company.name }));
      void refresh();
    },
  });

  const search = (values: Filters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined, state: values.state || undefined });
    setPage((p) => ({ ...p, page: 1 }));
  };
  const reset = () => {
    searchForm.resetFields();
    search({});
  };

  const manage = (company: CompanyListItem, key: string) => {
    if (key === 'permissions') setPermitting(company);
    else setGranting({ company, kind: key as GrantKind });
  };

  const columns: TableColumnProps<CompanyListItem>[] = [
    {
      title: t('companies.col.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: 180,
      render: (name: string, row) => (
        <Space size={6}>
          <Typography.Text bold>{name}</Typography.Text>
          {row.isProvider && (
            <Tag size="small" color="arcoblue">
              {t('companies.provider')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('companies.col.id'),
      dataIndex: 'id',
      width: 130,
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} className="op-mono">
          {id.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      title: t('companies.col.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: CompanyListItem['state']) => (
        <Tag color={state === 'normal' ? 'green' : 'red'} data-testid="company-state">
          {t(`companies.state.${state}`)}
        </Tag>
      ),
    },
    { title: t('companies.col.suffix'), dataIndex: 'suffix', width: 120 },
    { title: t('companies.col.adminEmail'), dataIndex: 'adminEmail', width: 200, ellipsis: true },
    { title: t('companies.col.timezone'), dataIndex: 'timezone', width: 150 },
    {
      title: t('companies.col.created'),
      dataIndex: 'createTime',
      width: 160,
      render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} />,
    },
    {
      title: t('companies.col.updated'),
      dataIndex: 'updateTime',
      width: 160,
      render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} />,
    },
    {
      title: t('companies.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 240,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button
            type="text"
            size="small"
            onClick={() => setEditing({ mode: 'edit', company: row })}
            data-testid={`company-edit-${row.name}`}
          >
            {t('companies.action.edit')}
          </Button>
          <Dropdown
            trigger="click"
            position="br"
            droplist={
              <Menu onClickMenuItem={(key) => manage(row, key)}>
                <Menu.Item key="voice" data-testid="company-manage-voice">
                  {t('companies.action.voices')}
                </Menu.Item>
                <Menu.Item key="processor" data-testid="company-manage-processor">
                  {t('companies.action.processors')}
                </Menu.Item>
                <Menu.Item key="scenario" data-testid="company-manage-scenario">
                  {t('companies.action.scenarios')}
                </Menu.Item>
                <Menu.Item key="permissions" data-testid="company-manage-permissions">
                  {t('companies.action.permissions')}
                </Menu.Item>
              </Menu>
            }
          >
            <Button type="text" size="small" data-testid={`company-manage-${row.name}`}>
              {t('companies.action.manage')} <IconDown />
            </Button>
          </Dropdown>
          {row.state === 'normal' ? (
            row.isProvider ? (
              <Tooltip content={t('companies.delete.provider')}>
                <Button type="text" size="small" status="danger" disabled>
                  {t('companies.action.delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('companies.delete.confirm', { name: row.name })}
                position="tr"
                style={{ maxWidth: 320 }}
                onOk={() => remove.mutateAsync(row)}
                okButtonProps={{ status: 'danger', 'data-testid': 'company-delete-confirm' } as object}
              >
                <Button type="text" size="small" status="danger" data-testid={`company-delete-${row.name}`}>
                  {t('companies.action.delete')}
                </Button>
              </Popconfirm>
            )
          ) : (
            <Popconfirm
              title={t('companies.restore.confirm', { name: row.name })}
              position="tr"
              onOk={() => restore.mutateAsync(row)}
              okButtonProps={{ 'data-testid': 'company-restore-confirm' } as object}
            >
              <Button type="text" size="small" status="success" data-testid={`company-restore-${row.name}`}>
                {t('companies.action.restore')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const data = companies.data;
  return (
    <Card className="op-page" title={t('companies.title')} bordered={false} data-testid="company-list">
      <Form form={searchForm} layout="inline" className="op-search" onSubmit={search}>
        <Form.Item field="keyword">
          <Input
            allowClear
            prefix={<IconSearch />}
            placeholder={t('companies.search.keyword')}
            style={{ width: 260 }}
            data-testid="company-search-keyword"
          />
        </Form.Item>
        <Form.Item field="state">
          <Select allowClear placeholder={t('companies.search.all')} style={{ width: 160 }} data-testid="company-search-state">
            {COMPANY_STATES.map((state) => (
              <Select.Option key={state} value={state}>
                {t(`companies.state.${state}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="company-search-submit">
              {t('companies.search.submit')}
            </Button>
            <Button icon={<IconRefresh />} onClick={reset}>
              {t('companies.search.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="op-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'create' })} data-testid="company-new">
          {t('companies.new')}
        </Button>
        <Space>
          <Button onClick={() => navigate('/operation/voiceList')} data-testid="company-open-voices">
            {t('companies.catalogue.voices')}
          </Button>
          <Button onClick={() => navigate('/operation/processor')}>{t('companies.catalogue.processors')}</Button>
          <Button onClick={() => navigate('/operation/scenario')}>{t('companies.catalogue.scenarios')}</Button>
        </Space>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        data={data?.list ?? []}
        loading={companies.isFetching}
        scroll={{ x: 1440 }}
        border={false}
        noDataElement={<div className="op-empty">{t('companies.empty')}</div>}
        onRow={(row) => ({ 'data-testid': `company-row-${row.name}` }) as object}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: data?.total ?? 0,
          sizeCanChange: true,
          showTotal: (total: number) => t('companies.total', { total }),
        }}
        onChange={(pagination) => setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGINATION.defaultPageSize })}
      />
      <CompanyFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(answer) => {
          setEditing(null);
          setCreated(answer);
          void refresh();
        }}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <CompanyCreatedModal created={created} onClose={() => setCreated(null)} />
      <GrantsModal target={granting} onClose={() => setGranting(null)} />
      <PermissionsDrawer company={permitting} onClose={() => setPermitting(null)} onSaved={() => void refresh()} />
    </Card>
  );
}
