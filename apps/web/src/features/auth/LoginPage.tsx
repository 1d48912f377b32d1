import { Suspense, lazy, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOGIN_ROLES, formatIssue, loginInputSchema, type LoginInput, type LoginRole, type SignedInElsewhere } from '@dialwise/contracts';
import { login } from '../../api/user.ts';
import { RequestFailure } from '../../api/client.ts';
import { currentLocale } from '../../locale/index.ts';
import { formatDateTime, zoneOffset } from '../../locale/date-time.ts';
import { useUser } from '../../store/user.ts';
import { afterLoginPath } from '../shell/guard.ts';
import { Logo } from '../shell/Logo.tsx';
import { toast } from '../shell/toasts.ts';
import { markServerErrors } from '../../forms/server-errors.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import './login.css';

// The sign-in page is the first thing a cold visit loads, so it is drawn with plain elements in Arco's look
// (login.css) rather than with Arco's Form, Tabs and Input: those, with their styles, weigh more than the rest of
// the page together. The dialogs it opens are Arco forms and come when first opened.
const ForgotPasswordModal = lazy(() => import('./ForgotPasswordModal.tsx'));
const RegisterModal = lazy(() => import('./RegisterModal.tsx'));

/** "Remember me" keeps only the user name on this browser (never the password) and asks for a long session. */
export const REMEMBERED_USER_KEY = 'dialwise-remembered-user';

type Mode = 'username' | 'phone';
type CheckedField = 'username' | 'password';

function remembered(): { username: string; remember: boolean } {
  const username = localStorage.getItem(REMEMBERED_USER_KEY);
  return { username: username ?? '', remember: username !== null };
}

/** The field's message from the same schema the server checks, in the page's language; undefined when it passes. */
function fieldError(field: CheckedField, value: string): string | undefined {
  const result = loginInputSchema.shape[field].safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  return formatIssue({ ...issue, path: [field, ...issue.path] }, currentLocale());
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg className="login-icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const ICONS = {
  user: (
    <Icon>
      <path d="M7 37c0-4.97 4.03-8 9-8h16c4.97 0 9 3.03 9 8v3a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-3Z" />
      <circle cx="24" cy="15" r="8" />
    </Icon>
  ),
  phone: (
    <Icon>
      <path d="M29.19 30.62a2 2 0 0 1 2.32-.4l6.6 3.3a2 2 0 0 1 1.07 2.2l-.9 4.38A2 2 0 0 1 36.24 42C19.53 41.28 6.72 28.47 6 11.76A2 2 0 0 1 7.9 9.72l4.38-.9a2 2 0 0 1 2.2 1.07l3.3 6.6a2 2 0 0 1-.4 2.32l-3.4 3.4a22 22 0 0 0 11.8 11.8l3.4-3.4Z" />
    </Icon>
  ),
  lock: (
    <Icon>
      <rect x="7" y="21" width="34" height="20" rx="1" />
      <path d="M15 21v-6a9 9 0 0 1 18 0v6M24 35v-8" />
    </Icon>
  ),
  eye: (
    <Icon>
      <path d="M24 37c-7.4 0-14-4.6-19-13 5-8.4 11.6-13 19-13s14 4.6 19 13c-5 8.4-11.6 13-19 13Z" />
      <circle cx="24" cy="24" r="5" />
    </Icon>
  ),
  eyeOff: (
    <Icon>
      <path d="M14 14.5C10.6 16.6 7.6 19.8 5 24c5 8.4 11.6 13 19 13 4 0 7.7-1.3 11-3.8M19.5 11.6A19 19 0 0 1 24 11c7.4 0 14 4.6 19 13-1.3 2.2-2.7 4.1-4.2 5.8M7 7l34 34M20.5 20.5a5 5 0 0 0 7 7" />
    </Icon>
  ),
};

/** A text field in Arco's look: icon, input, optional end button, and its message underneath. */
function Field(props: { id: string; icon: ReactNode; error: string | undefined; children: ReactNode; suffix?: ReactNode }) {
  return (
    <div className={`login-field${props.error ? ' login-field-error' : ''}`}>
      <div className="login-input">
        {props.icon}
        {props.children}
        {props.suffix}
      </div>
      <div className="login-field-message" id={`${props.id}-message`} role={props.error ? 'alert' : undefined}>
        {props.error}
      </div>
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const initial = useState(remembered)[0];
  const [mode, setMode] = useState<Mode>('username');
  const [role, setRole] = useState<LoginRole>('admin');
  const [username, setUsername] = useState(initial.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(initial.remember);
  const [showPassword, setShowPassword] = useState(false);
  // A field shows its message once it has been left or the form sent, then follows every keystroke (as Arco's do).
  const [touched, setTouched] = useState<Record<CheckedField, boolean>>({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [dialog, setDialog] = useState<'forgot' | 'register' | null>(null);
  // A refusal of the server's that names a field (marked until that field is edited).
  const [refused, setRefused] = useState<Partial<Record<CheckedField, string>>>({});
  const [elsewhere, setElsewhere] = useState<{ info: SignedInElsewhere; answer(force: boolean): void } | null>(null);

  const errors = {
    username: refused.username ?? (touched.username ? fieldError('username', username) : undefined),
    password: refused.password ?? (touched.password ? fieldError('password', password) : undefined),
  };

  const askToForce = (info: SignedInElsewhere) =>
    new Promise<boolean>((resolve) => {
      setElsewhere({
        info,
        answer: (force) => {
          setElsewhere(null);
          resolve(force);
        },
      });
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ username: true, password: true });
    if (fieldError('username', username) || fieldError('password', password)) return;
    const input: LoginInput = { username: username.trim(), password, role, remember };
    setSubmitting(true);
    try {
      let answer = await login(input);
      if (answer.kind === 'elsewhere') {
        if (!(await askToForce(answer.info))) return;
        answer = await login({ ...input, force: true });
      }
      if (answer.kind !== 'signedIn') throw new Error('still signed in elsewhere');
      if (remember) localStorage.setItem(REMEMBERED_USER_KEY, input.username);
      else localStorage.removeItem(REMEMBERED_USER_KEY);
      const { user } = answer.result;
      useUser.getState().setUser(user);
      toast('success', t('login.welcome', { name: user.alias || user.username }));
      await navigate(afterLoginPath(location.search, user.authLevel), { replace: true });
    } catch (error) {
      // The request layer has already shown the server's message (and a refusal naming a field is marked on it);
      // anything else is unexpected.
      if (!(error instanceof RequestFailure)) toast('error', t('login.error'));
      else
        markServerErrors(
          {
            setFields: (marks: Record<string, { error: { message: string } }>) =>
              setRefused({ username: marks.username?.error.message, password: marks.password?.error.message }),
          },
          error,
        );
    } finally {
      setSubmitting(false);
    }
  };

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    setMode(next);
    setUsername('');
    setTouched((was) => ({ ...was, username: false }));
  };

  const since = elsewhere ? new Date(elsewhere.info.since) : undefined;

  return (
    <div className="login-page">
      <div className="login-banner">
        <Logo />
        <div className="login-banner-text">
          <h3>{t('login.subtitle')}</h3>
          <p>{t('app.tagline')}</p>
        </div>
      </div>
      <div className="login-panel">
        <div className="login-form-wrapper">
          <h4 className="login-title">{t('login.title')}</h4>
          <div className="login-tabs" role="tablist">
            {(['username', 'phone'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={mode === key}
                className={`login-tab${mode === key ? ' login-tab-active' : ''}`}
                data-testid={`login-tab-${key}`}
                onClick={() => switchMode(key)}
              >
                {t(`login.tab.${key}`)}
              </button>
            ))}
          </div>
          <form className="login-form" onSubmit={(event) => void submit(event)} autoComplete="on" noValidate>
            <div className="login-label" id={`${id}-role`}>
              {t('login.role')}
            </div>
            <div className="login-segmented" role="radiogroup" aria-labelledby={`${id}-role`}>
              {LOGIN_ROLES.map((value) => (
                <label
                  key={value}
                  className={`login-segment${role === value ? ' login-segment-checked' : ''}`}
                  data-testid={`login-role-${value}`}
                >
                  <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />
                  {t(`login.role.${value}`)}
                </label>
              ))}
            </div>
            <Field id={`${id}-username`} icon={mode === 'username' ? ICONS.user : ICONS.phone} error={errors.username}>
              <input
                data-testid="login-username"
                name="username"
                value={username}
                placeholder={mode === 'username' ? t('common.username') : t('login.phone')}
                aria-label={mode === 'username' ? t('common.username') : t('login.phone')}
                aria-invalid={errors.username !== undefined}
                aria-describedby={`${id}-username-message`}
                autoComplete={mode === 'username' ? 'username' : 'tel'}
                inputMode={mode === 'phone' ? 'tel' : 'text'}
                onChange={(event) => {
                  setUsername(event.target.value);
                  setRefused((was) => ({ ...was, username: undefined }));
                }}
                onBlur={() => setTouched((was) => ({ ...was, username: true }))}
              />
            </Field>
            <Field
              id={`${id}-password`}
              icon={ICONS.lock}
              error={errors.password}
              suffix={
                <button
                  type="button"
                  className="login-reveal"
                  aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
                  aria-pressed={showPassword}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? ICONS.eye : ICONS.eyeOff}
                </button>
              }
            >
              <input
                data-testid="login-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                value={password}
                placeholder={t('common.password')}
                aria-label={t('common.password')}
                aria-invalid={errors.password !== undefined}
                aria-describedby={`${id}-password-message`}
                autoComplete="current-password"
                onChange={(event) => {
                  setPassword(event.target.value);
                  setRefused((was) => ({ ...was, password: undefined }));
                }}
                onBlur={() => setTouched((was) => ({ ...was, password: true }))}
              />
            </Field>
            <div className="login-options">
              <label className="login-checkbox" title={t('login.rememberHint')} data-testid="login-remember">
                <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
                <span className="login-checkbox-mark" aria-hidden="true" />
                {t('login.remember')}
              </label>
              <button type="button" className="login-link" data-testid="login-forgot" onClick={() => setDialog('forgot')}>
                {t('login.forgot')}
              </button>
            </div>
            <button type="submit" className="login-submit" disabled={submitting} aria-busy={submitting} data-testid="login-submit">
              {submitting && <span className="spinner spinner-small" aria-hidden="true" />}
              {t('login.submit')}
            </button>
            <button type="button" className="login-link login-register" data-testid="login-register" onClick={() => setDialog('register')}>
              {t('login.register')}
            </button>
          </form>
        </div>
        <div className="login-footer">{t('footer.text')}</div>
      </div>
      <Suspense fallback={null}>
        {dialog === 'forgot' && <ForgotPasswordModal visible onClose={() => setDialog(null)} defaultUsername={username} />}
        {dialog === 'register' && <RegisterModal visible onClose={() => setDialog(null)} />}
      </Suspense>
      {elsewhere && since && (
        <ConfirmDialog
          title={t('login.elsewhere.title')}
          confirmText={t('login.elsewhere.confirm')}
          cancelText={t('common.cancel')}
          confirmTestId="force-login-confirm"
          cancelTestId="force-login-cancel"
          onAnswer={elsewhere.answer}
        >
          {t('login.elsewhere.content', {
            since: `${formatDateTime(elsewhere.info.since, elsewhere.info.timeZone)} (${zoneOffset(elsewhere.info.timeZone, since)})`,
            agent: elsewhere.info.userAgent ? elsewhere.info.userAgent.slice(0, 80) : t('login.elsewhere.unknownAgent'),
          })}
        </ConfirmDialog>
      )}
    </div>
  );
}
