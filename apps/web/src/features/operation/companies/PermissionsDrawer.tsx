import { Button, Checkbox, Drawer, Form, InputNumber, Message, Skeleton, Space, Switch, Typography } from '@arco-design/web-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPANY_CONCURRENCY,
  COMPANY_FEATURES,
  companyPermissionsSchema,
  type CompanyListItem,
  type CompanyPermissions,
} from '@dialwise/contracts';
import { fieldRule } from '../../../forms/zod-rules.ts';
import { checkFormInput } from '../../../forms/check-form.ts';
import { currentLocale } from '../../../locale/index.ts';
import { StaleEditNotice, useStaleEdit } from '../../../forms/stale-edit.tsx';
import { companiesKey, getCompany, getPermissions, setPermissions } from './api.ts';
import { markServerErrors } from '../../../forms/server-errors.ts';

/** What a company may do: number reveal, its total concurrency cap and the operation features it may use. */
export function PermissionsDrawer({
  company: opened,
  onClose,
  onSaved,
}: {
  company: CompanyListItem | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CompanyPermissions>();
  const key = [...companiesKey, 'permissions', opened?.id];
  // The permissions are part of the company: a save sends the company's version, read just before the
  // permissions shown (someone saving in between makes this save stale, never lost). A reload reads both again.
  const loaded = useQuery({
    queryKey: key,
    queryFn: async () => {
      const current = await getCompany(opened!.id);
      return { company: current, permissions: await getPermissions(current.id) };
    },
    enabled: opened !== null,
  });
  const permissions = { data: loaded.data?.permissions };
  const edit = useStaleEdit(loaded.data?.company ?? null, async (company) => (await loaded.refetch()).data?.company ?? company);
  const company = edit.entity;
  const locale = currentLocale();
  useEffect(() => {
    if (permissions.data) form.setFieldsValue(permissions.data);
  }, [permissions.data, form]);

  const save = useMutation({
    mutationFn: (values: CompanyPermissions) => setPermissions({ companyId: company!.id, version: company!.version, ...values }),
    onSuccess: () => {
      Message.success(t('companies.permissions.saved'));
      // The company's version grew: the list (and this drawer's copy) read again.
      void queryClient.invalidateQueries({ queryKey: companiesKey });
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (!edit.caught(error)) markServerErrors(form, error);
    },
  });
  const submit = async () => {
    const input = await checkFormInput(form, companyPermissionsSchema, locale, (values) => ({
      ...values,
      features: values.features ?? [],
    }));
    if (input) save.mutate(input);
  };

  return (
    <Drawer
      width={440}
      title={opened ? t('companies.permissions.title', { name: opened.name }) : ''}
      visible={company !== null}
      onCancel={onClose}
      unmountOnExit
      footer={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!permissions.data || loaded.isFetching}
            onClick={() => void submit()}
            data-testid="permissions-save"
          >
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <StaleEditNotice edit={edit} />
      {!permissions.data ? (
        <Skeleton text={{ rows: 6 }} animation />
      ) : (
        <Form form={form} layout="vertical" initialValues={permissions.data} data-testid="permissions-form">
          <Form.Item
            field="numberReveal"
            label={t('companies.permissions.numberReveal')}
            triggerPropName="checked"
            extra={t('companies.permissions.numberRevealHelp')}
          >
            <Switch data-testid="permissions-numberReveal" />
          </Form.Item>
          <Form.Item
            field="maxConcurrency"
            label={t('companies.permissions.maxConcurrency')}
            extra={t('companies.permissions.maxConcurrencyHelp')}
            rules={[fieldRule(companyPermissionsSchema, 'maxConcurrency', locale)]}
            required
          >
            <InputNumber
              min={COMPANY_CONCURRENCY.min}
              max={COMPANY_CONCURRENCY.max}
              precision={0}
              style={{ width: 180 }}
              data-testid="permissions-maxConcurrency"
            />
          </Form.Item>
          <Form.Item field="features" label={t('companies.permissions.features')}>
            <Checkbox.Group direction="vertical" className="op-features">
              {COMPANY_FEATURES.map((feature) => (
                <Checkbox key={feature} value={feature} data-testid={`permissions-feature-${feature}`}>
                  <span className="op-feature">
                    <span>{t(`companies.permissions.feature.${feature}`)}</span>
                    <Typography.Text type="secondary" className="op-feature-help">
                      {t(`companies.permissions.feature.${feature}.help`)}
                    </Typography.Text>
                  </span>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
}
