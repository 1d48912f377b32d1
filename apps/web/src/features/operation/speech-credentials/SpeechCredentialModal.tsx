import { Alert, Form, Input, Message, Modal } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { credentialFieldsOf, speechCredentialSaveSchema, type SpeechCredential } from '@dialwise/contracts';
import { formFieldRule } from '../../../forms/zod-rules.ts';
import { markServerErrors } from '../../../forms/server-errors.ts';
import { currentLocale } from '../../../locale/index.ts';
import { StaleEditNotice, useStaleEdit } from '../../../forms/stale-edit.tsx';
import { listSpeechCredentials, saveSpeechCredential } from './api.ts';

type Values = { fields?: Record<string, string | undefined> };

/** One provider's credentials: settings prefilled, secrets blank (blank keeps the stored value). */
export function SpeechCredentialModal({
  companyId,
  credential: opened,
  onClose,
  onSaved,
}: {
  companyId: string;
  credential: SpeechCredential | null;
  onClose(): void;
  onSaved(saved: SpeechCredential): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const locale = currentLocale();
  // The version sent is the one the form opened (none while nothing is configured); a reload brings the current one.
  const edit = useStaleEdit(
    opened,
    async (c) => (await listSpeechCredentials(companyId)).find((item) => item.provider === c.provider) ?? c,
  );
  const credential = edit.entity;
  useEffect(() => {
    if (credential) form.setFieldsValue({ fields: credential.settings });
  }, [credential, form]);
  const fields = credential ? credentialFieldsOf(credential.provider) : [];
  const input = () => {
    const given = form.getFieldsValue().fields ?? {};
    return {
      companyId,
      provider: credential!.provider,
      version: credential!.version ?? undefined,
      fields: Object.fromEntries(fields.map((f) => [f.name, given[f.name]?.trim() ?? ''])),
    };
  };

  const save = useMutation({
    mutationFn: () => saveSpeechCredential(speechCredentialSaveSchema.parse(input())),
    onSuccess: (saved) => {
      Message.success(t('speechKeys.saved', { provider: saved.provider }));
      onSaved(saved);
    },
    onError: (error) => {
      if (!edit.caught(error)) markServerErrors(form, error);
    },
  });

  return (
    <Modal
      title={credential ? t('speechKeys.form.title', { provider: credential.provider }) : ''}
      visible={credential !== null}
      onCancel={onClose}
      onOk={async () => {
        await form.validate();
        save.mutate();
      }}
      okText={t('common.save')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'speech-key-save' } as object}
      unmountOnExit
    >
      <StaleEditNotice edit={edit} />
      {credential && (
        <Form form={form} layout="vertical" initialValues={{ fields: credential.settings }} data-testid="speech-key-form">
          {credential.vendor === 'alibaba' && <Alert type="info" content={t('speechKeys.form.aliHelp')} style={{ marginBottom: 16 }} />}
          {fields.map((f) => {
            const stored = credential.secretsSet.includes(f.name);
            const help = f.secret && stored ? t('speechKeys.form.keep') : f.required ? undefined : t('speechKeys.form.optional');
            const extra = f.name === 'asrResourceId' || f.name === 'region' ? t(`speechKeys.help.${f.name}`) : help;
            return (
              <Form.Item
                key={f.name}
                field={`fields.${f.name}`}
                label={t(`speechKeys.field.${f.name}`)}
                required={f.required && !(f.secret && stored)}
                extra={extra}
                rules={[
                  formFieldRule(speechCredentialSaveSchema, `fields.${f.name}`, locale, input),
                  ...(f.secret && f.required && !stored
                    ? [{ required: true, message: t('speechKeys.form.required', { field: t(`speechKeys.field.${f.name}`) }) }]
                    : []),
                ]}
              >
                {f.secret ? (
                  <Input.Password autoComplete="new-password" placeholder={stored ? '••••••••' : ''} data-testid={`speech-key-${f.name}`} />
                ) : (
                  <Input data-testid={`speech-key-${f.name}`} />
                )}
              </Form.Item>
            );
          })}
        </Form>
      )}
    </Modal>
  );
}
