import {
  Alert,
  Button,
  Form,
  Input,
  Message,
  Modal,
  Result,
  Space,
  Table,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { IconDelete, IconUpload } from '@arco-design/web-react/icon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton, KeywordFilter, ListPage, ListTable } from '../../list-page/ListPage.tsx';
import { useListQuery } from '../../list-page/use-list-query.ts';
import { useNavigate } from 'react-router';
import { dncAddSchema, ErrorCode, type DncAdd, type DncEntry, type DncImportResult } from '@dialwise/contracts';
import { checkFormInput } from '../../forms/check-form.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { RequestFailure } from '../../api/client.ts';
import { useCompanyTime } from '../../locale/company-time.tsx';
import { useUser } from '../../store/user.ts';
import { CompanyPicker } from '../accounts/CompanyPicker.tsx';
import { listManagedCompanies } from '../accounts/api.ts';
import { addDnc, importDnc, listDnc, removeDnc } from './api.ts';
import { ConfirmButton } from '../../list-page/RowActions.tsx';
import { FilePicker } from '../../forms/FilePicker.tsx';
import { usePageTotal } from '../../list-page/page-total.ts';

/** The company's do-not-call list (route dncList): search, add, import a CSV, remove. */
export default function DncPage() {
  const { t } = useTranslation();
  const _pageTotal = usePageTotal();
  const time = useCompanyTime();
  const navigate = useNavigate();
  const me = useUser((s) => s.user);
  const isDev = me?.authLevel === 'DEV';
  // Provider staff start on the first company that has the list (their own has none unless the provider
  // gave itself the feature); a company without it is explained, never asked for (no 403 toast per visit).
  const companies = useQuery({ queryKey: ['managed-companies'], queryFn: listManagedCompanies, staleTime: 60_000, enabled: isDev });
  const [picked, setPicked] = useState<string | null>(null);
  const firstWithList = companies.data?.find((company) => company.state === 'normal' && company.features.includes('doNotCall'));
  const companyId = picked ?? firstWithList?.id ?? me?.customerID ?? '';
  const company = companies.data?.find((c) => c.id === companyId);
  const enabled = isDev ? (company ? company.features.includes('doNotCall') : undefined) : (me?.features.includes('doNotCall') ?? false);
  const setCompanyId = (next: string) => setPicked(next);
  const [adding, setAdding] = useState(false);
  const [imported, setImported] = useState<DncImportResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const scope = isDev ? { companyId } : {};

  const list = useListQuery<{ keyword?: string }, DncEntry>({ key: ['dnc'], fetch: listDnc, extra: scope, enabled: enabled === true });
  const entries = list.result;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['dnc'] });

  const remove = useMutation({
    mutationFn: (phone: string) => removeDnc({ phones: [phone], ...scope }),
    onSuccess: (_change, phone) => {
      Message.success(t('dnc.removed', { phone }));
      void refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => importDnc(file, isDev ? companyId : undefined),
    onSuccess: (result) => {
      setImported(result);
      void refresh();
    },
  });

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.csv')) {
      Message.error(t('dnc.import.wrongType'));
      return;
    }
    upload.mutate(file);
  };

  const columns: TableColumnProps<DncEntry>[] = [
    { title: t('common.phoneNumber'), dataIndex: 'phone', render: (phone: string) => <span className="mono">{phone}</span> },
    { title: t('dnc.col.note'), dataIndex: 'note', ellipsis: true, tooltip: true, render: (note: string) => note || '—' },
    { title: t('dnc.col.createdBy'), dataIndex: 'createdBy', width: 160, render: (who: string | null) => who ?? '—' },
    {
      title: t('dnc.col.created'),
      dataIndex: 'createTime',
      width: 180,
      render: (iso: string) => <span className="nowrap">{time.format(iso)}</span>,
    },
    {
      title: t('common.actions'),
      dataIndex: 'phone',
      key: 'actions',
      width: 110,
      render: (phone: string) => (
        <ConfirmButton
          title={t('dnc.removeConfirm', { phone })}
          onConfirm={() => remove.mutateAsync(phone)}
          icon={<IconDelete />}
          testId={`dnc-remove-${phone}`}
          confirmTestId={`dnc-remove-confirm-${phone}`}
        >
          {t('dnc.remove')}
        </ConfirmButton>
      ),
    },
  ];

  // The provider has not enabled the list for this company (or took it away while the page was open): say
  // so, and how to change it, instead of an empty, broken table.
  const refused = entries.error instanceof RequestFailure && entries.error.code === ErrorCode.FORBIDDEN;
  if (enabled === false || refused) {
    const name = isDev ? (company?.name ?? '') : null;
    return (
      <ListPage
        title={t('dnc.title')}
        testId="dnc-page"
        extra={
          isDev && (
            <CompanyPicker
              value={companyId}
              testId="dnc-company"
              onChange={setCompanyId}
              note={(c) => (c.features.includes('doNotCall') ? null : t('dnc.off.note'))}
            />
          )
        }
      >
        <Result
          status="info"
          title={name ? t('dnc.off.titleFor', { name }) : t('dnc.off.title')}
          subTitle={t(isDev ? 'dnc.off.dev' : 'dnc.off.admin')}
          data-testid="dnc-disabled"
          extra={
            isDev && (
              <Button type="primary" onClick={() => void navigate('/operation/companyList')} data-testid="dnc-open-companies">
                {t('dnc.off.openCompanies')}
              </Button>
            )
          }
        />
      </ListPage>
    );
  }

  return (
    <ListPage
      title={t('dnc.title')}
      testId="dnc-page"
      timeZoneNote
      list={list}
      extra={
        isDev && (
          <CompanyPicker
            value={companyId}
            testId="dnc-company"
            note={(c) => (c.features.includes('doNotCall') ? null : t('dnc.off.note'))}
            onChange={(next) => {
              setCompanyId(next);
              list.firstPage();
            }}
          />
        )
      }
      summary={<Alert type="info" content={t('dnc.hint')} style={{ marginBottom: 16 }} />}
      filters={<KeywordFilter field="keyword" placeholder={t('dnc.keyword')} testId="dnc-keyword" />}
      toolbar={
        <>
          <Space>
            <AddButton onClick={() => setAdding(true)} testId="dnc-add">
              {t('dnc.add')}
            </AddButton>
            <Button icon={<IconUpload />} loading={upload.isPending} onClick={() => fileInput.current?.click()} data-testid="dnc-import">
              {t('dnc.import')}
            </Button>
            <Typography.Text type="secondary">{t('dnc.import.help')}</Typography.Text>
          </Space>
          <FilePicker ref={fileInput} accept=".csv,text/csv" testId="dnc-file" onPick={(file) => pickFile(file)} />
        </>
      }
    >
      <ListTable
        list={list}
        columns={columns}
        empty={t('dnc.empty')}
        rowKey="phone"
        testId="dnc-table"
        loading={entries.isFetching || enabled === undefined}
      />
      <AddNumbersModal visible={adding} companyId={isDev ? companyId : undefined} onClose={() => setAdding(false)} onDone={refresh} />
      <Modal
        title={t('dnc.import.title')}
        visible={imported !== null}
        onOk={() => setImported(null)}
        onCancel={() => setImported(null)}
        hideCancel
        style={{ width: 560 }}
      >
        {imported && (
          <div data-testid="dnc-import-result">
            <Typography.Paragraph>{t('dnc.changed', { added: imported.added, already: imported.alreadyListed })}</Typography.Paragraph>
            {imported.rejected.length > 0 && (
              <>
                <Alert
                  type="warning"
                  content={t('dnc.import.rejected', { count: imported.rejected.length })}
                  style={{ marginBottom: 12 }}
                />
                <Table
                  size="small"
                  rowKey="line"
                  pagination={{ pageSize: 5 }}
                  data={imported.rejected}
                  columns={[
                    { title: t('dnc.import.line'), dataIndex: 'line', width: 70 },
                    { title: t('dnc.import.value'), dataIndex: 'value', ellipsis: true },
                    { title: t('dnc.import.reason'), dataIndex: 'reason' },
                  ]}
                />
              </>
            )}
          </div>
        )}
      </Modal>
    </ListPage>
  );
}

function AddNumbersModal({
  visible,
  companyId,
  onClose,
  onDone,
}: {
  visible: boolean;
  companyId: string | undefined;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phones: string; note: string }>();
  const add = useMutation({
    mutationFn: (input: DncAdd) => addDnc(input),
    onSuccess: (change) => {
      Message.success(t('dnc.changed', { added: change.added, already: change.alreadyListed }));
      form.resetFields();
      onDone();
      onClose();
    },
    onError: (error) => markServerErrors(form, error),
  });
  // The server's schema, checked here first: entries that are not numbers are named on the field itself.
  const submit = async () => {
    const input = await checkFormInput(form, dncAddSchema, currentLocale(), (values) => ({
      phones: (values.phones ?? '')
        .split(/[\n,;]+/)
        .map((v) => v.trim())
        .filter(Boolean),
      note: values.note ?? '',
      ...(companyId ? { companyId } : {}),
    }));
    if (input) add.mutate(input);
  };
  return (
    <Modal
      title={t('dnc.form.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('dnc.form.save')}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'dnc-save' } as Record<string, string>}
      unmountOnExit
    >
      <Form form={form} layout="vertical" scrollToFirstError>
        <Form.Item
          label={t('dnc.form.phones')}
          field="phones"
          extra={t('dnc.form.phonesHelp')}
          rules={[{ required: true, message: t('dnc.form.required') }]}
        >
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 10 }} data-testid="dnc-phones" />
        </Form.Item>
        <Form.Item label={t('dnc.form.note')} field="note">
          <Input maxLength={200} placeholder={t('dnc.form.notePlaceholder')} data-testid="dnc-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
