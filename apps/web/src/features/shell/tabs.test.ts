import { describe, expect, it } from 'vitest';
import type { RouteMeta } from '@dialwise/contracts';
import { EMPTY_TABS, neighbourAfterClose, tabsReducer } from './tabs.ts';

const meta = (extra: Partial<RouteMeta> = {}) => ({ locale: 'menu.x', requiresAuth: true, ...extra }) as RouteMeta;

describe('tab bar', () => {
  it('keeps visited routes once each, updating the path of a revisited one', () => {
    let state = tabsReducer(EMPTY_TABS, { type: 'visit', name: 'a', fullPath: '/a', meta: meta() });
    state = tabsReducer(state, { type: 'visit', name: 'b', fullPath: '/b', meta: meta() });
    state = tabsReducer(state, { type: 'visit', name: 'a', fullPath: '/a?q=1', meta: meta() });
    expect(state.tabs.map((tab) => tab.fullPath)).toEqual(['/a?q=1', '/b']);
    expect(state.cached).toEqual(['a', 'b']);
  });
  it('skips the redirect helper', () => {
    expect(tabsReducer(EMPTY_TABS, { type: 'visit', name: 'redirect', fullPath: '/redirect/a', meta: meta() })).toBe(EMPTY_TABS);
  });
  it('shows but never caches an ignoreCache route', () => {
    const state = tabsReducer(EMPTY_TABS, {
      type: 'visit',
      name: 'companyList',
      fullPath: '/operation/companyList',
      meta: meta({ ignoreCache: true }),
    });
    expect(state.tabs).toHaveLength(1);
    expect(state.cached).toEqual([]);
  });
  it('closes a tab and its cache, closes the others, reloads by bumping a version', () => {
    let state = EMPTY_TABS;
    for (const name of ['a', 'b', 'c']) state = tabsReducer(state, { type: 'visit', name, fullPath: `/${name}`, meta: meta() });
    expect(neighbourAfterClose(state.tabs, 'b')?.name).toBe('c');
    expect(neighbourAfterClose(state.tabs, 'c')?.name).toBe('b');
    const closed = tabsReducer(state, { type: 'close', name: 'b' });
    expect(closed.cached).toEqual(['a', 'c']);
    expect(tabsReducer(state, { type: 'closeOthers', name: 'b' }).tabs.map((tab) => tab.name)).toEqual(['b']);
    expect(tabsReducer(state, { type: 'reload', name: 'a' }).tabs[0]!.version).toBe(1);
  });
});
