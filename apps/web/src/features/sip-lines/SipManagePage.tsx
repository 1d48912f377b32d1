import { Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIP_LINE_STATUSES, SIP_TRUNKS, type SipLine, type SipLineQuery } from '@dialwise/contracts';
import { CompanyScopePicker, useCompanyScope } from '../accounts/company-scope.tsx';
import { AddButton, ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { editColumn, timeColumn } from '../../list-page/columns.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { listSipLines } from './api.ts';
import { SipLineFormModal } from './SipLineFormModal.tsx';

type Filters = Pick<SipLineQuery, 'keyword' | 'status' | 'trunk'>;

/** SIP line management (route sipManage): the search table, with add and edit in a modal. */
export default function SipManagePage() {
  const { t } = useTranslation();
  const scope = useCompanyScope();
  const [editing, setEditing] = useState<SipLine | null | undefined>(undefined);
  const list = useListQuery<Filters, SipLine>({ key: ['sip-lines'], fetch: listSipLines, extra: scope.query });

  const columns: TableColumnProps<SipLine>[] = [
    {
      title: t('common.alias'),
      dataIndex: 'alias',
      width: 180,
      render: (alias: string) => <Typography.Text bold>{alias}</Typography.Text>,
    },
    {
      title: t('sip.col.trunk'),
      dataIndex: 'trunk',
      width: 130,
      render: (trunk: SipLine['trunk']) => <Tag color={trunk === 'sip' ? 'arcoblue' : 'orangered'}>{t(`sip.trunk.${trunk}`)}</Tag>,
    },
    {
      title: t('common.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: SipLine['status']) => <Tag color={status === 'enabled' ? 'green' : 'gray'}>{t(`sip.status.${status}`)}</Tag>,
    },
    { title: t('sip.col.concurrency'), dataIndex: 'concurrency', align: 'right', width: 110 },
    { title: t('sip.col.cps'), dataIndex: 'cps', align: 'right', width: 100 },
    { title: t('sip.col.sipUsername'), dataIndex: 'sipUsername' },
    {
      title: t('sip.col.address'),
      dataIndex: 'domain',
      ellipsis: true,
      tooltip: true,
      render: (domain: string, row) => (
        <span className="mono">
          {domain}:{row.port}
        </span>
      ),
    },
    {
      title: t('common.password'),
      dataIndex: 'hasPassword',
      width: 110,
      render: (set: boolean) =>
        set ? (
          <Tag size="small" icon={<IconLock />}>
            {t('sip.passwordSet')}
          </Tag>
        ) : (
          '—'
        ),
    },
    { title: t('sip.col.createUser'), dataIndex: 'createUser', render: (v: string | null) => v ?? '—' },
    timeColumn(t('common.created'), 'createTime', 160),
    editColumn<SipLine>({
      title: t('common.actions'),
      label: t('common.edit'),
      width: 90,
      onEdit: setEditing,
      testId: (row) => `sip-edit-${row.alias}`,
    }),
  ];

  return (
    <ListPage
      title={t('sip.title')}
      testId="sip-page"
      timeZoneNote
      list={list}
      searchTestId="sip-search"
      extra={<CompanyScopePicker scope={scope} list={list} testId="sip-company" />}
      filters={
        <>
          <KeywordFilter field="keyword" placeholder={t('sip.keyword')} testId="sip-keyword" />
          <ChoiceFilter field="trunk" placeholder={t('sip.allTrunks')} values={SIP_TRUNKS} label={(value) => t(`sip.trunk.${value}`)} />
          <ChoiceFilter
            field="status"
            placeholder={t('sip.allStatuses')}
            values={SIP_LINE_STATUSES}
            label={(value) => t(`sip.status.${value}`)}
          />
        </>
      }
      toolbar={
        <AddButton onClick={() => setEditing(null)} testId="sip-new">
          {t('sip.new')}
        </AddButton>
      }
    >
      <ListTable list={list} columns={columns} testId="sip-table" scrollX={1400} empty={t('sip.empty')} />
      <SipLineFormModal line={editing} companyId={scope.companyId} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
