import { Form, Input, Message, Modal } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dismissAccessRequestSchema, type AccessRequest } from '@dialwise/contracts';
import { checkFormInput } from '../../forms/check-form.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { dismissAccessRequest } from './api.ts';

/** Closes a request without acting on it; the optional reason is kept with it. */
export function DismissModal({ request, onClose, onDone }: { request: AccessRequest | null; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const locale = currentLocale();
  const dismiss = useMutation({
    mutationFn: dismissAccessRequest,
    onSuccess: () => {
      Message.success(t('accessRequests.dismiss.done'));
      onDone();
    },
    onError: (error) => markServerErrors(form, error),
  });
  const submit = async () => {
    if (!request) return;
    const input = await checkFormInput(form, dismissAccessRequestSchema, locale, (values) => ({
      id: request.id,
      reason: values.reason || undefined,
    }));
    if (input) dismiss.mutate(input);
  };
  return (
    <Modal
      title={t('accessRequests.dismiss.title')}
      visible={request !== null}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={dismiss.isPending}
      unmountOnExit
      okText={t('accessRequests.action.dismiss')}
      cancelText={t('common.cancel')}
      okButtonProps={{ status: 'danger', 'data-testid': 'access-dismiss-submit' } as object}
    >
      <Form form={form} layout="vertical" data-testid="access-dismiss-form">
        <Form.Item
          field="reason"
          label={t('accessRequests.dismiss.reason')}
          rules={[fieldRule(dismissAccessRequestSchema, 'reason', locale)]}
        >
          <Input maxLength={200} showWordLimit data-testid="access-dismiss-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
