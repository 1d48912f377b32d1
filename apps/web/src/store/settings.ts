import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { APP_DEFAULTS, type AppRoute } from '@dialwise/contracts';

/** The console's settings (theme, colour, menus, tabs…), kept in this browser across reloads. */
export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
  serverMenu: AppRoute[];
}

export const DEFAULT_SETTINGS: AppSettings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  hideMenu: false,
  menuCollapse: false,
  footer: true,
  themeColor: APP_DEFAULTS.themeColor,
  menuWidth: APP_DEFAULTS.menuWidth,
  globalSettings: false,
  device: 'desktop',
  tabBar: true,
  menuFromServer: false,
  serverMenu: [],
};

interface SettingsStore extends AppSettings {
  update(patch: Partial<AppSettings>): void;
  reset(): void;
}

export const SETTINGS_STORAGE_KEY = 'dialwise-settings';

export const useSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) =>
        set((state) => ({
          ...patch,
          // Turning the top menu on un-collapses the menu.
          ...(patch.topMenu ? { menuCollapse: false } : {}),
          ...(patch.menuWidth !== undefined && !Number.isFinite(patch.menuWidth) ? { menuWidth: state.menuWidth } : {}),
        })),
      reset: () => set({ ...DEFAULT_SETTINGS }),
    }),
    {
      name: SETTINGS_STORAGE_KEY,
      // The server menu is fetched again when needed; hideMenu follows the signed-in role.
      partialize: ({ update: _u, reset: _r, serverMenu: _s, hideMenu: _h, ...kept }) => kept,
    },
  ),
);

/** The settings as plain data, for "copy settings". */
export function settingsSnapshot(state: AppSettings): Omit<AppSettings, 'serverMenu'> {
  const { serverMenu: _serverMenu, ...rest } = state;
  return Object.fromEntries(
    Object.keys(DEFAULT_SETTINGS)
      .filter((k) => k !== 'serverMenu')
      .map((k) => [k, rest[k as keyof typeof rest]]),
  ) as Omit<AppSettings, 'serverMenu'>;
}
