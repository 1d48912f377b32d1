import {
  Button,
  Form,
  Input,
  Message,
  Popconfirm,
  Select,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDelete, IconEdit, IconPlus, IconThunderbolt } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { LLM_MODEL_TYPES, type Llm, type LlmQuery } from '@dialwise/contracts';
import { CatalogueNav } from '../CatalogueNav.tsx';
import { useCompanyTime } from '../../../locale/company-time.tsx';
import { deleteLlm, listLlms, listLlmVendors, llmKeys } from './api.ts';
import { LlmFormModal } from './LlmFormModal.tsx';
import { LlmTestModal } from './LlmTestModal.tsx';
import { quietRefusal } from '../../../api/quiet-refusal.ts';

type Filters = Pick<LlmQuery, 'vendor' | 'modelType' | 'keyword'>;

/** The LLM catalogue: the models processors call, each with a test action. */
export default function LlmListPage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Llm | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [testing, setTesting] = useState<Llm | null>(null);

  const list = useListQuery<Filters, Llm>({ key: [...llmKeys.all, 'list'], fetch: listLlms });
  const vendors = useQuery({ queryKey: llmKeys.vendors, queryFn: listLlmVendors });
  const remove = useMutation({
    mutationFn: deleteLlm,
    onSuccess: async () => {
      Message.success(t('llm.deleted'));
      await queryClient.invalidateQueries({ queryKey: llmKeys.all });
    },
  });

  const open = (llm: Llm | null) => {
    setEditing(llm);
    setFormOpen(true);
  };

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
    {
      title: t('llm.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (_, llm) => (
        <div>
          <div>{time.format(llm.updateTime)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {llm.updatedBy ?? '—'}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('llm.actions'),
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
          <Button type="text" size="small" icon={<IconEdit />} onClick={() => open(llm)} data-testid={`llm-edit-${llm.calledName}`}>
            {t('op.edit')}
          </Button>
          <Popconfirm
            title={t('llm.delete.confirm')}
            onOk={() => quietRefusal(remove.mutateAsync(llm.id))}
            okButtonProps={{ status: 'danger' }}
          >
            <Button type="text" size="small" status="danger" icon={<IconDelete />} data-testid={`llm-delete-${llm.calledName}`}>
              {t('op.delete')}
            </Button>
          </Popconfirm>
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
          <ListFilter wide>
            <Form.Item field="vendor" noStyle>
              <Select allowClear placeholder={t('llm.vendor')} options={vendors.data ?? []} data-testid="llm-filter-vendor" />
            </Form.Item>
          </ListFilter>
          <ListFilter wide>
            <Form.Item field="modelType" noStyle>
              <Select
                allowClear
                placeholder={t('llm.modelType')}
                options={LLM_MODEL_TYPES.map((type) => ({ value: type, label: t(`llm.modelType.${type}`) }))}
              />
            </Form.Item>
          </ListFilter>
          <ListFilter wide>
            <Form.Item field="keyword" noStyle>
              <Input placeholder={t('op.keyword')} allowClear data-testid="llm-filter-keyword" />
            </Form.Item>
          </ListFilter>
        </>
      }
      toolbar={
        <Button type="primary" icon={<IconPlus />} onClick={() => open(null)} data-testid="llm-new">
          {t('llm.new')}
        </Button>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1400} empty={t('llm.empty')} testId="llm-table" />
      <LlmFormModal editing={editing} visible={formOpen} vendors={vendors.data ?? []} onClose={() => setFormOpen(false)} />
      <LlmTestModal llm={testing} onClose={() => setTesting(null)} />
    </ListPage>
  );
}
