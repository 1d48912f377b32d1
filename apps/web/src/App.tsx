import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { setRequestEffects } from './api/client.ts';
import { forgetSession, signOut } from './features/auth/session.ts';
import { useApplySettings } from './features/shell/apply-settings.ts';
import { Shell } from './features/shell/Shell.tsx';
import { feedback, toast } from './features/shell/toasts.ts';

/** Wires the request layer's effects (toasts, the "Confirm logout" modal, navigation) to this app. */
function RequestEffects() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    let confirmOpen = false;
    setRequestEffects({
      locale: () => i18n.language,
      translate: (key) => t(key),
      toastError: (message, durationMs) => toast('error', message, durationMs),
      confirmLogout: (onRelogin) => {
        if (confirmOpen) return;
        confirmOpen = true;
        void feedback().then(({ Modal }) =>
          Modal.confirm({
            title: t('request.confirmLogout.title'),
            content: t('request.confirmLogout.content'),
            okText: t('request.confirmLogout.relogin'),
            cancelText: t('common.cancel'),
            okButtonProps: { 'data-testid': 'relogin' } as Record<string, string>,
            onOk: onRelogin,
            afterClose: () => {
              confirmOpen = false;
            },
          }),
        );
      },
      toSiteRoot: () => {
        forgetSession();
        void navigate('/', { replace: true });
      },
      relogin: () => {
        void signOut().finally(() => window.location.reload());
      },
    });
  }, [i18n, navigate, t]);
  return null;
}

export function App() {
  const { i18n } = useTranslation();
  useApplySettings();
  void i18n.language; // re-render on language change
  return (
    <BrowserRouter>
      <RequestEffects />
      <Routes>
        <Route path="*" element={<Shell />} />
      </Routes>
    </BrowserRouter>
  );
}
