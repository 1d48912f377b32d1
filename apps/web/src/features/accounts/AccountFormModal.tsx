import { Form, Input, Message, Radio, Switch } from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountCreateSchema, accountUpdateSchema, type Account, type Role } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { checkForm } from '../../forms/check-form.ts';
import { useUser } from '../../store/user.ts';
import { useStaleEdit } from '../../forms/stale-edit.tsx';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { FormModal, useFormFill, useFormSave, whileOpen } from '../../forms/form-modal.tsx';
import { createAccount, getAccount, updateAccount } from './api.ts';

interface FormValues {
  username: string;
  alias: string;
  email: string;
  phoneNumber: string;
  authLevel: Role;
  enabled: boolean;
  password: string;
}

interface Props {
  /** null = a new account; undefined = closed. */
  account: Account | null | undefined;
  companyId: string;
  levels: readonly Role[];
  onClose(): void;
}

function valuesOf(account: Account | null): FormValues {
  return account
    ? {
        username: account.username,
        alias: account.alias,
        email: account.email,
        phoneNumber: account.phoneNumber,
        authLevel: account.authLevel,
        enabled: account.status === 'active',
        password: '',
      }
    : { username: '', alias: '', email: '', phoneNumber: '', authLevel: 'OPR', enabled: true, password: '' };
}

function AccountFormDialog({ account: opened, companyId, levels, onClose }: Props & { account: Account | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const edit = useStaleEdit(opened, (a) => getAccount(a.id, companyId));
  const account = edit.entity;
  // A reload after a conflict brings the current account: show it.
  useFormFill(form, true, account, valuesOf);
  const queryClient = useQueryClient();
  const me = useUser((s) => s.user);
  const locale = currentLocale();
  const editing = Boolean(account);
  const schema = editing ? accountUpdateSchema : accountCreateSchema;
  const isSelf = editing && account?.id === me?.id;

  const save = useFormSave({
    form,
    edit,
    check: () => checkForm(form),
    save: async (values: FormValues) => {
      const fields = {
        alias: values.alias,
        email: values.email,
        phoneNumber: values.phoneNumber,
        authLevel: values.authLevel,
        status: values.enabled ? ('active' as const) : ('disabled' as const),
        companyId,
      };
      return account
        ? updateAccount({ id: account.id, version: account.version, ...fields, password: values.password ?? '' })
        : createAccount({ ...fields, username: values.username, password: values.password });
    },
    onSaved: (saved) => {
      Message.success(t(account ? 'accounts.saved' : 'accounts.created', { username: saved.username }));
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
      onClose();
    },
  });

  const levelChoices = account && !levels.includes(account.authLevel) ? [...levels, account.authLevel] : levels;

  return (
    <FormModal
      title={t(editing ? 'accounts.edit' : 'accounts.new')}
      visible
      onClose={onClose}
      save={save}
      okText={t('common.ok')}
      submitTestId="account-submit"
      formTestId="account-form"
      initialValues={valuesOf(account)}
      width={560}
    >
      <Form.Item
        field="username"
        label={t('common.username')}
        extra={editing ? undefined : t('accounts.form.usernameHint')}
        rules={editing ? [] : [fieldRule(accountCreateSchema, 'username', locale)]}
      >
        <Input data-testid="account-username" disabled={editing} autoComplete="off" />
      </Form.Item>
      <Form.Item field="alias" label={t('common.alias')} rules={[fieldRule(schema, 'alias', locale)]}>
        <Input data-testid="account-alias" />
      </Form.Item>
      <Form.Item field="email" label={t('common.email')} rules={[fieldRule(schema, 'email', locale)]}>
        <Input data-testid="account-email" type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item field="phoneNumber" label={t('common.phoneNumber')} rules={[fieldRule(schema, 'phoneNumber', locale)]}>
        <Input data-testid="account-phone" inputMode="tel" autoComplete="off" />
      </Form.Item>
      <Form.Item field="authLevel" label={t('accounts.form.level')} extra={isSelf ? t('accounts.form.selfLocked') : undefined}>
        <Radio.Group type="button" disabled={isSelf}>
          <RadioChoices
            values={levelChoices}
            label={(level) => t(`accounts.level.${level}`)}
            testId={(level) => `account-level-${level}`}
          />
        </Radio.Group>
      </Form.Item>
      <Form.Item
        field="enabled"
        label={t('accounts.form.status')}
        triggerPropName="checked"
        extra={isSelf ? undefined : t('accounts.form.disableHint')}
      >
        <Switch data-testid="account-enabled" disabled={isSelf} />
      </Form.Item>
      <Form.Item
        field="password"
        label={t('common.password')}
        extra={
          <span data-testid="account-password-hint">{t(editing ? 'accounts.form.passwordUnchanged' : 'accounts.form.passwordHint')}</span>
        }
        rules={[fieldRule(schema, 'password', locale)]}
      >
        <Input.Password
          data-testid="account-password"
          autoComplete="new-password"
          placeholder={editing ? t('accounts.form.passwordPlaceholder') : undefined}
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * Add or edit one account. The rules are the contracts schemas the server enforces; on edit the user
 * name stays and a blank password keeps the current one.
 */
export const AccountFormModal = whileOpen<Props, 'account'>('account', AccountFormDialog);
