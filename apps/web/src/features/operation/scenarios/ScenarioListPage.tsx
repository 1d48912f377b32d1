import {
  Button,
  Card,
  Form,
  Grid,
  Input,
  Message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconPlus, IconRefresh, IconSearch, IconUpload } from '@arco-design/web-react/icon';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ScenarioListItem, ScenarioQuery } from '@dialwise/contracts';
import { CatalogueNav, formatTime } from '../CatalogueNav.tsx';
import { listProcessorOptions, processorKeys } from '../processors/api.ts';
import { TYPE_COLORS } from '../processors/constants.ts';
import { deleteScenario, exportScenario, importScenario, listScenarios, scenarioKeys } from './api.ts';
import { fileNameFor } from './editor/draft.ts';
import { downloadJson } from './file-io.ts';
import { ImportFailedModal } from './ImportFailedModal.tsx';
import { useScenarioImport } from './use-import.ts';

type Filters = Pick<ScenarioQuery, 'keyword' | 'processorId'>;

/** Scenarios: name, current version, processors used, who saved it when; new, edit, import, export, delete. */
export default function ScenarioListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [filterForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, pageSize: 10 });

  const query = { ...filters, ...page };
  const list = useQuery({ queryKey: scenarioKeys.list(query), queryFn: () => listScenarios(query), placeholderData: keepPreviousData });
  const processors = useQuery({ queryKey: processorKeys.options, queryFn: listProcessorOptions });
  const remove = useMutation({
    mutationFn: deleteScenario,
    onSuccess: async () => {
      Message.success(t('scenario.deleted'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: scenarioKeys.all }),
        queryClient.invalidateQueries({ queryKey: processorKeys.all }),
      ]);
    },
  });
  const importer = useScenarioImport(importScenario, (saved) => {
    Message.success(t('scenario.imported', { name: saved.name }));
    void queryClient.invalidateQueries({ queryKey: scenarioKeys.all });
    void navigate(`/operation/scenario/edit?id=${saved.id}`);
  });

  const download = async (item: ScenarioListItem) => {
    const file = await exportScenario(item.id);
    const name = fileNameFor(item.name, item.version);
    downloadJson(file, name);
    Message.success(t('scenario.exported', { file: name }));
  };
  const search = (values: Filters) => {
    setFilters(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Filters);
    setPage((p) => ({ ...p, page: 1 }));
  };

  const columns: TableColumnProps<ScenarioListItem>[] = [
    {
      title: t('scenario.name'),
      dataIndex: 'name',
      render: (name: string, item) => (
        <Button type="text" size="mini" onClick={() => navigate(`/operation/scenario/edit?id=${item.id}`)}>
          {name}
        </Button>
      ),
    },
    {
      title: t('scenario.version'),
      dataIndex: 'version',
      width: 90,
      render: (v: number) => (
        <Tag color="arcoblue" data-testid="scenario-version">
          {t('scenario.versionTag', { version: v })}
        </Tag>
      ),
    },
    {
      title: t('scenario.processors'),
      dataIndex: 'processors',
      render: (used: ScenarioListItem['processors']) => (
        <Space wrap size={4}>
          {used.map((p) => (
            <Tooltip key={p.id} content={t(`processor.type.${p.type}`)}>
              <Tag size="small" color={p.state === 'valid' ? TYPE_COLORS[p.type] : 'gray'}>
                {p.alias}
              </Tag>
            </Tooltip>
          ))}
        </Space>
      ),
    },
    {
      title: t('scenario.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (_, item) => (
        <div>
          <div>{formatTime(item.updateTime)}</div>
          <span className="op-secondary">{item.updatedBy ?? '—'}</span>
        </div>
      ),
    },
    {
      title: t('scenario.actions'),
      dataIndex: 'id',
      width: 320,
      fixed: 'right',
      render: (_, item) => (
        <Space size={4}>
          <Button
            type="text"
            size="small"
            icon={<IconEdit />}
            onClick={() => navigate(`/operation/scenario/edit?id=${item.id}`)}
            data-testid={`scenario-edit-${item.name}`}
          >
            {t('op.edit')}
          </Button>
          <Button
            type="text"
            size="small"
            icon={<IconDownload />}
            onClick={() => void download(item)}
            data-testid={`scenario-export-${item.name}`}
          >
            {t('scenario.export')}
          </Button>
          <Popconfirm title={t('scenario.delete.confirm')} onOk={() => remove.mutateAsync(item.id)} okButtonProps={{ status: 'danger' }}>
            <Button type="text" size="small" status="danger" icon={<IconDelete />} data-testid={`scenario-delete-${item.name}`}>
              {t('op.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="op-card" data-testid="scenario-page" title={t('scenario.title')} extra={<CatalogueNav active="scenario" />}>
      <Form form={filterForm} layout="inline" className="op-filters" onSubmit={search}>
        <Grid.Row gutter={16} style={{ width: '100%' }}>
          <Grid.Col xs={24} md={12}>
            <Form.Item field="keyword" label={t('scenario.name')}>
              <Input allowClear data-testid="scenario-filter-keyword" />
            </Form.Item>
          </Grid.Col>
          <Grid.Col xs={24} md={12}>
            <Form.Item field="processorId" label={t('scenario.processors')}>
              <Select
                allowClear
                showSearch
                placeholder={t('op.all')}
                options={(processors.data ?? []).map((p) => ({ value: p.id, label: `${p.alias} · ${t(`processor.type.${p.type}`)}` }))}
              />
            </Form.Item>
          </Grid.Col>
        </Grid.Row>
        <Space className="op-filter-buttons">
          <Button type="primary" htmlType="submit" icon={<IconSearch />}>
            {t('op.search')}
          </Button>
          <Button
            icon={<IconRefresh />}
            onClick={() => {
              filterForm.resetFields();
              search({});
            }}
          >
            {t('op.reset')}
          </Button>
        </Space>
      </Form>
      <div className="op-toolbar">
        <Space>
          <Button type="primary" icon={<IconPlus />} onClick={() => navigate('/operation/scenario/add')} data-testid="scenario-new">
            {t('scenario.new')}
          </Button>
          <Button icon={<IconUpload />} loading={importer.busy} onClick={() => fileInput.current?.click()} data-testid="scenario-import">
            {t('scenario.import')}
          </Button>
        </Space>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="scenario-import-input"
          onChange={(event) => {
            void importer.importFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      <Table<ScenarioListItem>
        rowKey="id"
        columns={columns}
        data={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1100 }}
        data-testid="scenario-table"
        noDataElement={<div className="op-empty">{t('scenario.empty')}</div>}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: true,
          sizeCanChange: true,
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
      <ImportFailedModal fields={importer.failed} onClose={importer.clearFailed} />
    </Card>
  );
}
