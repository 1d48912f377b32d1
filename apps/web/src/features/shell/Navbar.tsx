import { Avatar, Dropdown, Menu, Tooltip, Typography } from '@arco-design/web-react';
import { IconExport, IconLanguage, IconMoonFill, IconSettings, IconSunFill, IconSwap, IconUser } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOCALES, type Locale } from '@dialwise/contracts';
import { currentLocale, setLocale } from '../../locale/index.ts';
import { useSettings } from '../../store/settings.ts';
import { useUser } from '../../store/user.ts';
import { signOut } from '../auth/session.ts';
import { TopMenu } from './SideMenu.tsx';
import { Logo } from './Logo.tsx';
import { OperatorNav } from '../seat/OperatorNav.tsx';
import { AccessRequestNotice } from '../access-requests/AccessRequestNotice.tsx';
import { MessageBox } from '../templates/MessageBox.tsx';
import { NAVBAR_POPUP } from './navbar-popup.ts';
import { NavbarButton } from './NavbarButton.tsx';

const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

export function Navbar({ onOpenSettings }: { onOpenSettings(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useSettings((s) => s.theme);
  const themeLabel = theme === 'dark' ? t('nav.theme.toLight') : t('nav.theme.toDark');
  const topMenu = useSettings((s) => s.topMenu);
  const update = useSettings((s) => s.update);
  const user = useUser((s) => s.user);
  const role = useUser((s) => s.role);

  const userMenu = (
    <Menu
      onClickMenuItem={async (key) => {
        if (key === 'selfInfo') await navigate('/system/self-info');
        if (key === 'switchRole') useUser.getState().switchRole();
        if (key === 'logout') {
          await signOut();
          await navigate('/login', { replace: true });
        }
      }}
    >
      <Menu.Item key="selfInfo">
        <IconUser className="menu-icon" />
        {t('nav.selfInfo')}
      </Menu.Item>
      {role !== 'OPR' && role !== 'ADMIN' && (
        <Menu.Item key="switchRole">
          <IconSwap className="menu-icon" />
          {t('nav.switchRole')}
        </Menu.Item>
      )}
      <Menu.Item key="logout" data-testid="nav-logout">
        <IconExport className="menu-icon" />
        {t('nav.logout')}
      </Menu.Item>
    </Menu>
  );

  return (
    <div className="navbar">
      <div className="navbar-left">
        <Logo />
        {topMenu && <TopMenu />}
        {!topMenu && role === 'OPR' && <OperatorNav />}
      </div>
      <ul className="navbar-right">
        {(role === 'ADMIN' || role === 'DEV') && (
          <li>
            <AccessRequestNotice />
          </li>
        )}
        <li>
          <MessageBox />
        </li>
        <li>
          <Dropdown
            trigger="click"
            triggerProps={NAVBAR_POPUP}
            droplist={
              <Menu onClickMenuItem={(key) => void setLocale(key as Locale)} selectedKeys={[currentLocale()]}>
                {LOCALES.map((locale) => (
                  <Menu.Item key={locale} data-testid={`locale-${locale}`}>
                    {LOCALE_LABELS[locale]}
                  </Menu.Item>
                ))}
              </Menu>
            }
          >
            <NavbarButton icon={<IconLanguage />} label={t('nav.language')} data-testid="nav-locale" />
          </Dropdown>
        </li>
        <li>
          <Tooltip content={themeLabel}>
            <NavbarButton
              data-testid="nav-theme"
              label={themeLabel}
              icon={theme === 'dark' ? <IconSunFill /> : <IconMoonFill />}
              onClick={() => update({ theme: theme === 'dark' ? 'light' : 'dark' })}
            />
          </Tooltip>
        </li>
        <li>
          <Tooltip content={t('nav.settings')}>
            <NavbarButton icon={<IconSettings />} label={t('nav.settings')} data-testid="nav-settings" onClick={onOpenSettings} />
          </Tooltip>
        </li>
        <li>
          <Dropdown droplist={userMenu} position="br" triggerProps={NAVBAR_POPUP}>
            <div className="navbar-user" data-testid="nav-user" tabIndex={0}>
              <Avatar size={32} style={{ backgroundColor: 'rgb(var(--primary-6))' }}>
                {(user?.alias || user?.username || '?').slice(0, 1).toUpperCase()}
              </Avatar>
              <div className="navbar-user-text">
                <Typography.Text className="navbar-user-name">{user?.alias || user?.username}</Typography.Text>
                {role && (
                  <Typography.Text type="secondary" className="navbar-user-role">
                    {t(`nav.role.${role}`)}
                  </Typography.Text>
                )}
              </div>
            </div>
          </Dropdown>
        </li>
      </ul>
    </div>
  );
}
