import { Button, Drawer, Space, Table, Tag, Typography, Message, type TableColumnProps } from '@arco-design/web-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyListItem, SpeechCredential } from '@dialwise/contracts';
import { ConfirmButton } from '../../../list-page/RowActions.tsx';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { TimeZoneNote } from '../../../locale/company-time.tsx';
import { deleteSpeechCredential, listSpeechCredentials, speechCredentialsKey } from './api.ts';
import { SpeechCredentialModal } from './SpeechCredentialModal.tsx';

/** A company's keys for every speech provider: which are set, edit, remove. Secrets show only as "set". */
export function SpeechCredentialsDrawer({ company, onClose }: { company: CompanyListItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SpeechCredential | null>(null);
  const key = speechCredentialsKey(company?.id ?? '');
  const list = useQuery({ queryKey: key, queryFn: () => listSpeechCredentials(company!.id), enabled: company !== null });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const remove = useMutation({
    mutationFn: (credential: SpeechCredential) => deleteSpeechCredential(company!.id, credential.provider),
    onSuccess: (_, credential) => {
      Message.success(t('speechKeys.removed', { provider: credential.provider }));
      void refresh();
    },
  });

  const columns: TableColumnProps<SpeechCredential>[] = [
    {
      title: t('speechKeys.col.provider'),
      dataIndex: 'provider',
      width: 170,
      render: (provider: string, row) => (
        <div className="op-who-when">
          <span>{provider}</span>
          <Typography.Text type="secondary" className="op-who-when-at">
            {t(`speechKeys.vendor.${row.vendor}`)}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('common.status'),
      dataIndex: 'configured',
      width: 100,
      render: (configured: boolean) =>
        configured ? <Tag color="green">{t('speechKeys.status.set')}</Tag> : <Tag>{t('speechKeys.status.unset')}</Tag>,
    },
    {
      title: t('speechKeys.col.fields'),
      key: 'fields',
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          {Object.entries(row.settings).map(([name, value]) => (
            <Tag key={name} size="small" bordered>{`${t(`speechKeys.field.${name}`)}: ${value}`}</Tag>
          ))}
          {row.secretsSet.map((name) => (
            <Tag key={name} size="small" color="arcoblue">
              {t('speechKeys.secretSet', { field: t(`speechKeys.field.${name}`) })}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('common.updated'),
      dataIndex: 'updateTime',
      width: 140,
      render: (at: string | null, row) => (at ? <WhoWhen who={row.updatedBy} at={at} /> : '—'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 130,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button type="text" size="small" onClick={() => setEditing(row)} data-testid={`speech-key-edit-${row.provider}`}>
            {row.configured ? t('common.edit') : t('speechKeys.add')}
          </Button>
          {row.configured && (
            <ConfirmButton
              title={t('speechKeys.remove.confirm', { provider: row.provider })}
              position="tr"
              maxWidth={320}
              onConfirm={() => remove.mutateAsync(row)}
              testId={`speech-key-remove-${row.provider}`}
              confirmTestId="speech-key-remove-confirm"
            >
              {t('speechKeys.remove')}
            </ConfirmButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Drawer
      width={860}
      title={
        company ? (
          <span className="drawer-title-with-zone">
            {t('speechKeys.title', { name: company.name })}
            <TimeZoneNote />
          </span>
        ) : (
          ''
        )
      }
      visible={company !== null}
      onCancel={onClose}
      footer={null}
      unmountOnExit
    >
      <Typography.Paragraph type="secondary">{t('speechKeys.intro')}</Typography.Paragraph>
      <Table
        rowKey="provider"
        size="small"
        loading={list.isLoading}
        columns={columns}
        data={list.data ?? []}
        pagination={false}
        data-testid="speech-keys-table"
      />
      {company && (
        <SpeechCredentialModal
          companyId={company.id}
          credential={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            // The saved row (its new version) at once, so editing it again right away sends the current version.
            queryClient.setQueryData<SpeechCredential[]>(key, (rows) =>
              rows?.map((row) => (row.provider === saved.provider ? saved : row)),
            );
            void refresh();
          }}
        />
      )}
    </Drawer>
  );
}
