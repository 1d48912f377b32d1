import { Button, Message, Popconfirm, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLeft, IconPlus } from '@arco-design/web-react/icon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VOICE_VENDORS, type Voice, type VoiceQuery } from '@dialwise/contracts';
import { ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { deleteVoice, listVoices, voicesKey } from './api.ts';
import { VoiceFormModal, type VoiceEditing } from './VoiceFormModal.tsx';
import { quietRefusal } from '../../../api/quiet-refusal.ts';

type Filters = Pick<VoiceQuery, 'keyword' | 'vendor'>;

/** The TTS voice catalogue the provider grants to companies (reached from the company list). */
export default function VoiceListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<VoiceEditing>(null);

  const list = useListQuery<Filters, Voice>({ key: voicesKey, fetch: listVoices });
  const refresh = () => queryClient.invalidateQueries({ queryKey: voicesKey });
  const remove = useMutation({
    mutationFn: (voice: Voice) => deleteVoice(voice.id),
    onSuccess: (_, voice) => {
      Message.success(t('voices.deleted', { name: voice.nickname }));
      void refresh();
    },
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
    {
      title: t('voices.col.uuid'),
      dataIndex: 'uuid',
      width: 130,
      render: (uuid: string) => (
        <Typography.Text copyable={{ text: uuid }} className="op-mono">
          {uuid.slice(0, 8)}
        </Typography.Text>
      ),
    },
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
    {
      title: t('voices.col.created'),
      dataIndex: 'createTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} />,
    },
    {
      title: t('voices.col.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} />,
    },
    {
      title: t('voices.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button
            type="text"
            size="small"
            onClick={() => setEditing({ mode: 'edit', voice: row })}
            data-testid={`voice-edit-${row.nickname}`}
          >
            {t('voices.action.edit')}
          </Button>
          <Popconfirm
            position="tr"
            style={{ maxWidth: 320 }}
            title={t('voices.delete.confirm', { name: row.nickname })}
            content={row.grantedCompanies > 0 ? t('voices.delete.granted', { count: row.grantedCompanies }) : undefined}
            onOk={() => quietRefusal(remove.mutateAsync(row))}
            okButtonProps={{ status: 'danger', 'data-testid': 'voice-delete-confirm' } as object}
          >
            <Button type="text" size="small" status="danger" data-testid={`voice-delete-${row.nickname}`}>
              {t('voices.action.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
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
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'create' })} data-testid="voice-new">
          {t('voices.new')}
        </Button>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        scrollX={1300}
        empty={t('voices.empty')}
        rowTestId={(row) => `voice-row-${row.nickname}`}
        total={(total) => t('voices.total', { total })}
      />
      <VoiceFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </ListPage>
  );
}
