import { Button, Card, Form, Input, Message, Typography } from '@arco-design/web-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePasswordInputSchema, translate, type ChangePasswordInput } from '@dialwise/contracts';
import { currentLocale } from '../../locale/index.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { markIssues } from '../../forms/check-form.ts';
import { changePassword } from './api.ts';

/** Change my password: the current one is checked by the server; my other sessions end, this one stays. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordInput>();
  const locale = currentLocale();
  const rule = (field: keyof ChangePasswordInput) => fieldRule(changePasswordInputSchema, field, locale);

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      Message.success(t('profile.passwordChanged'));
      form.resetFields();
    },
    onError: (error) => markServerErrors(form, error),
  });

  // The schema checks "confirm must match" across fields; the form checks it on the confirmation field.
  const confirmMatches = {
    validator(value: unknown, callback: (error?: string) => void) {
      if (value && value !== form.getFieldValue('newPassword')) callback(translate('v.password.confirm', locale));
      else callback();
    },
  };

  return (
    <Card className="profile-card" title={t('profile.security')} data-testid="password-card">
      <Typography.Paragraph type="secondary">{t('profile.securityIntro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        className="profile-password-form"
        autoComplete="off"
        scrollToFirstError
        onSubmit={(values) => {
          const parsed = changePasswordInputSchema.safeParse(values);
          if (parsed.success) change.mutate(parsed.data);
          else markIssues(form, parsed.error.issues, locale);
        }}
      >
        <Form.Item field="currentPassword" label={t('profile.currentPassword')} rules={[rule('currentPassword')]}>
          <Input.Password data-testid="password-current" autoComplete="current-password" />
        </Form.Item>
        <Form.Item field="newPassword" label={t('profile.newPassword')} extra={t('profile.newPasswordHint')} rules={[rule('newPassword')]}>
          <Input.Password data-testid="password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          field="confirmPassword"
          label={t('profile.confirmPassword')}
          dependencies={['newPassword']}
          rules={[rule('confirmPassword'), confirmMatches]}
        >
          <Input.Password data-testid="password-confirm" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {t('profile.changePassword')}
        </Button>
      </Form>
    </Card>
  );
}
