import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { profileInputSchema, type ProfileInput, type SelfInfo } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { checkFormInput } from '../../forms/check-form.ts';
import { useUser } from '../../store/user.ts';
import { StaleEditNotice, useStaleEdit } from '../../forms/stale-edit.tsx';
import { getSelfInfo, updateSelfInfo } from './api.ts';

interface Props {
  user: SelfInfo;
  visible: boolean;
  onClose(): void;
}

/**
 * Edits the signed-in user's alias, phone and e-mail (spec §5 self-info rules, from contracts). Mounted
 * only while open, so each opening starts from the current values.
 */
export function ProfileFormModal(props: Props) {
  return props.visible ? <ProfileFormDialog {...props} /> : null;
}

function valuesOf(user: SelfInfo): ProfileInput {
  return { alias: user.alias, phoneNumber: user.phoneNumber, email: user.email };
}

function ProfileFormDialog({ user: opened, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileInput>();
  const locale = currentLocale();
  // An administrator may edit the same account meanwhile: a reload brings the account as it is now.
  const edit = useStaleEdit(opened, async () => {
    const current = await getSelfInfo();
    useUser.getState().setUser(current);
    return current;
  });
  const user = edit.entity ?? opened;
  useEffect(() => {
    form.setFieldsValue(valuesOf(user));
  }, [user, form]);

  const save = useMutation({
    mutationFn: (input: ProfileInput) => updateSelfInfo({ ...input, version: user.version }),
    onSuccess: (saved) => {
      useUser.getState().setUser(saved);
      Message.success(t('profile.saved'));
      onClose();
    },
    onError: (error) => {
      if (!edit.caught(error)) markServerErrors(form, error);
    },
  });

  const submit = async () => {
    const input = await checkFormInput(form, profileInputSchema, locale);
    if (input) save.mutate(input);
  };

  return (
    <Modal
      title={t('profile.edit')}
      visible
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={save.isPending}
      okText={t('profile.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'profile-submit' } as Record<string, string>}
    >
      <StaleEditNotice edit={edit} />
      <Form form={form} layout="vertical" initialValues={valuesOf(opened)} data-testid="profile-form">
        <Form.Item
          field="alias"
          label={t('profile.alias')}
          extra={t('profile.aliasHint')}
          rules={[fieldRule(profileInputSchema, 'alias', locale)]}
        >
          <Input data-testid="profile-alias" />
        </Form.Item>
        <Form.Item field="phoneNumber" label={t('profile.phone')} rules={[fieldRule(profileInputSchema, 'phoneNumber', locale)]}>
          <Input data-testid="profile-phone" inputMode="tel" />
        </Form.Item>
        <Form.Item field="email" label={t('profile.email')} rules={[fieldRule(profileInputSchema, 'email', locale)]}>
          <Input data-testid="profile-email" type="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
