import { Alert, Button, Empty, Input, Message, Modal, Space, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconSearch } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CompanyListItem, GrantItem, GrantKind } from '@dialwise/contracts';
import { StaleEditNotice, useStaleEdit } from '../../../forms/stale-edit.tsx';
import { companiesKey, getCompany, listGrants, setGrants } from './api.ts';

const CATALOGUE_PATH: Record<GrantKind, string> = {
  voice: '/operation/voiceList',
  processor: '/operation/processor',
  scenario: '/operation/scenario',
};

/** What helps tell catalogue items apart: a voice's vendor, a processor's type and state. */
function Details({ item }: { item: GrantItem }) {
  const { t } = useTranslation();
  const { vendor, originalVoiceId, type, state } = item.extra;
  return (
    <Space size={4} wrap>
      {vendor && (
        <Tag size="small" color="arcoblue">
          {t(`voices.vendor.${vendor}`)}
        </Tag>
      )}
      {originalVoiceId && (
        <Typography.Text type="secondary" className="op-mono">
          {originalVoiceId}
        </Typography.Text>
      )}
      {type && <Tag size="small">{type}</Tag>}
      {state && (
        <Tag size="small" color={state === 'valid' ? 'green' : 'red'}>
          {t(`companies.grants.state.${state}`)}
        </Tag>
      )}
    </Space>
  );
}

/**
 * The per-company "Manage" dialog of one kind: the whole catalogue with a checkbox per item; saving
 * replaces the company's grants of that kind. An invalid processor cannot be ticked unless already granted.
 */
export function GrantsModal({ target, onClose }: { target: { company: CompanyListItem; kind: GrantKind } | null; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [filter, setFilter] = useState('');
  const key = [...companiesKey, 'grants', target?.company.id, target?.kind];
  // Grants are part of the company: a save sends the company's version, read just before the grants shown
  // (someone saving in between makes this save stale, never lost). A reload reads both again.
  const loaded = useQuery({
    queryKey: key,
    queryFn: async () => {
      const company = await getCompany(target!.company.id);
      return { company, items: await listGrants({ companyId: company.id, kind: target!.kind }) };
    },
    enabled: target !== null,
  });
  const items = { data: loaded.data?.items, isFetching: loaded.isFetching };
  const edit = useStaleEdit(loaded.data?.company ?? null, async (company) => (await loaded.refetch()).data?.company ?? company);

  useEffect(() => {
    if (items.data) setSelected(items.data.filter((item) => item.granted).map((item) => item.id));
  }, [items.data]);
  useEffect(() => setFilter(''), [target]);

  const save = useMutation({
    mutationFn: () => setGrants({ companyId: target!.company.id, version: edit.entity!.version, kind: target!.kind, refIds: selected }),
    onSuccess: (result) => {
      Message.success(t('companies.grants.saved', { added: result.added.length, removed: result.removed.length }));
      // The company's version grew with the grants: the list (and this kind's grants) read again.
      void queryClient.invalidateQueries({ queryKey: companiesKey });
      onClose();
    },
    onError: (error) => edit.caught(error),
  });

  const shown = useMemo(
    () => (items.data ?? []).filter((item) => item.label.toLowerCase().includes(filter.trim().toLowerCase())),
    [items.data, filter],
  );
  const columns: TableColumnProps<GrantItem>[] = [
    {
      title: t('common.name'),
      dataIndex: 'label',
      width: 180,
      render: (label: string) => <Typography.Text bold>{label}</Typography.Text>,
    },
    { title: t('companies.grants.col.details'), key: 'details', render: (_: unknown, item) => <Details item={item} /> },
  ];
  const kind = target?.kind ?? 'voice';
  const total = items.data?.length ?? 0;

  return (
    <Modal
      title={target ? t(`companies.grants.title.${kind}`, { name: target.company.name }) : ''}
      visible={target !== null}
      onCancel={onClose}
      unmountOnExit
      style={{ width: 640 }}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !items.data || items.isFetching, 'data-testid': 'grants-save' } as object}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
    >
      <div data-testid="grants-modal">
        <StaleEditNotice edit={edit} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
          {t('companies.grants.intro')}
        </Typography.Paragraph>
        {kind === 'processor' && items.data?.some((item) => !item.selectable) && (
          <Alert type="info" style={{ marginBottom: 12 }} content={t('companies.grants.invalidHint')} />
        )}
        <div className="op-grants-bar">
          <Input
            allowClear
            prefix={<IconSearch />}
            placeholder={t('companies.grants.search')}
            value={filter}
            onChange={setFilter}
            style={{ width: 240 }}
          />
          <Typography.Text type="secondary" data-testid="grants-count">
            {t('companies.grants.selected', { count: selected.length, total })}
          </Typography.Text>
        </div>
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          data={shown}
          loading={items.isFetching}
          pagination={false}
          border={false}
          scroll={{ y: 360 }}
          onRow={(item) => ({ 'data-testid': `grant-row-${item.label}` }) as object}
          rowSelection={{
            type: 'checkbox',
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            checkAll: true,
            onChange: (keys) => setSelected(keys.map(String)),
            checkboxProps: (item) => ({ disabled: !item.selectable && !item.granted }),
          }}
          noDataElement={
            <Empty
              description={
                <Space direction="vertical" size={4}>
                  <span>{t(`companies.grants.empty.${kind}`)}</span>
                  <Button
                    type="text"
                    onClick={() => {
                      onClose();
                      void navigate(CATALOGUE_PATH[kind]);
                    }}
                  >
                    {t('companies.grants.openCatalogue')}
                  </Button>
                </Space>
              }
            />
          }
        />
      </div>
    </Modal>
  );
}
