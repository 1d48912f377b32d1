import { Button, Message, Space, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ListPage, ListTable, SelectFilter, TextFilter } from '../../../list-page/ListPage.tsx';
import { ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { useNavigate } from 'react-router';
import type { ScenarioListItem, ScenarioQuery } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { updatedColumn } from '../shared/columns.tsx';
import { listProcessorOptions, processorKeys } from '../processors/api.ts';
import { TYPE_COLORS } from '../processors/constants.ts';
import { deleteScenario, exportScenario, importScenario, listScenarios, scenarioKeys } from './api.ts';
import { fileNameFor } from './editor/draft.ts';
import { downloadJson } from './file-io.ts';
import { ImportFailedModal } from './ImportFailedModal.tsx';
import { useScenarioImport } from './use-import.ts';
import { FilePicker } from '../../../forms/FilePicker.tsx';

type Filters = Pick<ScenarioQuery, 'keyword' | 'processorId'>;

/** Scenarios: name, current version, processors used, who saved it when; new, edit, import, export, delete. */
export default function ScenarioListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);

  const list = useListQuery<Filters, ScenarioListItem>({ key: [...scenarioKeys.all, 'list'], fetch: listScenarios });
  const processors = useQuery({ queryKey: processorKeys.options, queryFn: listProcessorOptions });
  const remove = useRowAction({
    action: deleteScenario,
    done: () => t('scenario.deleted'),
    refresh: [scenarioKeys.all, processorKeys.all],
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
      title: t('common.name'),
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
    updatedColumn(t('common.updated')),
    {
      title: t('common.actions'),
      dataIndex: 'id',
      width: 320,
      fixed: 'right',
      render: (_, item) => (
        <Space size={4}>
          <EditButton icon onClick={() => navigate(`/operation/scenario/edit?id=${item.id}`)} testId={`scenario-edit-${item.name}`} />
          <Button
            type="text"
            size="small"
            icon={<IconDownload />}
            onClick={() => void download(item)}
            data-testid={`scenario-export-${item.name}`}
          >
            {t('scenario.export')}
          </Button>
          <ConfirmButton
            title={t('scenario.delete.confirm')}
            onConfirm={() => remove.mutateAsync(item.id)}
            icon={<IconDelete />}
            testId={`scenario-delete-${item.name}`}
          >
            {t('common.delete')}
          </ConfirmButton>
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
          <TextFilter field="keyword" placeholder={t('common.name')} testId="scenario-filter-keyword" />
          <SelectFilter
            wide
            showSearch
            field="processorId"
            placeholder={t('scenario.processors')}
            options={(processors.data ?? []).map((p) => ({ value: p.id, label: `${p.alias} · ${t(`processor.type.${p.type}`)}` }))}
          />
        </>
      }
      toolbar={
        <>
          <Space>
            <AddButton onClick={() => navigate('/operation/scenario/add')} testId="scenario-new">
              {t('scenario.new')}
            </AddButton>
            <Button icon={<IconUpload />} loading={importer.busy} onClick={() => fileInput.current?.click()} data-testid="scenario-import">
              {t('scenario.import')}
            </Button>
          </Space>
          <FilePicker
            ref={fileInput}
            accept=".json,application/json"
            testId="scenario-import-input"
            onPick={(file) => void importer.importFile(file)}
          />
        </>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1100} empty={t('scenario.empty')} testId="scenario-table" />
      <ImportFailedModal fields={importer.failed} onClose={importer.clearFailed} />
    </ListPage>
  );
}
