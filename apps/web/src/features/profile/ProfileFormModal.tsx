import { Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { profileInputSchema, type ProfileInput, type SelfInfo } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { checkFormInput } from '../../forms/check-form.ts';
import { useUser } from '../../store/user.ts';
import { useStaleEdit } from '../../forms/stale-edit.tsx';
import { FormModal, useFormFill, useFormSave } from '../../forms/form-modal.tsx';
import { getSelfInfo, updateSelfInfo } from './api.ts';

interface Props {
  user: SelfInfo;
  visible: boolean;
  onClose(): void;
}

/**
 * Edits the signed-in user's alias, phone and e-mail (the self-info rules, from contracts). Mounted
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
  useFormFill(form, true, user, (current) => current && valuesOf(current));

  const save = useFormSave({
    form,
    edit,
    check: () => checkFormInput(form, profileInputSchema, locale),
    save: (input: ProfileInput) => updateSelfInfo({ ...input, version: user.version }),
    onSaved: (saved) => {
      useUser.getState().setUser(saved);
      Message.success(t('profile.saved'));
      onClose();
    },
  });

  return (
    <FormModal
      title={t('profile.edit')}
      visible
      onClose={onClose}
      save={save}
      submitTestId="profile-submit"
      formTestId="profile-form"
      initialValues={valuesOf(opened)}
    >
      <Form.Item
        field="alias"
        label={t('common.alias')}
        extra={t('profile.aliasHint')}
        rules={[fieldRule(profileInputSchema, 'alias', locale)]}
      >
        <Input data-testid="profile-alias" />
      </Form.Item>
      <Form.Item field="phoneNumber" label={t('common.phoneNumber')} rules={[fieldRule(profileInputSchema, 'phoneNumber', locale)]}>
        <Input data-testid="profile-phone" inputMode="tel" />
      </Form.Item>
      <Form.Item field="email" label={t('common.email')} rules={[fieldRule(profileInputSchema, 'email', locale)]}>
        <Input data-testid="profile-email" type="email" />
      </Form.Item>
    </FormModal>
  );
}
