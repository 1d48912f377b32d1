import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeNames } from '@dialwise/contracts';
import { getSelfInfo } from '../../api/user.ts';
import { hasToken } from '../../api/token.ts';
import { useSettings } from '../../store/settings.ts';
import { useUser } from '../../store/user.ts';
import { loadConsoleMessages } from '../../locale/index.ts';
import { forgetSession } from '../auth/session.ts';
// In the first chunk: the login page is where a cold visit starts. It draws nothing with Arco (LoginPage.tsx).
import LoginPage from '../auth/LoginPage.tsx';
import { decideNavigation, loginPathFor } from './guard.ts';
import { resolvePath } from './routing.ts';
import { loadServerMenu } from './server-menu.ts';

const ExceptionPage = lazy(() => import('../exception/ExceptionPage.tsx'));
// The frame of the signed-in console (navbar, menu, tabs, settings) and the areas' strings: the login page needs
// neither, so both come when a signed-in page is first shown (page weight: the login page stays small).
const AppLayout = lazy(async () => {
  const [layout] = await Promise.all([import('./Layout.tsx'), loadConsoleMessages()]);
  return { default: layout.AppLayout };
});

function FullPageSpin() {
  return (
    <div className="full-page-spin" role="status">
      <span className="spinner" />
    </div>
  );
}

/** Sends the browser on from /redirect/<path> (the tab bar's reload) without leaving a history entry. */
function RedirectTo({ target, search }: { target: string; search: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(`${target}${search}`, { replace: true });
  }, [navigate, target, search]);
  return <FullPageSpin />;
}

/** The one place where the route table, the guard and the layout meet. */
export function Shell() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const role = useUser((s) => s.role);
  const menuFromServer = useSettings((s) => s.menuFromServer);
  const serverMenu = useSettings((s) => s.serverMenu);
  const loading = useRef(false);

  const resolved = resolvePath(location.pathname);
  const decision = decideNavigation({
    resolved,
    pathname: location.pathname,
    search: location.search,
    hasToken: hasToken(),
    role,
    menuFromServer,
    serverMenuNames: routeNames(serverMenu),
  });

  useEffect(() => {
    if (decision.kind === 'navigate') void navigate(decision.to, { replace: true });
  }, [decision, navigate]);

  useEffect(() => {
    if (decision.kind !== 'loadUser' || loading.current) return;
    loading.current = true;
    const target = { pathname: location.pathname, search: location.search };
    void (async () => {
      try {
        const user = await getSelfInfo();
        if (useSettings.getState().menuFromServer) await loadServerMenu(t);
        useUser.getState().setUser(user);
      } catch {
        // The user info could not be fetched: sign out and go to login, target kept.
        forgetSession();
        const onLogin = resolvePath(target.pathname).kind === 'login';
        await navigate(onLogin ? `${target.pathname}${target.search}` : loginPathFor(target.pathname, target.search), { replace: true });
      } finally {
        loading.current = false;
      }
    })();
  }, [decision.kind, location.pathname, location.search, navigate, t]);

  let content;
  if (resolved.kind === 'login' && decision.kind === 'allow') content = <LoginPage />;
  else if (decision.kind === 'notFound') content = <ExceptionPage status="404" standalone />;
  else if (decision.kind !== 'allow') content = <FullPageSpin />;
  else if (resolved.kind === 'redirect') content = <RedirectTo target={resolved.target} search={location.search} />;
  else if (resolved.kind === 'app') content = <AppLayout entry={resolved.entry} params={resolved.params} />;
  else content = <ExceptionPage status="404" standalone />;

  return <Suspense fallback={<FullPageSpin />}>{content}</Suspense>;
}
