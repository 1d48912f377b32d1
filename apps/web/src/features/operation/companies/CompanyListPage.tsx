import {
  Button,
  Dropdown,
  Menu,
  Message,
  Popconfirm,
  Space,
  Tag,
  Tooltip,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDown, IconPlus } from '@arco-design/web-react/icon';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { COMPANY_STATES, type CompanyCreated, type CompanyListItem, type CompanyQuery, type GrantKind } from '@dialwise/contracts';
import { WhoWhen } from '../shared/WhoWhen.tsx';
import { companiesKey, deleteCompany, listCompanies, restoreCompany } from './api.ts';
import { CompanyCreatedModal } from './CompanyCreatedModal.tsx';
import { CompanyFormModal } from './CompanyFormModal.tsx';
import { GrantsModal } from './GrantsModal.tsx';
import { PermissionsDrawer } from './PermissionsDrawer.tsx';
import { CallbackSecretModal } from './CallbackSecretModal.tsx';
import { SpeechCredentialsDrawer } from '../speech-credentials/SpeechCredentialsDrawer.tsx';
import { quietRefusal } from '../../../api/quiet-refusal.ts';

type Filters = Pick<CompanyQuery, 'keyword' | 'state'>;
type Editing = { mode: 'create' } | { mode: 'edit'; company: CompanyListItem } | null;

/** Operation area: every customer company, with its grants, permissions, delete and restore. */
export default function CompanyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<CompanyCreated | null>(null);
  const [granting, setGranting] = useState<{ company: CompanyListItem; kind: GrantKind } | null>(null);
  const [permitting, setPermitting] = useState<CompanyListItem | null>(null);
  const [secretOf, setSecretOf] = useState<CompanyListItem | null>(null);
  const [keying, setKeying] = useState<CompanyListItem | null>(null);

  const list = useListQuery<Filters, CompanyListItem>({ key: companiesKey, fetch: listCompanies });
  const refresh = () => queryClient.invalidateQueries({ queryKey: companiesKey });

  const remove = useMutation({
    mutationFn: (company: CompanyListItem) => deleteCompany(company.id),
    onSuccess: (company) => {
      Message.success(t('companies.deleted', { name: company.name }));
      void refresh();
    },
  });
  const restore = useMutation({
    mutationFn: (company: CompanyListItem) => restoreCompany(company.id),
    onSuccess: (company) => {
      Message.success(t('companies.restored', { name: company.name }));
      void refresh();
    },
  });

  const manage = (company: CompanyListItem, key: string) => {
    if (key === 'permissions') setPermitting(company);
    else if (key === 'callbackSecret') setSecretOf(company);
    else if (key === 'speechKeys') setKeying(company);
    else setGranting({ company, kind: key as GrantKind });
  };

  const columns: TableColumnProps<CompanyListItem>[] = [
    {
      title: t('companies.col.name'),
      dataIndex: 'name',
      fixed: 'left',
      width: 180,
      render: (name: string, row) => (
        <Space size={6}>
          <Typography.Text bold>{name}</Typography.Text>
          {row.isProvider && (
            <Tag size="small" color="arcoblue">
              {t('companies.provider')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('companies.col.id'),
      dataIndex: 'id',
      width: 130,
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} className="op-mono">
          {id.slice(0, 8)}
        </Typography.Text>
      ),
    },
    {
      title: t('companies.col.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: CompanyListItem['state']) => (
        <Tag color={state === 'normal' ? 'green' : 'red'} data-testid="company-state">
          {t(`companies.state.${state}`)}
        </Tag>
      ),
    },
    { title: t('companies.col.suffix'), dataIndex: 'suffix', width: 120 },
    { title: t('companies.col.adminEmail'), dataIndex: 'adminEmail', width: 200, ellipsis: true },
    { title: t('companies.col.timezone'), dataIndex: 'timezone', width: 150 },
    {
      title: t('companies.col.created'),
      dataIndex: 'createTime',
      width: 160,
      render: (at: string, row) => <WhoWhen who={row.createdByName} at={at} />,
    },
    {
      title: t('companies.col.updated'),
      dataIndex: 'updateTime',
      width: 160,
      render: (at: string, row) => <WhoWhen who={row.updatedByName} at={at} />,
    },
    {
      title: t('companies.col.actions'),
      key: 'actions',
      fixed: 'right',
      width: 240,
      render: (_: unknown, row) => (
        <Space size={0} className="op-actions">
          <Button
            type="text"
            size="small"
            onClick={() => setEditing({ mode: 'edit', company: row })}
            data-testid={`company-edit-${row.name}`}
          >
            {t('companies.action.edit')}
          </Button>
          <Dropdown
            trigger="click"
            position="br"
            droplist={
              <Menu onClickMenuItem={(key) => manage(row, key)}>
                <Menu.Item key="voice" data-testid="company-manage-voice">
                  {t('companies.action.voices')}
                </Menu.Item>
                <Menu.Item key="processor" data-testid="company-manage-processor">
                  {t('companies.action.processors')}
                </Menu.Item>
                <Menu.Item key="scenario" data-testid="company-manage-scenario">
                  {t('companies.action.scenarios')}
                </Menu.Item>
                <Menu.Item key="permissions" data-testid="company-manage-permissions">
                  {t('companies.action.permissions')}
                </Menu.Item>
                <Menu.Item key="callbackSecret" data-testid="company-manage-callback-secret">
                  {t('companies.action.callbackSecret')}
                </Menu.Item>
                <Menu.Item key="speechKeys" data-testid="company-manage-speechKeys">
                  {t('speechKeys.action')}
                </Menu.Item>
              </Menu>
            }
          >
            <Button type="text" size="small" data-testid={`company-manage-${row.name}`}>
              {t('companies.action.manage')} <IconDown />
            </Button>
          </Dropdown>
          {row.state === 'normal' ? (
            row.isProvider ? (
              <Tooltip content={t('companies.delete.provider')}>
                <Button type="text" size="small" status="danger" disabled>
                  {t('companies.action.delete')}
                </Button>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('companies.delete.confirm', { name: row.name })}
                position="tr"
                style={{ maxWidth: 320 }}
                onOk={() => quietRefusal(remove.mutateAsync(row))}
                okButtonProps={{ status: 'danger', 'data-testid': 'company-delete-confirm' } as object}
              >
                <Button type="text" size="small" status="danger" data-testid={`company-delete-${row.name}`}>
                  {t('companies.action.delete')}
                </Button>
              </Popconfirm>
            )
          ) : (
            <Popconfirm
              title={t('companies.restore.confirm', { name: row.name })}
              position="tr"
              onOk={() => quietRefusal(restore.mutateAsync(row))}
              okButtonProps={{ 'data-testid': 'company-restore-confirm' } as object}
            >
              <Button type="text" size="small" status="success" data-testid={`company-restore-${row.name}`}>
                {t('companies.action.restore')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      title={t('companies.title')}
      testId="company-list"
      timeZoneNote
      list={list}
      searchTestId="company-search-submit"
      filters={
        <>
          <KeywordFilter field="keyword" placeholder={t('companies.search.keyword')} testId="company-search-keyword" />
          <ChoiceFilter
            field="state"
            placeholder={t('companies.search.all')}
            testId="company-search-state"
            values={COMPANY_STATES}
            label={(value) => t(`companies.state.${value}`)}
          />
        </>
      }
      toolbar={
        <>
          <Button type="primary" icon={<IconPlus />} onClick={() => setEditing({ mode: 'create' })} data-testid="company-new">
            {t('companies.new')}
          </Button>
          <Space>
            <Button onClick={() => navigate('/operation/voiceList')} data-testid="company-open-voices">
              {t('companies.catalogue.voices')}
            </Button>
            <Button onClick={() => navigate('/operation/processor')}>{t('companies.catalogue.processors')}</Button>
            <Button onClick={() => navigate('/operation/scenario')}>{t('companies.catalogue.scenarios')}</Button>
          </Space>
        </>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        scrollX={1440}
        empty={t('companies.empty')}
        rowTestId={(row) => `company-row-${row.name}`}
        total={(total) => t('companies.total', { total })}
      />
      <CompanyFormModal
        editing={editing}
        onClose={() => setEditing(null)}
        onCreated={(answer) => {
          setEditing(null);
          setCreated(answer);
          void refresh();
        }}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <CompanyCreatedModal created={created} onClose={() => setCreated(null)} />
      <GrantsModal target={granting} onClose={() => setGranting(null)} />
      <PermissionsDrawer company={permitting} onClose={() => setPermitting(null)} onSaved={() => void refresh()} />
      <CallbackSecretModal company={secretOf} onClose={() => setSecretOf(null)} />
      <SpeechCredentialsDrawer company={keying} onClose={() => setKeying(null)} />
    </ListPage>
  );
}
