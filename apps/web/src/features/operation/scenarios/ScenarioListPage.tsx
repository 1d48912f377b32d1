import { Button, Form, Input, Message, Popconfirm, Select, Space, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconPlus, IconUpload } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { useNavigate } from 'react-router';
import type { ScenarioListItem, ScenarioQuery } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { useCompanyTime } from '../../../locale/company-time.tsx';
import { listProcessorOptions, processorKeys } from '../processors/api.ts';
import { TYPE_COLORS } from '../processors/constants.ts';
import { deleteScenario, exportScenario, importScenario, listScenarios, scenarioKeys } from './api.ts';
import { fileNameFor } from './editor/draft.ts';
import { downloadJson } from './file-io.ts';
import { ImportFailedModal } from './ImportFailedModal.tsx';
import { useScenarioImport } from './use-import.ts';
import { quietRefusal } from '../../../api/quiet-refusal.ts';

type Filters = Pick<ScenarioQuery, 'keyword' | 'processorId'>;

/** Scenarios: name, current version, processors used, who saved it when; new, edit, import, export, delete. */
export default function ScenarioListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);

  const list = useListQuery<Filters, ScenarioListItem>({ key: [...scenarioKeys.all, 'list'], fetch: listScenarios });
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
          <div>{time.format(item.updateTime)}</div>
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
          <Popconfirm
            title={t('scenario.delete.confirm')}
            onOk={() => quietRefusal(remove.mutateAsync(item.id))}
            okButtonProps={{ status: 'danger' }}
          >
            <Button type="text" size="small" status="danger" icon={<IconDelete />} data-testid={`scenario-delete-${item.name}`}>
              {t('op.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('scenario.title')}
      testId="scenario-page"
      timeZoneNote
      list={list}
      extra={<CatalogueNav active="scenario" />}
      filters={
        <>
          <ListFilter wide>
            <Form.Item field="keyword" noStyle>
              <Input placeholder={t('scenario.name')} allowClear data-testid="scenario-filter-keyword" />
            </Form.Item>
          </ListFilter>
          <ListFilter wide>
            <Form.Item field="processorId" noStyle>
              <Select
                allowClear
                showSearch
                placeholder={t('scenario.processors')}
                options={(processors.data ?? []).map((p) => ({ value: p.id, label: `${p.alias} · ${t(`processor.type.${p.type}`)}` }))}
              />
            </Form.Item>
          </ListFilter>
        </>
      }
      toolbar={
        <>
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
        </>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1100} empty={t('scenario.empty')} testId="scenario-table" />
      <ImportFailedModal fields={importer.failed} onClose={importer.clearFailed} />
    </ListPage>
  );
}
