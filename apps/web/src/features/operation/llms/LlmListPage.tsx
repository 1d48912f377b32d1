import { Button, Space, Tag, Tooltip, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete, IconThunderbolt } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, ChoiceFilter, ListPage, ListTable, SelectFilter, TextFilter } from '../../../list-page/ListPage.tsx';
import { ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { useFormOpening } from '../../../forms/form-modal.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { LLM_MODEL_TYPES, type Llm, type LlmQuery } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { updatedColumn } from '../shared/columns.tsx';
import { deleteLlm, listLlms, listLlmVendors, llmKeys } from './api.ts';
import { LlmFormModal } from './LlmFormModal.tsx';
import { LlmTestModal } from './LlmTestModal.tsx';

type Filters = Pick<LlmQuery, 'vendor' | 'modelType' | 'keyword'>;

/** The LLM catalogue: the models processors call, each with a test action. */
export default function LlmListPage() {
  const { t } = useTranslation();
  const form = useFormOpening<Llm>();
  const [testing, setTesting] = useState<Llm | null>(null);

  const list = useListQuery<Filters, Llm>({ key: [...llmKeys.all, 'list'], fetch: listLlms });
  const vendors = useQuery({ queryKey: llmKeys.vendors, queryFn: listLlmVendors });
  const remove = useRowAction({ action: deleteLlm, done: () => t('llm.deleted'), refresh: [llmKeys.all] });

  const columns: TableColumnProps<Llm>[] = [
    { title: t('llm.vendor'), dataIndex: 'vendor', width: 130 },
    {
      title: t('llm.model'),
      dataIndex: 'modelName',
      render: (_, llm) => (
        <div>
          <div>{llm.modelName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} copyable>
            {llm.calledName}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('llm.modelType'),
      dataIndex: 'modelType',
      width: 100,
      render: (type: Llm['modelType']) => <Tag color={type === 'chat' ? 'arcoblue' : 'purple'}>{t(`llm.modelType.${type}`)}</Tag>,
    },
    { title: t('llm.tag'), dataIndex: 'tag', width: 110, render: (tag: string) => (tag ? <Tag>{tag}</Tag> : '—') },
    {
      title: t('llm.url'),
      dataIndex: 'url',
      width: 240,
      ellipsis: true,
      render: (url: string) => (
        <Tooltip content={url}>
          <span>{url}</span>
        </Tooltip>
      ),
    },
    {
      title: t('llm.apiKey'),
      dataIndex: 'apiKeyMasked',
      width: 170,
      render: (_, llm) => (
        <div>
          <div>{llm.hasApiKey ? llm.apiKeyMasked : <Typography.Text type="secondary">{t('llm.apiKey.notSet')}</Typography.Text>}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {llm.keyName}
          </Typography.Text>
        </div>
      ),
    },
    { title: t('llm.usedBy'), dataIndex: 'processorCount', width: 96, align: 'center' },
    updatedColumn(t('common.updated')),
    {
      title: t('common.actions'),
      dataIndex: 'id',
      width: 250,
      fixed: 'right',
      render: (_, llm) => (
        <Space size={4}>
          <Tooltip content={llm.modelType === 'chat' ? null : t('llm.test.chatOnly')}>
            <Button
              type="text"
              size="small"
              icon={<IconThunderbolt />}
              disabled={llm.modelType !== 'chat'}
              onClick={() => setTesting(llm)}
              data-testid={`llm-test-${llm.calledName}`}
            >
              {t('llm.test')}
            </Button>
          </Tooltip>
          <EditButton icon onClick={() => form.open(llm)} testId={`llm-edit-${llm.calledName}`} />
          <ConfirmButton
            title={t('llm.delete.confirm')}
            onConfirm={() => remove.mutateAsync(llm.id)}
            icon={<IconDelete />}
            testId={`llm-delete-${llm.calledName}`}
          >
            {t('common.delete')}
          </ConfirmButton>
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('llm.title')}
      testId="llm-page"
      timeZoneNote
      list={list}
      extra={<CatalogueNav active="llm" />}
      filters={
        <>
          <SelectFilter wide field="vendor" placeholder={t('llm.vendor')} options={vendors.data ?? []} testId="llm-filter-vendor" />
          <ChoiceFilter
            wide
            field="modelType"
            placeholder={t('llm.modelType')}
            values={LLM_MODEL_TYPES}
            label={(type) => t(`llm.modelType.${type}`)}
          />
          <TextFilter field="keyword" placeholder={t('op.keyword')} testId="llm-filter-keyword" />
        </>
      }
      toolbar={
        <AddButton onClick={() => form.open(null)} testId="llm-new">
          {t('llm.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1400} empty={t('llm.empty')} testId="llm-table" />
      <LlmFormModal editing={form.editing} visible={form.visible} vendors={vendors.data ?? []} onClose={form.close} />
      <LlmTestModal llm={testing} onClose={() => setTesting(null)} />
    </ListPage>
  );
}
