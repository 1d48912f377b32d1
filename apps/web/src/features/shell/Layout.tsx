import { Button, Layout as ArcoLayout, Spin } from '@arco-design/web-react';
import { IconMenuFold, IconMenuUnfold, IconSettings } from '@arco-design/web-react/icon';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RouteEntry } from '@dialwise/contracts';
import { useSettings } from '../../store/settings.ts';
import { RouteBreadcrumb } from './Breadcrumb.tsx';
import { Navbar } from './Navbar.tsx';
import { pageFor } from './pages.tsx';
import { PageRouteContext } from './route-params.ts';
import { SideMenu } from './SideMenu.tsx';
import { TabBar } from './TabBar.tsx';
import { useTabs } from './tabs-store.ts';
import { resolvePath } from './routing.ts';
import { useUser } from '../../store/user.ts';
import { recordVisit } from '../templates/frequent-pages.ts';
import { FooterNotice } from '../templates/FooterNotice.tsx';
import { ArcoProvider } from './ArcoProvider.tsx';

const NAVBAR_HEIGHT = 60;

// The settings drawer (colour picker, number inputs, switches) is fetched when it is first opened, not with every page.
const SettingsDrawer = lazy(() => import('./SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })));

function PageView({ name, titleKey, params }: { name: string; titleKey: string; params: Record<string, string> }) {
  const Page = pageFor(name);
  return (
    <PageRouteContext.Provider value={{ name, titleKey, params }}>
      <Suspense
        fallback={
          <div className="page-loading">
            <Spin />
          </div>
        }
      >
        <Page />
      </Suspense>
    </PageRouteContext.Provider>
  );
}

/**
 * The page area. With the tab bar on, pages of cached tabs stay mounted (hidden) while another tab is
 * shown, so a list keeps its filters; `ignoreCache` routes mount afresh on every visit.
 */
function Pages({ entry, params }: { entry: RouteEntry; params: Record<string, string> }) {
  const tabBar = useSettings((s) => s.tabBar);
  const tabs = useTabs((s) => s.tabs);
  const cached = useTabs((s) => s.cached);
  const active = entry.route.name;
  if (!tabBar) return <PageView key={active} name={active} titleKey={entry.route.meta.locale} params={params} />;

  const kept = tabs.filter((tab) => tab.name === active || cached.includes(tab.name));
  const activeTab = tabs.find((tab) => tab.name === active);
  return (
    <>
      {kept.map((tab) => {
        const resolved = resolvePath(tab.fullPath.split('?')[0]!);
        const tabParams = tab.name === active ? params : resolved.kind === 'app' ? resolved.params : {};
        return (
          <div key={`${tab.name}:${tab.version}`} hidden={tab.name !== active} className="page-slot">
            <PageView name={tab.name} titleKey={tab.titleKey} params={tabParams} />
          </div>
        );
      })}
      {!activeTab && <PageView key={active} name={active} titleKey={entry.route.meta.locale} params={params} />}
    </>
  );
}

function Frame({ entry, params }: { entry: RouteEntry; params: Record<string, string> }) {
  const { t } = useTranslation();
  const location = useLocation();
  const settings = useSettings();
  const dispatch = useTabs((s) => s.dispatch);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Mounted from its first opening on, so it closes with its animation like any drawer.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const openSettings = () => {
    setSettingsUsed(true);
    setSettingsOpen(true);
  };
  const contentRef = useRef<HTMLDivElement>(null);

  const showMenu = settings.menu && !settings.hideMenu && !settings.topMenu;
  const menuWidth = settings.menuCollapse ? 48 : settings.menuWidth;
  const fullPath = `${location.pathname}${location.search}`;

  useEffect(() => {
    dispatch({ type: 'visit', name: entry.route.name, fullPath, meta: entry.route.meta });
  }, [dispatch, entry, fullPath]);

  // Counted once per page opened, for the workplace's quick links.
  const userId = useUser((s) => s.user?.id);
  useEffect(() => recordVisit(userId, entry.route.name), [userId, entry.route.name]);

  // Scroll to the top on every navigation.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    contentRef.current?.scrollTo?.({ top: 0 });
  }, [location.pathname]);

  const paddingTop = settings.navbar ? NAVBAR_HEIGHT : 0;
  // Drawers open below the navbar (styles.css reads this), so its language, theme and settings buttons stay
  // in reach while a 720-px drawer is open; and whatever is scrolled into view (a focused field, a clicked
  // control) stops below the fixed navbar, not under it (the page's scroll padding).
  useEffect(() => {
    document.documentElement.style.setProperty('--layout-navbar-height', `${paddingTop}px`);
    return () => {
      document.documentElement.style.removeProperty('--layout-navbar-height');
    };
  }, [paddingTop]);
  return (
    <ArcoLayout className="layout">
      {settings.navbar && (
        <div className="layout-navbar">
          <Navbar onOpenSettings={openSettings} />
        </div>
      )}
      <ArcoLayout>
        {showMenu && (
          <ArcoLayout.Sider
            className="layout-sider"
            width={menuWidth}
            collapsed={settings.menuCollapse}
            collapsible
            trigger={null}
            style={{ paddingTop }}
          >
            <div className="layout-menu-wrapper">
              <SideMenu />
            </div>
            <div
              className="collapse-btn"
              role="button"
              tabIndex={0}
              onClick={() => settings.update({ menuCollapse: !settings.menuCollapse })}
            >
              {settings.menuCollapse ? <IconMenuUnfold /> : <IconMenuFold />}
            </div>
          </ArcoLayout.Sider>
        )}
        <ArcoLayout className="layout-content" style={{ paddingLeft: showMenu ? menuWidth : 0, paddingTop }} ref={contentRef}>
          {settings.tabBar && <TabBar activeName={entry.route.name} />}
          <div className="layout-content-wrapper">
            <RouteBreadcrumb entry={entry} />
            <ArcoLayout.Content>
              <Pages entry={entry} params={params} />
            </ArcoLayout.Content>
          </div>
          {settings.footer && (
            <ArcoLayout.Footer className="footer" data-testid="footer">
              {t('footer.text')}
              <FooterNotice />
            </ArcoLayout.Footer>
          )}
        </ArcoLayout>
      </ArcoLayout>
      {!settings.navbar && (
        <Button
          className="settings-float"
          shape="circle"
          type="primary"
          size="large"
          icon={<IconSettings />}
          aria-label={t('nav.settings')}
          data-testid="settings-float"
          onClick={openSettings}
        />
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingsDrawer visible={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </ArcoLayout>
  );
}

// Server state of the signed-in pages (the login page has none: TanStack Query comes with this chunk). Failures are
// already shown by the request layer, so queries do not retry them blindly.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

export function AppLayout(props: { entry: RouteEntry; params: Record<string, string> }) {
  return (
    <ArcoProvider>
      <QueryClientProvider client={queryClient}>
        <Frame {...props} />
      </QueryClientProvider>
    </ArcoProvider>
  );
}
