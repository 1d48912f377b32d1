import { Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordInputSchema } from '@dialwise/contracts';
import { forgotPassword } from '../../api/user.ts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { RequestModal } from './RequestModal.tsx';

/** Files a password-reset request for the company's administrators (docs/auth.md: "Forgot password"). */
export default function ForgotPasswordModal({
  visible,
  onClose,
  defaultUsername,
}: {
  visible: boolean;
  onClose(): void;
  defaultUsername: string;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();

  return (
    <RequestModal
      kind="forgot"
      visible={visible}
      onClose={onClose}
      schema={forgotPasswordInputSchema}
      send={forgotPassword}
      // Filled as the form mounts, not after the opening animation: a name typed meanwhile is kept.
      initialValues={{ username: defaultUsername }}
    >
      <Form.Item field="username" label={t('common.username')} rules={[fieldRule(forgotPasswordInputSchema, 'username', locale)]}>
        <Input data-testid="forgot-username" />
      </Form.Item>
      <Form.Item field="note" label={t('forgot.note')} rules={[fieldRule(forgotPasswordInputSchema, 'note', locale)]}>
        <Input.TextArea maxLength={500} showWordLimit autoSize={{ minRows: 2 }} />
      </Form.Item>
    </RequestModal>
  );
}
