import {
  Button,
  Card,
  Form,
  Input,
  Message,
  Popconfirm,
  Space,
  Table,
  Tag as ArcoTag,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconPlus, IconRefresh, IconSearch } from '@arco-design/web-react/icon';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGINATION, type Tag, type TagQuery } from '@dialwise/contracts';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { deleteTag, listTags, tagsKey } from './api.ts';
import { TagFormModal, type TagEditing } from './TagFormModal.tsx';

type Filters = Pick<TagQuery, 'keyword'>;

/** Call tags scenarios apply to calls, named by alias. */
export default function TagListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState<{ page: number; pageSize: number }>({
    page: PAGINATION.defaultPage,
    pageSize: PAGINATION.defaultPageSize,
  });
  const [editing, setEditing] = useState<TagEditing>(null);

  const query = { ...filters, ...page };
  const tags = useQuery({ queryKey: [...tagsKey, query], queryFn: () => listTags(query), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: tagsKey });
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(tag.id),
    onSuccess: (_, tag) => {
      Message.success(t('tags.deleted', { name: tag.name }));
      void refresh();
    },
  });

  const search = (values: Filters) => {
    setFilters({ keyword: values.keyword?.trim() || undefined });
    setPage((p) => ({ ...p, page: 1 }));
  };

  const columns: TableColumnProps<Tag>[] = [
    {
      title: t('tags.col.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: 160,
      render: (name: string) => <Typography.Text bold>{name}</Typography.Text>,
    },
    {
      title: t('tags.col.alias'),
      dataIndex: 'alias',
      width: 190,
      render: (alias: string) => (
        <ArcoTag color="arcoblue" className="op-mono">
          {alias}
        </ArcoTag>
      ),
    },
    { title: t('tags.col.description'), dataIndex: 'description', ellipsis: true, tooltip: true, width: 280 },
    {
      title: t('tags.col.uuid'),
      dataIndex: 'uuid',
      width: 130,
      render: (uuid: string) => (
        <Typography.Text copyable={{ text: uuid }} className="op-mono">
          {uuid.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      title: t('tags.col.created'),
      dataIndex: 'createTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} />,
    },
    {
      title: t('tags.col.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} />,
    },
    {
      title: t('tags.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button type="text" size="small" onClick={() => setEditing({ mode: 'edit', tag: row })} data-testid={`tag-edit-${row.alias}`}>
            {t('tags.action.edit')}
          </Button>
          <Popconfirm
            position="tr"
            title={t('tags.delete.confirm', { name: row.name })}
            onOk={() => remove.mutateAsync(row)}
            okButtonProps={{ status: 'danger', 'data-testid': 'tag-delete-confirm' } as object}
          >
            <Button type="text" size="small" status="danger" data-testid={`tag-delete-${row.alias}`}>
              {t('tags.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card className="op-page" title={t('tags.title')} bordered={false} data-testid="tag-list">
      <Form form={searchForm} layout="inline" className="op-search" onSubmit={search}>
        <Form.Item field="keyword">
          <Input
            allowClear
            prefix={<IconSearch />}
            placeholder={t('tags.search.keyword')}
            style={{ width: 260 }}
            data-testid="tag-search-keyword"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<IconSearch />} data-testid="tag-search-submit">
              {t('tags.search.submit')}
            </Button>
            <Button
              icon={<IconRefresh />}
              onClick={() => {
                searchForm.resetFields();
                search({});
              }}
            >
              {t('tags.search.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <div className="op-toolbar">
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'create' })} data-testid="tag-new">
          {t('tags.new')}
        </Button>
      </div>
      <Table
        rowKey="id"
        columns={columns}
        data={tags.data?.list ?? []}
        loading={tags.isFetching}
        scroll={{ x: 1100 }}
        border={false}
        noDataElement={<div className="op-empty">{t('tags.empty')}</div>}
        onRow={(row) => ({ 'data-testid': `tag-row-${row.alias}` }) as object}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: tags.data?.total ?? 0,
          sizeCanChange: true,
          showTotal: (total: number) => t('tags.total', { total }),
        }}
        onChange={(pagination) => setPage({ page: pagination.current ?? 1, pageSize: pagination.pageSize ?? PAGINATION.defaultPageSize })}
      />
      <TagFormModal
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
