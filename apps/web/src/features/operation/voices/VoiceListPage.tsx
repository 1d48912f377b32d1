import {
  Button,
  Card,
  Form,
  Input,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconLeft, IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGINATION, VOICE_VENDORS, type Voice, type VoiceQuery } from '@dialwise/contracts';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { deleteVoice, listVoices, voicesKey } from './api.ts';
import { VoiceFormModal, type VoiceEditing } from './VoiceFormModal.tsx';

type Filters = Pick<VoiceQuery, 'keyword' | 'vendor'>;

/** The TTS voice catalogue the provider grants to companies (reached from the company list). */
export default function VoiceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<{ page: number; pageSize: number }>({
    page: PAGINATION.defaultPage,
    pageSize: PAGINATION.defaultPageSize,
  });
  const [editing, setEditing] = useState<VoiceEditing>(null);

  const query = { ...filters, ...page };
  const voices = useQuery({ queryKey: [...voicesKey, query], queryFn: () => listVoices(query), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: voicesKey });
  const remove = useMutation({
    mutationFn: (voice: Voice) => deleteVoice(voice.id),
    onSuccess: (_, voice) => {
      Message.success(t('voices.deleted', { name: voice.nickname }));
      void refresh();
    },
  });

  const search = (values: Filters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined, vendor: values.vendor || undefined });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const columns: TableColumnProps<Voice>[] = [
    {
      title: t('voices.col.nickname'),
      dataIndex: 'nickname',
      fixed: 'left',
      width: 140,
      render: (name: string) => <Typography.Text bold>{name}</Typography.Text>,
    },
    {
      title: t('voices.col.vendor'),
      dataIndex: 'vendor',
      width: 190,
      render: (vendor: Voice['vendor']) => <Tag color="arcoblue">{t(`voices.vendor.${vendor}`)}</Tag>,
    },
    {
      title: t('voices.col.clusterKey'),
      dataIndex: 'clusterKey',
      width: 140,
      render: (key: string) => (key ? <span className="op-mono">{key}</span> : '—'),
    },
    {
      title: t('voices.col.originalVoiceId'),
      dataIndex: 'originalVoiceId',
      width: 220,
      ellipsis: true,
      tooltip: true,
      render: (id: string) => <span className="op-mono">{id}</span>,
    },
    {
      title: t('voices.col.uuid'),
      dataIndex: 'uuid',
      width: 130,
      render: (uuid: string) => (
        <Typography.Text copyable={{ text: uuid }} className="op-mono">
          {uuid.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      title: t('voices.col.granted'),
      dataIndex: 'grantedCompanies',
      width: 140,
      render: (count: number) => (
        <Tag color={count > 0 ? 'green' : 'gray'} data-testid="voice-granted">
          {count}
        </Tag>
      ),
    },
    {
      title: t('voices.col.created'),
      dataIndex: 'createTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} />,
    },
    {
      title: t('voices.col.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} />,
    },
    {
      title: t('voices.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button
            type="text"
            size="small"
            onClick={() => setEditing({ mode: 'edit', voice: row })}
            data-testid={`voice-edit-${row.nickname}`}
          >
            {t('voices.action.edit')}
          </Button>
          <Popconfirm
            position="tr"
            style={{ maxWidth: 320 }}
            title={t('voices.delete.confirm', { name: row.nickname })}
            content={row.grantedCompanies > 0 ? t('voices.delete.granted', { count: row.grantedCompanies }) : undefined}
            onOk={() => remove.mutateAsync(row)}
            okButtonProps={{ status: 'danger', 'data-testid': 'voice-delete-confirm' } as object}
          >
            <Button type="text" size="small" status="danger" data-testid={`voice-delete-${row.nickname}`}>
              {t('voices.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      className="op-page"
      title={t('voices.title')}
      bordered={false}
      data-testid="voice-list"
      extra={
        <Button type="text" icon={<IconLeft />} onClick={() => navigate('/operation/companyList')}>
          {t('voices.backToCompanies')}
        </Button>
      }
    >
      <Form form={searchForm} layout="inline" className="op-search" onSubmit={search}>
        <Form.Item field="keyword">
          <Input
            allowClear
            prefix={<IconSearch />}
            placeholder={t('voices.search.keyword')}
            style={{ width: 240 }}
            data-testid="voice-search-keyword"
          />
        </Form.Item>
        <Form.Item field="vendor">
          <Select allowClear placeholder={t('voices.search.allVendors')} style={{ width: 180 }}>
            {VOICE_VENDORS.map((vendor) => (
              <Select.Option key={vendor} value={vendor}>
                {t(`voices.vendor.${vendor}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="voice-search-submit">
              {t('voices.search.submit')}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                searchForm.resetFields();
                search({});
              }}
            >
              {t('voices.search.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="op-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'create' })} data-testid="voice-new">
          {t('voices.new')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        data={voices.data?.list ?? []}
        loading={voices.isFetching}
        scroll={{ x: 1300 }}
        border={false}
        noDataElement={<div className="op-empty">{t('voices.empty')}</div>}
        onRow={(row) => ({ 'data-testid': `voice-row-${row.nickname}` }) as object}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: voices.data?.total ?? 0,
          sizeCanChange: true,
          showTotal: (total: number) => t('voices.total', { total }),
        }}
        onChange={(pagination) => setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGINATION.defaultPageSize })}
      />
      <VoiceFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </Card>
  );
}
