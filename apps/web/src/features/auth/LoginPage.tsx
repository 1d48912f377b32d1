import { Button, Checkbox, Form, Input, Link, Message, Modal, Radio, Tabs, Typography } from '@arco-design/web-react';
import { IconLock, IconPhone, IconUser } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROLES, loginInputSchema, type LoginInput, type LoginRole, type SignedInElsewhere } from '@dialwise/contracts';
import { login } from '../../api/user.ts';
import { RequestFailure } from '../../api/client.ts';
import { currentLocale } from '../../locale/index.ts';
import { formatDateTime, zoneOffset } from '../../locale/date-time.ts';
import { useUser } from '../../store/user.ts';
import { fieldRule } from '../../forms/zod-rules.ts';
import { afterLoginPath } from '../shell/guard.ts';
import { Logo } from '../shell/Logo.tsx';
import { ForgotPasswordModal } from './ForgotPasswordModal.tsx';
import { RegisterModal } from './RegisterModal.tsx';
import { RadioChoices } from '../../forms/RadioChoices.tsx';
import { markServerErrors } from '../../forms/server-errors.ts';

/** "Remember me" keeps only the user name on this browser (never the password) and asks for a long session. */
export const REMEMBERED_USER_KEY = 'dialwise-remembered-user';

interface LoginValues {
  username: string;
  password: string;
  role: LoginRole;
  remember: boolean;
}

function remembered(): { username: string; remember: boolean } {
  const username = localStorage.getItem(REMEMBERED_USER_KEY);
  return { username: username ?? '', remember: username !== null };
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [mode, setMode] = useState<'username' | 'phone'>('username');
  const [submitting, setSubmitting] = useState(false);
  const [dialog, setDialog] = useState<'forgot' | 'register' | null>(null);
  const locale = currentLocale();
  const initial = remembered();

  const askToForce = (info: SignedInElsewhere) =>
    new Promise<boolean>((resolve) => {
      Modal.confirm({
        title: t('login.elsewhere.title'),
        content: t('login.elsewhere.content', {
          since: `${formatDateTime(info.since, info.timeZone)} (${zoneOffset(info.timeZone, new Date(info.since))})`,
          agent: info.userAgent ? info.userAgent.slice(0, 80) : t('login.elsewhere.unknownAgent'),
        }),
        okText: t('login.elsewhere.confirm'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'force-login-confirm' } as Record<string, string>,
        cancelButtonProps: { 'data-testid': 'force-login-cancel' } as Record<string, string>,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const submit = async (values: LoginValues) => {
    const input: LoginInput = { username: values.username.trim(), password: values.password, role: values.role, remember: values.remember };
    setSubmitting(true);
    try {
      let answer = await login(input);
      if (answer.kind === 'elsewhere') {
        if (!(await askToForce(answer.info))) return;
        answer = await login({ ...input, force: true });
      }
      if (answer.kind !== 'signedIn') throw new Error('still signed in elsewhere');
      if (values.remember) localStorage.setItem(REMEMBERED_USER_KEY, input.username);
      else localStorage.removeItem(REMEMBERED_USER_KEY);
      const { user } = answer.result;
      useUser.getState().setUser(user);
      Message.success(t('login.welcome', { name: user.alias || user.username }));
      await navigate(afterLoginPath(location.search, user.authLevel), { replace: true });
    } catch (error) {
      // The request layer has already shown the server's message (and a refusal naming a field is marked on it);
      // anything else is unexpected.
      if (!(error instanceof RequestFailure)) Message.error(t('login.error'));
      else markServerErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <div className="login-banner">
        <Logo />
        <div className="login-banner-text">
          <Typography.Title heading={3}>{t('login.subtitle')}</Typography.Title>
          <Typography.Paragraph>{t('app.tagline')}</Typography.Paragraph>
        </div>
      </div>
      <div className="login-panel">
        <div className="login-form-wrapper">
          <Typography.Title heading={4} className="login-title">
            {t('login.title')}
          </Typography.Title>
          <Tabs
            activeTab={mode}
            onChange={(key) => {
              setMode(key as 'username' | 'phone');
              form.resetFields(['username']);
            }}
          >
            <Tabs.TabPane key="username" title={<span data-testid="login-tab-username">{t('login.tab.username')}</span>} />
            <Tabs.TabPane key="phone" title={<span data-testid="login-tab-phone">{t('login.tab.phone')}</span>} />
          </Tabs>
          <Form
            form={form}
            layout="vertical"
            initialValues={{
              username: mode === 'username' ? initial.username : '',
              password: '',
              role: 'admin',
              remember: initial.remember,
            }}
            onSubmit={(values) => void submit(values)}
            autoComplete="on"
          >
            <Form.Item field="role" label={t('login.role')}>
              <Radio.Group type="button">
                <RadioChoices values={LOGIN_ROLES} label={(role) => t(`login.role.${role}`)} testId={(role) => `login-role-${role}`} />
              </Radio.Group>
            </Form.Item>
            <Form.Item field="username" rules={[fieldRule(loginInputSchema, 'username', locale)]}>
              <Input
                data-testid="login-username"
                prefix={mode === 'username' ? <IconUser /> : <IconPhone />}
                placeholder={mode === 'username' ? t('common.username') : t('login.phone')}
                autoComplete={mode === 'username' ? 'username' : 'tel'}
                inputMode={mode === 'phone' ? 'tel' : 'text'}
              />
            </Form.Item>
            <Form.Item field="password" rules={[fieldRule(loginInputSchema, 'password', locale)]}>
              <Input.Password
                data-testid="login-password"
                prefix={<IconLock />}
                placeholder={t('common.password')}
                autoComplete="current-password"
              />
            </Form.Item>
            <div className="login-options">
              <Form.Item field="remember" triggerPropName="checked" noStyle>
                <Checkbox data-testid="login-remember">
                  <span title={t('login.rememberHint')}>{t('login.remember')}</span>
                </Checkbox>
              </Form.Item>
              <Link data-testid="login-forgot" onClick={() => setDialog('forgot')}>
                {t('login.forgot')}
              </Link>
            </div>
            <Button type="primary" htmlType="submit" long loading={submitting} data-testid="login-submit">
              {t('login.submit')}
            </Button>
            <Button type="text" long className="login-register" data-testid="login-register" onClick={() => setDialog('register')}>
              {t('login.register')}
            </Button>
          </Form>
        </div>
        <div className="login-footer">{t('footer.text')}</div>
      </div>
      <ForgotPasswordModal
        visible={dialog === 'forgot'}
        onClose={() => setDialog(null)}
        defaultUsername={String(form.getFieldValue('username') ?? '')}
      />
      <RegisterModal visible={dialog === 'register'} onClose={() => setDialog(null)} />
    </div>
  );
}
