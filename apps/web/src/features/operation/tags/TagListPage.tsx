import { Tag as ArcoTag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Tag, TagQuery } from '@dialwise/contracts';
import { AddButton, KeywordFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { authorshipColumns, shortIdColumn } from '../shared/columns.tsx';
import { actionsColumn, ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { deleteTag, listTags, tagsKey } from './api.ts';
import { TagFormModal } from './TagFormModal.tsx';
import { useFormOpening } from '../../../forms/form-modal.tsx';

type Filters = Pick<TagQuery, 'keyword'>;

/** Call tags scenarios apply to calls, named by alias. */
export default function TagListPage() {
  const { t } = useTranslation();
  const form = useFormOpening<Tag>();

  const list = useListQuery<Filters, Tag>({ key: tagsKey, fetch: listTags });
  const remove = useRowAction({
    action: (tag: Tag) => deleteTag(tag.id),
    done: (tag) => t('tags.deleted', { name: tag.name }),
    refresh: [tagsKey],
  });

  const columns: TableColumnProps<Tag>[] = [
    {
      title: t('common.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: 160,
      render: (name: string) => <Typography.Text bold>{name}</Typography.Text>,
    },
    {
      title: t('common.alias'),
      dataIndex: 'alias',
      width: 190,
      render: (alias: string) => (
        <ArcoTag color="arcoblue" className="op-mono">
          {alias}
        </ArcoTag>
      ),
    },
    { title: t('tags.col.description'), dataIndex: 'description', ellipsis: true, tooltip: true, width: 280 },
    shortIdColumn(t('tags.col.uuid'), 'uuid'),
    ...authorshipColumns<Tag>({ created: t('tags.col.created'), updated: t('tags.col.updated') }, 150),
    actionsColumn(t('common.actions'), 140, (row) => (
      <>
        <EditButton onClick={() => form.open(row)} testId={`tag-edit-${row.alias}`} />
        <ConfirmButton
          position="tr"
          title={t('tags.delete.confirm', { name: row.name })}
          onConfirm={() => remove.mutateAsync(row)}
          testId={`tag-delete-${row.alias}`}
          confirmTestId="tag-delete-confirm"
        >
          {t('common.delete')}
        </ConfirmButton>
      </>
    )),
  ];

  return (
    <ListPage
      title={t('tags.title')}
      testId="tag-list"
      timeZoneNote
      list={list}
      searchTestId="tag-search-submit"
      filters={<KeywordFilter field="keyword" placeholder={t('tags.search.keyword')} testId="tag-search-keyword" />}
      toolbar={
        <AddButton onClick={() => form.open(null)} testId="tag-new">
          {t('tags.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1100} empty={t('tags.empty')} rowTestId={(row) => `tag-row-${row.alias}`} />
      <TagFormModal editing={form.editing} visible={form.visible} onClose={form.close} />
    </ListPage>
  );
}
