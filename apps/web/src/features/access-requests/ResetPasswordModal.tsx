import { Form, Input, Message, Modal, Typography } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resetFromRequestSchema, translate, type AccessRequest } from '@dialwise/contracts';
import { checkFormInput } from '../../forms/check-form.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { currentLocale } from '../../locale/index.ts';
import { resetPasswordFromRequest } from './api.ts';

interface Values {
  password: string;
  confirmPassword: string;
}

/** Sets the new password a forgot-password request asked for; the server ends the user's sessions. */
export function ResetPasswordModal({ request, onClose, onDone }: { request: AccessRequest | null; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const locale = currentLocale();
  const reset = useMutation({
    mutationFn: resetPasswordFromRequest,
    onSuccess: ({ username }) => {
      Message.success(t('accessRequests.reset.done', { username }));
      onDone();
    },
    onError: (error) => markServerErrors(form, error),
  });
  const submit = async () => {
    if (!request) return;
    const input = await checkFormInput(form, resetFromRequestSchema, locale, (values) => ({ ...values, id: request.id }));
    if (input) reset.mutate(input);
  };
  const confirmMatches = {
    validator(value: unknown, callback: (error?: string) => void) {
      callback(value && value !== form.getFieldValue('password') ? translate('v.password.confirm', locale) : undefined);
    },
  };
  return (
    <Modal
      title={t('accessRequests.reset.title', { username: request?.username ?? '' })}
      visible={request !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={reset.isPending}
      unmountOnExit
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'access-reset-submit' } as object}
    >
      <Typography.Paragraph type="secondary">{t('accessRequests.reset.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" autoComplete="off" data-testid="access-reset-form">
        <Form.Item
          field="password"
          label={t('accessRequests.reset.password')}
          rules={[fieldRule(resetFromRequestSchema, 'password', locale)]}
        >
          <Input.Password autoComplete="new-password" data-testid="access-reset-password" />
        </Form.Item>
        <Form.Item
          field="confirmPassword"
          label={t('accessRequests.reset.confirm')}
          rules={[fieldRule(resetFromRequestSchema, 'confirmPassword', locale), confirmMatches]}
        >
          <Input.Password autoComplete="new-password" data-testid="access-reset-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
