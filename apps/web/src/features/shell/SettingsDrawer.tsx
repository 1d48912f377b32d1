import { Button, ColorPicker, Divider, Drawer, InputNumber, Message, Select, Switch } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_DEFAULTS, LOCALES, type Locale } from '@dialwise/contracts';
import { currentLocale, setLocale } from '../../locale/index.ts';
import { settingsSnapshot, useSettings, type AppSettings } from '../../store/settings.ts';
import { loadServerMenu } from './server-menu.ts';

const LOCALE_LABELS: Record<Locale, string> = { 'zh-CN': '中文', 'en-US': 'English' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="settings-row">
      <span>{label}</span>
      {children}
    </div>
  );
}

type SwitchKey = 'navbar' | 'menu' | 'topMenu' | 'tabBar' | 'footer' | 'colorWeak';

export function SettingsDrawer({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { update } = settings;

  const toggle = (key: SwitchKey) => (
    <Switch
      size="small"
      data-testid={`setting-${key}`}
      checked={settings[key]}
      onChange={(value) => update({ [key]: value } as Partial<AppSettings>)}
    />
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(JSON.stringify(settingsSnapshot(useSettings.getState()), null, 2));
      Message.success(t('settings.copied'));
    } catch {
      Message.error(t('settings.copyFailed'));
    }
  };

  const setMenuFromServer = async (on: boolean) => {
    if (!on) {
      update({ menuFromServer: false, serverMenu: [] });
      return;
    }
    if (await loadServerMenu(t)) update({ menuFromServer: true });
  };

  return (
    <Drawer
      width={APP_DEFAULTS.settingsDrawerWidth}
      title={t('settings.title')}
      visible={visible}
      onCancel={onClose}
      footer={
        <div className="settings-footer">
          <Button onClick={() => useSettings.getState().reset()} data-testid="setting-reset">
            {t('settings.reset')}
          </Button>
          <Button type="primary" onClick={() => void copy()} data-testid="setting-copy">
            {t('settings.copy')}
          </Button>
        </div>
      }
      className="settings-drawer"
      data-testid="settings-drawer"
    >
      <Divider orientation="left">{t('settings.look')}</Divider>
      <Row label={t('settings.themeColor')}>
        <ColorPicker
          data-testid="setting-themeColor"
          value={settings.themeColor}
          onChange={(value) => update({ themeColor: String(value) })}
          showPreset
          size="small"
        />
      </Row>
      <Row label={t('settings.dark')}>
        <Switch
          size="small"
          data-testid="setting-theme"
          checked={settings.theme === 'dark'}
          onChange={(dark) => update({ theme: dark ? 'dark' : 'light' })}
        />
      </Row>
      <Row label={t('settings.colorWeak')}>{toggle('colorWeak')}</Row>
      <Row label={t('settings.language')}>
        <Select
          size="small"
          style={{ width: 110 }}
          data-testid="setting-locale"
          value={currentLocale()}
          onChange={(value: Locale) => void setLocale(value)}
          options={LOCALES.map((locale) => ({ label: LOCALE_LABELS[locale], value: locale }))}
        />
      </Row>
      <Divider orientation="left">{t('settings.content')}</Divider>
      <Row label={t('settings.navbar')}>{toggle('navbar')}</Row>
      <Row label={t('settings.menu')}>{toggle('menu')}</Row>
      <Row label={t('settings.topMenu')}>{toggle('topMenu')}</Row>
      <Row label={t('settings.tabBar')}>{toggle('tabBar')}</Row>
      <Row label={t('settings.footer')}>{toggle('footer')}</Row>
      <Row label={t('settings.menuWidth')}>
        <InputNumber
          size="small"
          style={{ width: 90 }}
          data-testid="setting-menuWidth"
          min={160}
          max={400}
          step={10}
          precision={0}
          value={settings.menuWidth}
          onChange={(value) => {
            if (typeof value === 'number' && Number.isFinite(value)) update({ menuWidth: value });
          }}
        />
      </Row>
      <Divider orientation="left">{t('settings.other')}</Divider>
      <Row label={t('settings.menuFromServer')}>
        <Switch
          size="small"
          data-testid="setting-menuFromServer"
          checked={settings.menuFromServer}
          onChange={(on) => void setMenuFromServer(on)}
        />
      </Row>
    </Drawer>
  );
}
