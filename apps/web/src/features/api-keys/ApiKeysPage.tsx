import { Alert, Form, Input, Message, Modal, Radio, Select, Table, Tag, Typography, type TableColumnProps } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_SCOPES, apiKeyCreateSchema, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@dialwise/contracts';
import { checkFormInput } from '../../forms/check-form.ts';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { fieldRule } from '../../forms/zod-rules.ts';
import { AddButton, ListPage } from '../../list-page/ListPage.tsx';
import { usePageTotal } from '../../list-page/page-total.ts';
import { ConfirmButton } from '../../list-page/RowActions.tsx';
import { currentLocale } from '../../locale/index.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { apiKeysKey, createApiKey, listApiKeys, revokeApiKey } from './api.ts';

const STATE_COLORS = { active: 'green', expired: 'gray', revoked: 'red' } as const;
const SCOPE_COLORS = { read: 'arcoblue', campaigns: 'orange', full: 'purple' } as const;

/** System management → API keys (route apiKeys): the company's keys, a new one shown once, revoke. */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const pageTotal = usePageTotal();
  const time = useCompanyTime();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const keys = useQuery({ queryKey: apiKeysKey, queryFn: listApiKeys });
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (key) => {
      Message.success(t('apiKeys.revoked', { name: key.name }));
      void refresh();
    },
  });
  const when = (iso: string | null, none: string) => (iso ? <span className="nowrap">{time.format(iso)}</span> : none);

  const columns: TableColumnProps<ApiKey>[] = [
    { title: t('common.name'), dataIndex: 'name', width: 180, ellipsis: true, tooltip: true },
    {
      title: t('apiKeys.col.prefix'),
      dataIndex: 'prefix',
      width: 140,
      render: (prefix: string) => <span className="mono nowrap">{prefix}…</span>,
    },
    {
      title: t('apiKeys.col.scope'),
      dataIndex: 'scope',
      width: 110,
      render: (scope: ApiKeyScope) => <Tag color={SCOPE_COLORS[scope]}>{t(`apiKeys.scope.${scope}`)}</Tag>,
    },
    {
      title: t('apiKeys.col.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: ApiKey['state']) => <Tag color={STATE_COLORS[state]}>{t(`apiKeys.state.${state}`)}</Tag>,
    },
    { title: t('apiKeys.col.createdBy'), dataIndex: 'createdBy', width: 120, render: (who: string | null) => who ?? '—' },
    { title: t('apiKeys.col.created'), dataIndex: 'createTime', width: 160, render: (iso: string) => when(iso, '—') },
    {
      title: t('apiKeys.col.lastUsed'),
      dataIndex: 'lastUsedTime',
      width: 160,
      render: (iso: string | null) => when(iso, t('apiKeys.unused')),
    },
    { title: t('apiKeys.col.expires'), dataIndex: 'expiresAt', width: 160, render: (iso: string | null) => when(iso, t('apiKeys.never')) },
    {
      title: t('common.actions'),
      dataIndex: 'id',
      key: 'actions',
      width: 100,
      render: (_id: string, key: ApiKey) => (
        <ConfirmButton
          title={t('apiKeys.revokeConfirm', { name: key.name })}
          onConfirm={() => revoke.mutateAsync(key)}
          icon={<IconDelete />}
          testId={`api-key-revoke-${key.name}`}
          confirmTestId={`api-key-revoke-confirm-${key.name}`}
          blockedBy={key.state === 'active' ? undefined : t('apiKeys.notActive')}
        >
          {t('apiKeys.revoke')}
        </ConfirmButton>
      ),
    },
  ];

  return (
    <ListPage
      title={t('apiKeys.title')}
      testId="api-keys-page"
      timeZoneNote
      summary={<Alert type="info" content={t('apiKeys.hint')} style={{ marginBottom: 16 }} />}
      toolbar={
        <AddButton onClick={() => setCreating(true)} testId="api-key-add">
          {t('apiKeys.new')}
        </AddButton>
      }
    >
      <Table
        rowKey="id"
        data-testid="api-keys-table"
        columns={columns}
        scroll={{ x: 1220 }}
        data={keys.data ?? []}
        loading={keys.isFetching}
        noDataElement={<div className="search-table-empty">{t('apiKeys.empty')}</div>}
        pagination={{ pageSize: 20, showTotal: pageTotal, hideOnSinglePage: true }}
      />
      <CreateKeyModal
        visible={creating}
        onClose={() => setCreating(false)}
        onCreated={(result) => {
          setCreating(false);
          setCreated(result);
          void refresh();
        }}
      />
      <Modal
        title={t('apiKeys.created.title')}
        visible={created !== null}
        onOk={() => setCreated(null)}
        onCancel={() => setCreated(null)}
        okText={t('apiKeys.created.done')}
        hideCancel
        maskClosable={false}
        style={{ width: 620 }}
        okButtonProps={{ 'data-testid': 'api-key-created-done' } as object}
      >
        {created && (
          <div data-testid="api-key-created">
            <Alert type="warning" content={t('apiKeys.created.warning')} style={{ marginBottom: 12 }} />
            <Typography.Paragraph copyable code className="mono" data-testid="api-key-secret" style={{ wordBreak: 'break-all' }}>
              {created.key}
            </Typography.Paragraph>
          </div>
        )}
      </Modal>
    </ListPage>
  );
}

const EXPIRY_DAYS = ['never', '30', '90', '365'] as const;
type ExpiryChoice = (typeof EXPIRY_DAYS)[number];

interface FormValues {
  name: string;
  scope: ApiKeyScope;
  expiry: ExpiryChoice;
}

const DEFAULTS: FormValues = { name: '', scope: 'read', expiry: 'never' };

function CreateKeyModal({ visible, onClose, onCreated }: { visible: boolean; onClose(): void; onCreated(created: ApiKeyCreated): void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [form] = Form.useForm<FormValues>();
  const create = useMutation({ mutationFn: createApiKey, onSuccess: onCreated });
  const submit = async () => {
    const input = await checkFormInput(form, apiKeyCreateSchema, locale, (values) => ({
      name: values.name,
      scope: values.scope,
      expiresAt: values.expiry === 'never' ? null : new Date(Date.now() + Number(values.expiry) * 86_400_000).toISOString(),
    }));
    if (input) create.mutate(input);
  };
  return (
    <Modal
      title={t('apiKeys.new')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('apiKeys.form.create')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'api-key-submit' } as object}
      style={{ width: 560 }}
      unmountOnExit
    >
      <Form form={form} layout="vertical" initialValues={DEFAULTS} data-testid="api-key-form">
        <Form.Item field="name" label={t('common.name')} rules={[fieldRule(apiKeyCreateSchema, 'name', locale)]}>
          <Input placeholder={t('apiKeys.form.namePlaceholder')} data-testid="api-key-name" maxLength={64} />
        </Form.Item>
        <Form.Item field="scope" label={t('apiKeys.form.scope')}>
          <Radio.Group type="button">
            <RadioChoices
              values={API_KEY_SCOPES}
              label={(scope) => t(`apiKeys.scope.${scope}`)}
              testId={(scope) => `api-key-scope-${scope}`}
            />
          </Radio.Group>
        </Form.Item>
        <Form.Item shouldUpdate noStyle>
          {(values: FormValues) => (
            <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
              {t(`apiKeys.scopeHelp.${values.scope ?? 'read'}`)}
            </Typography.Paragraph>
          )}
        </Form.Item>
        <Form.Item field="expiry" label={t('apiKeys.form.expiry')}>
          <Select data-testid="api-key-expiry" style={{ width: 200 }}>
            {EXPIRY_DAYS.map((choice) => (
              <Select.Option key={choice} value={choice}>
                {t(`apiKeys.form.expiry.${choice}`)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
      </Form>
    </Modal>
  );
}
