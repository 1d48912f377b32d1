import { Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { registerInputSchema, type RegisterInput } from '@dialwise/contracts';
import { register } from '../../api/user.ts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { RequestModal } from './RequestModal.tsx';

/** Files an account request for the provider's staff (docs/auth.md: "Register"). */
export function RegisterModal({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterInput>();
  const locale = currentLocale();
  const rule = (field: keyof RegisterInput) => [fieldRule(registerInputSchema, field, locale)];

  return (
    <RequestModal
      title={t('register.title')}
      intro={t('register.intro')}
      submitText={t('register.submit')}
      submitTestId="register-submit"
      visible={visible}
      onClose={onClose}
      form={form}
      schema={registerInputSchema}
      send={register}
    >
      <Form.Item field="companyName" label={t('register.companyName')} rules={rule('companyName')}>
        <Input data-testid="register-companyName" />
      </Form.Item>
      <Form.Item field="contactName" label={t('register.contactName')} rules={rule('contactName')}>
        <Input data-testid="register-contactName" />
      </Form.Item>
      <Form.Item field="email" label={t('common.email')} rules={rule('email')}>
        <Input data-testid="register-email" />
      </Form.Item>
      <Form.Item field="phoneNumber" label={t('common.phoneNumber')} rules={rule('phoneNumber')}>
        <Input data-testid="register-phoneNumber" />
      </Form.Item>
      <Form.Item field="message" label={t('register.message')} rules={rule('message')}>
        <Input.TextArea maxLength={500} showWordLimit autoSize={{ minRows: 2 }} />
      </Form.Item>
    </RequestModal>
  );
}
