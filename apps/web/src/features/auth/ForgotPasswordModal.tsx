import { Form, Input, Message, Modal, Typography } from '@arco-design/web-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordInputSchema, type ForgotPasswordInput } from '@dialwise/contracts';
import { forgotPassword } from '../../api/user.ts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { checkFormInput } from '../../forms/check-form.ts';

/** Files a password-reset request for the company's administrators (docs/auth.md: "Forgot password"). */
export function ForgotPasswordModal({ visible, onClose, defaultUsername }: { visible: boolean; onClose(): void; defaultUsername: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ForgotPasswordInput>();
  const [sending, setSending] = useState(false);
  const locale = currentLocale();

  const send = async () => {
    const input = await checkFormInput(form, forgotPasswordInputSchema, locale);
    if (!input) return;
    setSending(true);
    try {
      const message = await forgotPassword(input);
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
      title={t('forgot.title')}
      visible={visible}
      onCancel={onClose}
      onOk={() => void send()}
      confirmLoading={sending}
      okText={t('forgot.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'forgot-submit' } as Record<string, string>}
      unmountOnExit
    >
      <Typography.Paragraph type="secondary">{t('forgot.intro')}</Typography.Paragraph>
      {/* The sign-in form's user name as the initial value, set when the form mounts (each opening: unmountOnExit);
          set after the opening animation instead, it overwrote what a quick user had already typed. */}
      <Form form={form} layout="vertical" initialValues={{ username: defaultUsername }}>
        <Form.Item field="username" label={t('login.username')} rules={[fieldRule(forgotPasswordInputSchema, 'username', locale)]}>
          <Input data-testid="forgot-username" />
        </Form.Item>
        <Form.Item field="note" label={t('forgot.note')} rules={[fieldRule(forgotPasswordInputSchema, 'note', locale)]}>
          <Input.TextArea maxLength={500} showWordLimit autoSize={{ minRows: 2 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
