import { Button, Descriptions, Drawer, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ChoiceFilter, ListPage, ListTable, TextFilter } from '../../../list-page/ListPage.tsx';
import { ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { useFormOpening } from '../../../forms/form-modal.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { PROCESSOR_STATES, PROCESSOR_TYPES, type Processor, type ProcessorQuery, type ProcessorType } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { updatedColumn } from '../shared/columns.tsx';
import { llmKeys } from '../llms/api.ts';
import { deleteProcessor, listProcessors, processorKeys } from './api.ts';
import { ProcessorFormModal } from './ProcessorFormModal.tsx';
import { TYPE_COLORS } from './constants.ts';

type Filters = Pick<ProcessorQuery, 'type' | 'state' | 'keyword'>;

/** The processor catalogue: filters by type and state, add, edit, delete (refused while a scenario uses it). */
export default function ProcessorListPage() {
  const { t } = useTranslation();
  const form = useFormOpening<Processor>();
  const [viewing, setViewing] = useState<Processor | null>(null);

  const list = useListQuery<Filters, Processor>({ key: [...processorKeys.all, 'list'], fetch: listProcessors });
  const remove = useRowAction({
    action: deleteProcessor,
    done: () => t('processor.deleted'),
    refresh: [processorKeys.all, llmKeys.all],
  });

  const columns: TableColumnProps<Processor>[] = [
    {
      title: t('common.alias'),
      dataIndex: 'alias',
      width: 130,
      render: (alias: string, p) => (
        <Button type="text" size="mini" onClick={() => setViewing(p)} data-testid={`processor-view-${alias}`}>
          {alias}
        </Button>
      ),
    },
    {
      title: t('processor.type'),
      dataIndex: 'type',
      width: 110,
      render: (type: ProcessorType) => <Tag color={TYPE_COLORS[type]}>{t(`processor.type.${type}`)}</Tag>,
    },
    {
      title: t('processor.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: Processor['state']) => (
        <Tag color={state === 'valid' ? 'green' : 'gray'} data-testid="processor-state-tag">
          {t(`processor.state.${state}`)}
        </Tag>
      ),
    },
    { title: t('processor.public'), dataIndex: 'isPublic', width: 80, render: (v: boolean) => (v ? t('op.yes') : t('op.no')) },
    {
      title: t('processor.llm'),
      dataIndex: 'llmModel',
      render: (_, p) =>
        p.llmId ? (
          <div>
            <div>{p.llmModel}</div>
            <span className="op-secondary">{p.llmVendor}</span>
          </div>
        ) : (
          '—'
        ),
    },
    { title: t('processor.temperature'), dataIndex: 'temperature', width: 100, align: 'center' },
    { title: t('processor.topP'), dataIndex: 'topP', width: 80, align: 'center', render: (v: number | null) => v ?? '—' },
    {
      title: t('processor.usedBy'),
      dataIndex: 'usedBy',
      render: (names: string[]) =>
        names.length ? (
          <Space wrap size={4}>
            {names.map((n) => (
              <Tag key={n} size="small">
                {n}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="op-secondary">{t('processor.usedBy.none')}</span>
        ),
    },
    updatedColumn(t('common.updated')),
    {
      title: t('common.actions'),
      dataIndex: 'id',
      width: 190,
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          <EditButton icon onClick={() => form.open(p)} testId={`processor-edit-${p.alias}`} />
          <ConfirmButton
            title={t('processor.delete.confirm')}
            onConfirm={() => remove.mutateAsync(p.id)}
            icon={<IconDelete />}
            testId={`processor-delete-${p.alias}`}
          >
            {t('common.delete')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('processor.title')}
      testId="processor-page"
      timeZoneNote
      list={list}
      searchTestId="processor-search"
      extra={<CatalogueNav active="processor" />}
      filters={
        <>
          <ChoiceFilter
            wide
            field="type"
            placeholder={t('processor.type')}
            testId="processor-filter-type"
            values={PROCESSOR_TYPES}
            label={(type) => t(`processor.type.${type}`)}
          />
          <ChoiceFilter
            wide
            field="state"
            placeholder={t('processor.state')}
            testId="processor-filter-state"
            values={PROCESSOR_STATES}
            label={(state) => t(`processor.state.${state}`)}
          />
          <TextFilter field="keyword" placeholder={t('op.keyword')} />
        </>
      }
      toolbar={
        <AddButton onClick={() => form.open(null)} testId="processor-new">
          {t('processor.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1350} empty={t('processor.empty')} testId="processor-table" />
      <ProcessorFormModal editing={form.editing} visible={form.visible} onClose={form.close} />
      <Drawer
        width={560}
        title={viewing ? t('processor.details', { alias: viewing.alias }) : ''}
        visible={viewing !== null}
        onCancel={() => setViewing(null)}
        footer={null}
      >
        {viewing && (
          <>
            <Descriptions
              column={1}
              labelStyle={{ width: 130 }}
              data={[
                { label: t('processor.type'), value: <Tag color={TYPE_COLORS[viewing.type]}>{t(`processor.type.${viewing.type}`)}</Tag> },
                { label: t('processor.state'), value: t(`processor.state.${viewing.state}`) },
                { label: t('processor.public'), value: viewing.isPublic ? t('op.yes') : t('op.no') },
                { label: t('processor.llm'), value: viewing.llmId ? `${viewing.llmVendor} · ${viewing.llmModel}` : '—' },
                { label: t('processor.temperature'), value: viewing.temperature },
                { label: t('processor.topP'), value: viewing.topP ?? '—' },
                { label: t('processor.usedBy'), value: viewing.usedBy.join(', ') || t('processor.usedBy.none') },
              ]}
            />
            <Typography.Title heading={6}>{t('processor.systemPrompt')}</Typography.Title>
            <pre className="op-prompt-preview">{viewing.systemPrompt}</pre>
            <Typography.Title heading={6}>{t('processor.extraOptions')}</Typography.Title>
            <pre className="op-prompt-preview op-mono">
              {Object.keys(viewing.extraOptions).length ? JSON.stringify(viewing.extraOptions, null, 2) : t('processor.none')}
            </pre>
          </>
        )}
      </Drawer>
    </ListPage>
  );
}
