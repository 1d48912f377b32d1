import type { RouteMeta } from '@dialwise/contracts';

export interface Tab {
  name: string;
  fullPath: string;
  titleKey: string;
  /** Bumped by "reload": the page is mounted afresh. */
  version: number;
}

export interface TabsState {
  tabs: Tab[];
  /** Names of routes whose pages stay mounted while another tab is shown (not `ignoreCache`). */
  cached: string[];
}

export const EMPTY_TABS: TabsState = { tabs: [], cached: [] };

export type TabsAction =
  | { type: 'visit'; name: string; fullPath: string; meta: RouteMeta }
  | { type: 'close'; name: string }
  | { type: 'closeOthers'; name: string }
  | { type: 'reload'; name: string }
  | { type: 'reset' };

/** The tab bar keeps visited routes, skips the redirect helper and does not cache ignoreCache routes. */
export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'visit': {
      if (action.meta.noTab || action.name === 'redirect' || action.fullPath.startsWith('/redirect/')) return state;
      const existing = state.tabs.find((tab) => tab.name === action.name);
      const tabs = existing
        ? state.tabs.map((tab) => (tab.name === action.name ? { ...tab, fullPath: action.fullPath } : tab))
        : [...state.tabs, { name: action.name, fullPath: action.fullPath, titleKey: action.meta.locale, version: 0 }];
      const cached = action.meta.ignoreCache || state.cached.includes(action.name) ? state.cached : [...state.cached, action.name];
      if (existing && existing.fullPath === action.fullPath && cached === state.cached) return state;
      return { tabs, cached };
    }
    case 'close':
      return {
        tabs: state.tabs.filter((tab) => tab.name !== action.name),
        cached: state.cached.filter((name) => name !== action.name),
      };
    case 'closeOthers':
      return {
        tabs: state.tabs.filter((tab) => tab.name === action.name),
        cached: state.cached.filter((name) => name === action.name),
      };
    case 'reload':
      return { ...state, tabs: state.tabs.map((tab) => (tab.name === action.name ? { ...tab, version: tab.version + 1 } : tab)) };
    case 'reset':
      return EMPTY_TABS;
  }
}

/** After closing `name`, which tab to show: the right-hand neighbour, else the left one, else none. */
export function neighbourAfterClose(tabs: readonly Tab[], name: string): Tab | undefined {
  const index = tabs.findIndex((tab) => tab.name === name);
  if (index < 0) return undefined;
  return tabs[index + 1] ?? tabs[index - 1];
}
