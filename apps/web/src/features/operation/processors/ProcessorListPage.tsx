import {
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Message,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { PROCESSOR_STATES, PROCESSOR_TYPES, type Processor, type ProcessorQuery, type ProcessorType } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { useCompanyTime } from '../../../locale/company-time.tsx';
import { llmKeys } from '../llms/api.ts';
import { deleteProcessor, listProcessors, processorKeys } from './api.ts';
import { ProcessorFormModal } from './ProcessorFormModal.tsx';
import { TYPE_COLORS } from './constants.ts';
import { quietRefusal } from '../../../api/quiet-refusal.ts';

type Filters = Pick<ProcessorQuery, 'type' | 'state' | 'keyword'>;

/** The processor catalogue: filters by type and state, add, edit, delete (refused while a scenario uses it). */
export default function ProcessorListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Processor | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [viewing, setViewing] = useState<Processor | null>(null);

  const list = useListQuery<Filters, Processor>({ key: [...processorKeys.all, 'list'], fetch: listProcessors });
  const remove = useMutation({
    mutationFn: deleteProcessor,
    onSuccess: async () => {
      Message.success(t('processor.deleted'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: processorKeys.all }),
        queryClient.invalidateQueries({ queryKey: llmKeys.all }),
      ]);
    },
  });

  const open = (processor: Processor | null) => {
    setEditing(processor);
    setFormOpen(true);
  };

  const columns: TableColumnProps<Processor>[] = [
    {
      title: t('processor.alias'),
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
    {
      title: t('processor.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (_, p) => (
        <div>
          <div>{time.format(p.updateTime)}</div>
          <span className="op-secondary">{p.updatedBy ?? '—'}</span>
        </div>
      ),
    },
    {
      title: t('processor.actions'),
      dataIndex: 'id',
      width: 190,
      fixed: 'right',
      render: (_, p) => (
        <Space size={4}>
          <Button type="text" size="small" icon={<IconEdit />} onClick={() => open(p)} data-testid={`processor-edit-${p.alias}`}>
            {t('op.edit')}
          </Button>
          <Popconfirm
            title={t('processor.delete.confirm')}
            onOk={() => quietRefusal(remove.mutateAsync(p.id))}
            okButtonProps={{ status: 'danger' }}
          >
            <Button type="text" size="small" status="danger" icon={<IconDelete />} data-testid={`processor-delete-${p.alias}`}>
              {t('op.delete')}
            </Button>
          </Popconfirm>
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
          <ListFilter wide>
            <Form.Item field="type" noStyle>
              <Select
                allowClear
                placeholder={t('processor.type')}
                data-testid="processor-filter-type"
                options={PROCESSOR_TYPES.map((type) => ({ value: type, label: t(`processor.type.${type}`) }))}
              />
            </Form.Item>
          </ListFilter>
          <ListFilter wide>
            <Form.Item field="state" noStyle>
              <Select
                allowClear
                placeholder={t('processor.state')}
                data-testid="processor-filter-state"
                options={PROCESSOR_STATES.map((state) => ({ value: state, label: t(`processor.state.${state}`) }))}
              />
            </Form.Item>
          </ListFilter>
          <ListFilter wide>
            <Form.Item field="keyword" noStyle>
              <Input placeholder={t('op.keyword')} allowClear />
            </Form.Item>
          </ListFilter>
        </>
      }
      toolbar={
        <Button type="primary" icon={<IconPlus />} onClick={() => open(null)} data-testid="processor-new">
          {t('processor.new')}
        </Button>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1350} empty={t('processor.empty')} testId="processor-table" />
      <ProcessorFormModal editing={editing} visible={formOpen} onClose={() => setFormOpen(false)} />
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
