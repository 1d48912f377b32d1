import { Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { registerInputSchema, type RegisterInput } from '@dialwise/contracts';
import { register } from '../../api/user.ts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { RequestModal } from './RequestModal.tsx';

/** The one-line fields of the request, with their labels. */
const TEXT_FIELDS = [
  ['companyName', 'register.companyName'],
  ['contactName', 'register.contactName'],
  ['email', 'common.email'],
  ['phoneNumber', 'common.phoneNumber'],
] as const;

/** Files an account request for the provider's staff (docs/auth.md: "Register"). */
export default function RegisterModal({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const rule = (field: keyof RegisterInput) => [fieldRule(registerInputSchema, field, locale)];

  return (
    <RequestModal kind="register" visible={visible} onClose={onClose} schema={registerInputSchema} send={register}>
      {TEXT_FIELDS.map(([field, label]) => (
        <Form.Item key={field} field={field} label={t(label)} rules={rule(field)}>
          <Input data-testid={`register-${field}`} />
        </Form.Item>
      ))}
      <Form.Item field="message" label={t('register.message')} rules={rule('message')}>
        <Input.TextArea maxLength={500} showWordLimit autoSize={{ minRows: 2 }} />
      </Form.Item>
    </RequestModal>
  );
}
