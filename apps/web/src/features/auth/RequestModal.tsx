import { Form, Message, Modal, Typography } from '@arco-design/web-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkFormInput } from '../../forms/check-form.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { currentLocale } from '../../locale/index.ts';
import { ArcoProvider } from '../shell/ArcoProvider.tsx';

/**
 * A request the login page files for someone who cannot sign in (a password reset, an account): a short
 * intro, the form checked against its contracts schema, and the server's answer shown for five seconds.
 */
export function RequestModal<Schema extends z.ZodType>(props: {
  /** Which request: its title, intro and submit words are `<kind>.title`, `.intro` and `.submit`, its button `<kind>-submit`. */
  kind: 'forgot' | 'register';
  visible: boolean;
  onClose(): void;
  schema: Schema;
  /** Files the request; answers the server's message. */
  send(input: z.output<Schema>): Promise<string>;
  /** What the form starts with each time it opens (it is mounted only while open). */
  initialValues?: Partial<z.input<Schema>>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<z.input<Schema>>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const input = await checkFormInput(form, props.schema, currentLocale());
    if (!input) return;
    setSending(true);
    try {
      const message = await props.send(input);
      Message.success({ content: message, duration: 5000 });
      form.resetFields();
      props.onClose();
    } catch (error) {
      // Toasted by the request layer; a refusal that names a field is marked on it too.
      markServerErrors(form, error);
    } finally {
      setSending(false);
    }
  };

  return (
    <ArcoProvider>
      <Modal
        title={t(`${props.kind}.title`)}
        visible={props.visible}
        onCancel={props.onClose}
        onOk={() => void send()}
        confirmLoading={sending}
        okText={t(`${props.kind}.submit`)}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': `${props.kind}-submit` } as object}
        unmountOnExit
      >
        <Typography.Paragraph type="secondary">{t(`${props.kind}.intro`)}</Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={props.initialValues}>
          {props.children}
        </Form>
      </Modal>
    </ArcoProvider>
  );
}
