import { Button, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VOICE_VENDORS, type Voice, type VoiceQuery } from '@dialwise/contracts';
import { AddButton, ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { authorshipColumns, shortIdColumn } from '../shared/columns.tsx';
import { actionsColumn, ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { deleteVoice, listVoices, voicesKey } from './api.ts';
import { VoiceFormModal } from './VoiceFormModal.tsx';
import { useFormOpening } from '../../../forms/form-modal.tsx';

type Filters = Pick<VoiceQuery, 'keyword' | 'vendor'>;

/** The TTS voice catalogue the provider grants to companies (reached from the company list). */
export default function VoiceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useFormOpening<Voice>();

  const list = useListQuery<Filters, Voice>({ key: voicesKey, fetch: listVoices });
  const remove = useRowAction({
    action: (voice: Voice) => deleteVoice(voice.id),
    done: (voice) => t('voices.deleted', { name: voice.nickname }),
    refresh: [voicesKey],
  });

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
    shortIdColumn(t('voices.col.uuid'), 'uuid'),
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
    ...authorshipColumns<Voice>({ created: t('voices.col.created'), updated: t('voices.col.updated') }, 150),
    actionsColumn(t('common.actions'), 140, (row) => (
      <>
        <EditButton onClick={() => form.open(row)} testId={`voice-edit-${row.nickname}`} />
        <ConfirmButton
          position="tr"
          maxWidth={320}
          title={t('voices.delete.confirm', { name: row.nickname })}
          content={row.grantedCompanies > 0 ? t('voices.delete.granted', { count: row.grantedCompanies }) : undefined}
          onConfirm={() => remove.mutateAsync(row)}
          testId={`voice-delete-${row.nickname}`}
          confirmTestId="voice-delete-confirm"
        >
          {t('common.delete')}
        </ConfirmButton>
      </>
    )),
  ];

  return (
    <ListPage
      title={t('voices.title')}
      testId="voice-list"
      timeZoneNote
      list={list}
      searchTestId="voice-search-submit"
      extra={
        <Button type="text" icon={<IconLeft />} onClick={() => navigate('/operation/companyList')}>
          {t('voices.backToCompanies')}
        </Button>
      }
      filters={
        <>
          <KeywordFilter field="keyword" placeholder={t('voices.search.keyword')} testId="voice-search-keyword" />
          <ChoiceFilter
            field="vendor"
            placeholder={t('voices.search.allVendors')}
            values={VOICE_VENDORS}
            label={(value) => t(`voices.vendor.${value}`)}
          />
        </>
      }
      toolbar={
        <AddButton onClick={() => form.open(null)} testId="voice-new">
          {t('voices.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} scrollX={1300} empty={t('voices.empty')} rowTestId={(row) => `voice-row-${row.nickname}`} />
      <VoiceFormModal editing={form.editing} visible={form.visible} onClose={form.close} />
    </ListPage>
  );
}
