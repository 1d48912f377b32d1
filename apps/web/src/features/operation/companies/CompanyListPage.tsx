import { Button, Dropdown, Menu, Space, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddButton, ChoiceFilter, KeywordFilter, ListPage, ListTable } from '../../../list-page/ListPage.tsx';
import { useListQuery } from '../../../list-page/use-list-query.ts';
import { COMPANY_STATES, type CompanyCreated, type CompanyListItem, type CompanyQuery, type GrantKind } from '@dialwise/contracts';
import { authorshipColumns, shortIdColumn } from '../shared/columns.tsx';
import { actionsColumn, ConfirmButton, EditButton } from '../../../list-page/RowActions.tsx';
import { useRowAction } from '../../../list-page/use-row-action.ts';
import { companiesKey, deleteCompany, listCompanies, restoreCompany } from './api.ts';
import { CompanyCreatedModal } from './CompanyCreatedModal.tsx';
import { CompanyFormModal } from './CompanyFormModal.tsx';
import { GrantsModal } from './GrantsModal.tsx';
import { PermissionsDrawer } from './PermissionsDrawer.tsx';
import { CallbackSecretModal } from './CallbackSecretModal.tsx';
import { SpeechCredentialsDrawer } from '../speech-credentials/SpeechCredentialsDrawer.tsx';

type Filters = Pick<CompanyQuery, 'keyword' | 'state'>;
type Editing = { mode: 'create' } | { mode: 'edit'; company: CompanyListItem } | null;

/** A company row's "Manage" menu: what each item opens (`manage` reads the key), its words and its test id. */
const MANAGE_ITEMS = [
  ['voice', 'companies.action.voices', 'company-manage-voice'],
  ['processor', 'companies.action.processors', 'company-manage-processor'],
  ['scenario', 'companies.action.scenarios', 'company-manage-scenario'],
  ['permissions', 'companies.action.permissions', 'company-manage-permissions'],
  ['callbackSecret', 'companies.action.callbackSecret', 'company-manage-callback-secret'],
  ['speechKeys', 'speechKeys.action', 'company-manage-speechKeys'],
] as const;

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

  const remove = useRowAction({
    action: (company: CompanyListItem) => deleteCompany(company.id),
    done: (company) => t('companies.deleted', { name: company.name }),
    refresh: [companiesKey],
  });
  const restore = useRowAction({
    action: (company: CompanyListItem) => restoreCompany(company.id),
    done: (company) => t('companies.restored', { name: company.name }),
    refresh: [companiesKey],
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
    shortIdColumn(t('companies.col.id'), 'id'),
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
    { title: t('common.timeZone'), dataIndex: 'timezone', width: 150 },
    ...authorshipColumns<CompanyListItem>({ created: t('companies.col.created'), updated: t('common.updated') }, 160),
    actionsColumn(t('common.actions'), 240, (row) => (
      <>
        <EditButton onClick={() => setEditing({ mode: 'edit', company: row })} testId={`company-edit-${row.name}`} />
        <Dropdown
          trigger="click"
          position="br"
          droplist={
            <Menu onClickMenuItem={(key) => manage(row, key)}>
              {MANAGE_ITEMS.map(([key, label, testId]) => (
                <Menu.Item key={key} data-testid={testId}>
                  {t(label)}
                </Menu.Item>
              ))}
            </Menu>
          }
        >
          <Button type="text" size="small" data-testid={`company-manage-${row.name}`}>
            {t('companies.action.manage')} <IconDown />
          </Button>
        </Dropdown>
        {row.state === 'normal' ? (
          <ConfirmButton
            title={t('companies.delete.confirm', { name: row.name })}
            position="tr"
            maxWidth={320}
            onConfirm={() => remove.mutateAsync(row)}
            testId={`company-delete-${row.name}`}
            confirmTestId="company-delete-confirm"
            blockedBy={row.isProvider ? t('companies.delete.provider') : undefined}
          >
            {t('common.delete')}
          </ConfirmButton>
        ) : (
          <ConfirmButton
            title={t('companies.restore.confirm', { name: row.name })}
            position="tr"
            status="success"
            onConfirm={() => restore.mutateAsync(row)}
            testId={`company-restore-${row.name}`}
            confirmTestId="company-restore-confirm"
          >
            {t('companies.action.restore')}
          </ConfirmButton>
        )}
      </>
    )),
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
          <AddButton onClick={() => setEditing({ mode: 'create' })} testId="company-new">
            {t('companies.new')}
          </AddButton>
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
      <ListTable list={list} columns={columns} scrollX={1440} empty={t('companies.empty')} rowTestId={(row) => `company-row-${row.name}`} />
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
