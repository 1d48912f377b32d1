import { create } from 'zustand';
import { EMPTY_TABS, tabsReducer, type TabsAction, type TabsState } from './tabs.ts';

export const useTabs = create<TabsState & { dispatch(action: TabsAction): void }>()((set) => ({
  ...EMPTY_TABS,
  dispatch: (action) => set((state) => tabsReducer({ tabs: state.tabs, cached: state.cached }, action)),
}));
