import { Form, Input, Message, Modal, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerInputSchema, type RegisterInput } from '@dialwise/contracts';
import { register } from '../../api/user.ts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { checkFormInput } from '../../forms/check-form.ts';

/** Files an account request for the provider's staff (docs/auth.md: "Register"). */
export function RegisterModal({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterInput>();
  const [sending, setSending] = useState(false);
  const locale = currentLocale();
  const rule = (field: keyof RegisterInput) => [fieldRule(registerInputSchema, field, locale)];

  const send = async () => {
    const input = await checkFormInput(form, registerInputSchema, locale);
    if (!input) return;
    setSending(true);
    try {
      const message = await register(input);
      Message.success({ content: message, duration: 5000 });
      form.resetFields();
      onClose();
    } catch {
      // shown by the request layer
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      title={t('register.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void send()}
      confirmLoading={sending}
      okText={t('register.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'register-submit' } as Record<string, string>}
      unmountOnExit
    >
      <Typography.Paragraph type="secondary">{t('register.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical">
        <Form.Item field="companyName" label={t('register.companyName')} rules={rule('companyName')}>
          <Input data-testid="register-companyName" />
        </Form.Item>
        <Form.Item field="contactName" label={t('register.contactName')} rules={rule('contactName')}>
          <Input data-testid="register-contactName" />
        </Form.Item>
        <Form.Item field="email" label={t('register.email')} rules={rule('email')}>
          <Input data-testid="register-email" />
        </Form.Item>
        <Form.Item field="phoneNumber" label={t('register.phone')} rules={rule('phoneNumber')}>
          <Input data-testid="register-phoneNumber" />
        </Form.Item>
        <Form.Item field="message" label={t('register.message')} rules={rule('message')}>
          <Input.TextArea maxLength={500} showWordLimit autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
