import { Button, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconLock, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIP_LINE_STATUSES, SIP_TRUNKS, type SipLine, type SipLineQuery } from '@dialwise/contracts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { useUser } from '../../store/user.ts';
import { CompanyPicker } from '../accounts/CompanyPicker.tsx';
import { ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { listSipLines } from './api.ts';
import { SipLineFormModal } from './SipLineFormModal.tsx';

type Filters = Pick<SipLineQuery, 'keyword' | 'status' | 'trunk'>;

/** SIP line management (route sipManage): the search table, with add and edit in a modal. */
export default function SipManagePage() {
  const { t } = useTranslation();
  const time = useCompanyTime();
  const me = useUser((s) => s.user);
  const isDev = me?.authLevel === 'DEV';
  const [companyId, setCompanyId] = useState(me?.customerID ?? '');
  const [editing, setEditing] = useState<SipLine | null | undefined>(undefined);
  const list = useListQuery<Filters, SipLine>({ key: ['sip-lines'], fetch: listSipLines, extra: isDev ? { companyId } : {} });

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
    {
      title: t('common.created'),
      dataIndex: 'createTime',
      width: 160,
      render: (iso: string) => <span className="nowrap">{time.format(iso)}</span>,
    },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      fixed: 'right',
      width: 90,
      render: (_id: string, row) => (
        <Button type="text" size="small" onClick={() => setEditing(row)} data-testid={`sip-edit-${row.alias}`}>
          {t('common.edit')}
        </Button>
      ),
    },
  ];

  return (
    <ListPage
      title={t('sip.title')}
      testId="sip-page"
      timeZoneNote
      list={list}
      searchTestId="sip-search"
      extra={
        isDev && (
          <CompanyPicker
            value={companyId}
            testId="sip-company"
            onChange={(next) => {
              setCompanyId(next);
              list.firstPage();
            }}
          />
        )
      }
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
        <Button type="primary" icon={<IconPlus />} onClick={() => setEditing(null)} data-testid="sip-new">
          {t('sip.new')}
        </Button>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        testId="sip-table"
        scrollX={1400}
        empty={t('sip.empty')}
        total={(total) => t('sip.total', { total })}
      />
      <SipLineFormModal line={editing} companyId={companyId} onClose={() => setEditing(undefined)} />
    </ListPage>
  );
}
